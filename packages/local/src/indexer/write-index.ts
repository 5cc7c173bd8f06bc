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
  type CompletionsFile,
  type FacetData,
  type IndexManifest,
  type IndexSource,
  type RecordShardFile,
  type TermEntry,
  type TermShard,
} from '../engine/format.js';
import type { DocRecord } from '../records.js';
import { createFileWriter, type FileWriter, type FileWriterOptions, type WrittenIndex } from './write-files.js';

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
  for (const [key, shard] of index.termShards) {
    // A completions file's list sizes come first, on a line of their own.
    const sizes = 'sizes' in shard ? `"sizes":${JSON.stringify((shard as CompletionsFile).sizes)},\n` : '';
    files.set(termShardPath(key), `{${sizes}"terms":[\n${entryLines(shard.terms)}\n]}`);
  }
  return files;
}

/**
 * Term entries as JSON, one a line: the array serialized at once (not each entry by a call of its
 * own), then a line break after each comma that ends an entry. Such a comma is followed by `["`,
 * which no entry holds elsewhere: its fields start with a number, and its term is a word of the
 * tokenizer's (letters and numbers, NFKD-decomposed: never a `]`, so never `],[` before its
 * closing quote; a quote inside it would be escaped).
 */
function entryLines(entries: readonly TermEntry[]): string {
  return JSON.stringify(entries).slice(1, -1).replaceAll('],["', '],\n["');
}

export function serializeRecordShard(records: readonly DocRecord[]): string {
  return JSON.stringify(encodeRecordShard(records));
}

/** Writes the files of one index as they come; `finish` waits for the last. */
export type IndexWriter = FileWriter;

/**
 * Starts replacing the index in `outDir`: removes its `terms/` and `records/` folders now, then
 * writes each file given, with `thread` mostly off this thread while this one goes on (see
 * `createFileWriter`).
 */
export async function createIndexWriter(outDir: string, options: FileWriterOptions): Promise<IndexWriter> {
  // The writer thread starts meanwhile: it is sent nothing before both folders are gone.
  const writer = createFileWriter(outDir, options);
  try {
    await Promise.all([rm(join(outDir, 'terms'), { recursive: true, force: true }), rm(join(outDir, 'records'), { recursive: true, force: true })]);
  } catch (error) {
    await (await writer).abort();
    throw error;
  }
  return await writer;
}

/** Replaces the index in `outDir` (its `terms/` and `records/` folders and files) with this one. */
export async function writeIndex(index: BuiltIndex, outDir: string): Promise<WrittenIndex> {
  // Every file is ready: this thread has nothing to do meanwhile that a writer thread would spare.
  const writer = await createIndexWriter(outDir, { thread: false, gzip: true });
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
