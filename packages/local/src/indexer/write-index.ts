/** Writes a built index as files, and reads one back for the server (Node only). */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
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
import { startWorker } from './threads.js';
import { createFileWriter, type WrittenIndex } from './write-files.js';

export type { WrittenIndex };
import { IndexFormatError } from '../engine/errors.js';


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

/** Files sent to the writer thread and not yet written: enough to keep it busy, few enough to bound memory. */
const WRITES_IN_FLIGHT = 32;

/** Writes the files of one index as they come; `finish` waits for the last. */
export interface IndexWriter {
  /** Resolves once the file is written or queued, with room for another. */
  write(path: string, text: string): Promise<void>;
  finish(): Promise<WrittenIndex>;
}

/**
 * Starts replacing the index in `outDir`: removes its `terms/` and `records/` folders now, then
 * writes each file given. With `thread`, a worker thread writes and gzips (for the report) while
 * this one goes on building; otherwise this thread does, in turn.
 */
export async function createIndexWriter(outDir: string, options: { thread?: boolean } = {}): Promise<IndexWriter> {
  await rm(join(outDir, 'terms'), { recursive: true, force: true });
  await rm(join(outDir, 'records'), { recursive: true, force: true });
  if (!options.thread) {
    const writer = createFileWriter(outDir);
    return { write: async (path, text) => writer.write(path, text), finish: async () => writer.totals() };
  }
  const worker = await startWorker('write-worker', { outDir });
  let inFlight = 0;
  let failure: Error | null = null;
  let totals: WrittenIndex | null = null;
  let wake: (() => void) | null = null;
  const notify = (): void => {
    wake?.();
    wake = null;
  };
  const until = async (ready: () => boolean): Promise<void> => {
    while (!ready() && !failure) await new Promise<void>((resolve) => (wake = resolve));
    if (failure) {
      await worker.terminate();
      throw failure;
    }
  };
  worker.on('message', (message: { written?: 1; totals?: WrittenIndex; error?: { message: string; code?: string } }) => {
    if (message.written) inFlight--;
    if (message.totals) totals = message.totals;
    if (message.error) failure ??= Object.assign(new Error(message.error.message), { code: message.error.code });
    notify();
  });
  worker.on('error', (error) => {
    failure ??= error;
    notify();
  });
  worker.on('exit', (code) => {
    if (!totals) failure ??= new Error(`sitesearch indexer: the writer thread stopped (exit code ${code})`);
    notify();
  });
  return {
    async write(path, text) {
      inFlight++;
      worker.postMessage({ path, text });
      await until(() => inFlight < WRITES_IN_FLIGHT);
    },
    async finish() {
      worker.postMessage({ finish: true });
      await until(() => totals !== null);
      await worker.terminate();
      return totals!;
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
