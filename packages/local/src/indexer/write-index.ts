/** Writes a built index as files, and reads one back for the server (Node only). */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import {
  FACETS_PATH,
  MANIFEST_PATH,
  assertManifest,
  decodeFacets,
  decodeRecordShard,
  encodeFacets,
  encodeRecordShard,
  recordShardPath,
  termShardPath,
  type BuiltIndex,
  type FacetData,
  type IndexManifest,
  type IndexSource,
  type RecordShardFile,
  type TermShard,
} from '../engine/format.js';
import type { DocRecord } from '../records.js';
import { IndexFormatError } from '../engine/errors.js';

export interface WrittenIndex {
  files: number;
  bytes: number;
  gzipBytes: number;
}

/** Every file of an index, path → JSON text. */
export function serializeIndex(index: BuiltIndex): Map<string, string> {
  const files = serializeIndexWithoutRecords(index);
  index.recordShards.forEach((records, shard) => files.set(recordShardPath(shard), serializeRecordShard(records)));
  return files;
}

/** The files of an index but its record shards (written as they fill, see `buildSiteIndex`). */
export function serializeIndexWithoutRecords(index: Omit<BuiltIndex, 'recordShards'>): Map<string, string> {
  const files = new Map<string, string>();
  files.set(MANIFEST_PATH, JSON.stringify(index.manifest));
  files.set(FACETS_PATH, JSON.stringify(encodeFacets(index.facets)));
  // One entry per line: gzip finds the repeats between entries as well, and a diff stays readable.
  for (const [key, shard] of index.termShards) files.set(termShardPath(key), `{"terms":[\n${shard.terms.map((entry) => JSON.stringify(entry)).join(',\n')}\n]}`);
  return files;
}

export function serializeRecordShard(records: readonly DocRecord[]): string {
  return JSON.stringify(encodeRecordShard(records));
}

const gzipAsync = promisify(gzip);
/** Files written (and gzipped, for the report) at once: enough to keep the disk and libuv's threads busy. */
const WRITES_IN_FLIGHT = 16;

/** Writes the files of one index as they come, a few at a time; `finish` waits for the last. */
export interface IndexWriter {
  /** Resolves once the file is under way and there is room for another. */
  write(path: string, text: string): Promise<void>;
  finish(): Promise<WrittenIndex>;
}

/**
 * Starts replacing the index in `outDir`: removes its `terms/` and `records/` folders now, then
 * writes each file given. The gzipped size (for the report) is computed on libuv's threads, off
 * the main thread, while it goes on building.
 */
export async function createIndexWriter(outDir: string): Promise<IndexWriter> {
  await rm(join(outDir, 'terms'), { recursive: true, force: true });
  await rm(join(outDir, 'records'), { recursive: true, force: true });
  const folders = new Map<string, Promise<unknown>>();
  const pending = new Set<Promise<void>>();
  let failure: unknown = null;
  let files = 0;
  let bytes = 0;
  let gzipBytes = 0;
  const writeOne = async (path: string, text: string): Promise<void> => {
    const target = join(outDir, path);
    const folder = dirname(target);
    let made = folders.get(folder);
    if (!made) folders.set(folder, (made = mkdir(folder, { recursive: true })));
    await made;
    const [compressed] = await Promise.all([gzipAsync(text), writeFile(target, text)]);
    files++;
    bytes += Buffer.byteLength(text);
    gzipBytes += compressed.length;
  };
  const settle = async (): Promise<void> => {
    await Promise.all(pending);
    if (failure) throw failure;
  };
  return {
    async write(path, text) {
      if (failure) throw failure;
      const task = writeOne(path, text).then(
        () => void pending.delete(task),
        (error: unknown) => {
          pending.delete(task);
          failure ??= error;
        },
      );
      pending.add(task);
      while (pending.size >= WRITES_IN_FLIGHT) await Promise.race(pending);
      if (failure) throw failure;
    },
    async finish() {
      await settle();
      return { files, bytes, gzipBytes };
    },
  };
}

/** Replaces the index in `outDir` (its `terms/` and `records/` folders and files) with this one. */
export async function writeIndex(index: BuiltIndex, outDir: string): Promise<WrittenIndex> {
  const writer = await createIndexWriter(outDir);
  for (const [path, text] of serializeIndex(index)) await writer.write(path, text);
  return writer.finish();
}

/** Reads an index folder written by `writeIndex`; errors name the file. */
export function fileSource(indexDir: string): IndexSource {
  const readJson = async (path: string): Promise<unknown> => {
    const file = join(indexDir, path);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new IndexFormatError(
        code === 'ENOENT' ? `index file ${file} is missing; run \`sitesearch index\` on the site first` : `cannot read index file ${file}: ${code ?? (error as Error).message}`,
      );
    }
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new IndexFormatError(`index file ${file} is not valid JSON (${(error as Error).message}); rebuild the index`);
    }
  };
  return {
    manifest: async (): Promise<IndexManifest> => {
      const manifest = await readJson(MANIFEST_PATH);
      assertManifest(manifest, join(indexDir, MANIFEST_PATH));
      return manifest;
    },
    termShard: async (key) => (await readJson(termShardPath(key))) as TermShard,
    recordShard: async (shard) => decodeRecordShard((await readJson(recordShardPath(shard))) as RecordShardFile),
    facets: async () => decodeFacets((await readJson(FACETS_PATH)) as FacetData),
  };
}
