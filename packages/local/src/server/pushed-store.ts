/**
 * Where the write API keeps pushed indices between runs: one folder per index under the store
 * folder, each in the format `sitesearch index` writes (so `sitesearch serve --out <folder>` and
 * the widgets read it as they read a built index), plus `settings.json`, the provider settings
 * as pushed (the index format keeps only what the local engine uses of them), and, when the index
 * has synonyms, `synonyms.json`, the provider's synonym objects as saved (the manifest holds them
 * only as the engine's rules).
 *
 * A folder is replaced whole: the new version is written beside it under a dot name, then
 * renamed into place (the old one renamed aside first and removed after), so a crash mid-write
 * leaves the previous version or the new one, never part of one. What a crash between the two
 * renames leaves (the old version aside, no live folder) is put back at the next start.
 * Files are not fsynced: this survives the process dying, not the machine losing power.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildIndex } from '../engine/build.js';
import type { BuiltIndex } from '../engine/format.js';
import { createIndexWriter, fileSource, serializeIndex } from '../indexer/write-index.js';
import type { DocRecord } from '../records.js';
import { validateSynonyms, type SynonymHit } from '../engine/synonyms.js';

/** The provider settings of a pushed index, as sent by `setSettings`. */
export type PushedSettings = Record<string, unknown>;

export interface StoredIndex {
  records: DocRecord[];
  settings: PushedSettings;
  synonyms: SynonymHit[];
}

export const SETTINGS_FILE = 'settings.json';
export const SYNONYMS_FILE = 'synonyms.json';
/** Leftovers of an interrupted save: dot names, which no encoded index name starts with. */
const WRITING_PREFIX = '.writing-';
const REPLACED_PREFIX = '.replaced-';

/**
 * An index name as a folder name that is the same on every file system: letters, digits, `_`
 * and `-` kept, every other byte of its UTF-8 as `%XX` (so `.`, `..`, `/` and `\` cannot escape
 * the store, and no name starts with a dot).
 */
export function indexFolderName(indexName: string): string {
  let folder = '';
  for (const byte of Buffer.from(indexName, 'utf8')) {
    const ch = String.fromCharCode(byte);
    folder += /[A-Za-z0-9_-]/.test(ch) ? ch : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return folder;
}

/** The index name of a folder of the store, or `undefined` for a folder this store did not name. */
function indexNameOf(folder: string): string | undefined {
  try {
    const name = decodeURIComponent(folder);
    return indexFolderName(name) === folder ? name : undefined;
  } catch {
    return undefined;
  }
}

/** The local engine's build options that the provider settings carry. */
export function buildOptionsOf(settings: PushedSettings): Parameters<typeof buildIndex>[1] {
  const facets = Array.isArray(settings.attributesForFaceting) ? (settings.attributesForFaceting as unknown[]).filter((a): a is string => typeof a === 'string').map(facetName) : undefined;
  const distinctAttribute = typeof settings.attributeForDistinct === 'string' ? settings.attributeForDistinct : undefined;
  // The provider analyses an index by its indexLanguages (queryLanguages when unset); the local
  // engine takes the first as the language of records that name none (see `buildPushedIndex`).
  const languages = [settings.indexLanguages, settings.queryLanguages].find((list): list is unknown[] => Array.isArray(list) && list.length > 0);
  const language = typeof languages?.[0] === 'string' ? languages[0] : undefined;
  return {
    ...(facets ? { filterableAttributes: facets } : {}),
    ...(distinctAttribute ? { attributeForDistinct: distinctAttribute } : {}),
    ...(language ? { language } : {}),
  };
}

/** `filterOnly(language)`, `searchable(tags)`, `afterDistinct(x)` → the attribute's name. */
function facetName(entry: string): string {
  return entry.replace(/^(?:filterOnly|searchable|afterDistinct)\((.*)\)$/, '$1');
}

export function buildPushedIndex(index: StoredIndex): BuiltIndex {
  // A record's own `language` (the pages' language meta, which the plugins set on multilingual
  // sites) wins over the index's; pushed records have no other trace of their page's `lang`.
  const languages = index.records.map((record) => (typeof record.language === 'string' ? record.language : undefined));
  return buildIndex(index.records, { ...buildOptionsOf(index.settings), synonyms: index.synonyms }, languages);
}

/**
 * Reads every index of the store (creating the folder if missing), after finishing what an
 * interrupted save left: a replaced version whose successor never arrived is put back, the rest
 * of the dot folders are removed. Errors name the folder.
 */
export async function loadStore(storeDir: string): Promise<Map<string, StoredIndex>> {
  await mkdir(storeDir, { recursive: true });
  const entries = await readdir(storeDir);
  for (const entry of entries.filter((e) => e.startsWith(REPLACED_PREFIX))) {
    const folder = entry.slice(REPLACED_PREFIX.length).replace(/\.[0-9a-f]+$/, '');
    if (!entries.includes(folder) && indexNameOf(folder) !== undefined) {
      await rename(join(storeDir, entry), join(storeDir, folder));
      entries.push(folder);
    } else {
      await rm(join(storeDir, entry), { recursive: true, force: true });
    }
  }
  for (const entry of entries.filter((e) => e.startsWith(WRITING_PREFIX))) await rm(join(storeDir, entry), { recursive: true, force: true });

  const indexes = new Map<string, StoredIndex>();
  for (const folder of entries.sort()) {
    const name = indexNameOf(folder);
    if (name === undefined || !(await stat(join(storeDir, folder))).isDirectory()) continue;
    indexes.set(name, await readStoredIndex(join(storeDir, folder)));
  }
  return indexes;
}

async function readStoredIndex(folder: string): Promise<StoredIndex> {
  const source = fileSource(folder);
  const manifest = await source.manifest();
  const shards = await Promise.all(Array.from({ length: manifest.records.shards }, (_, shard) => source.recordShard(shard)));
  let settings: PushedSettings = {};
  try {
    const parsed = JSON.parse(await readFile(join(folder, SETTINGS_FILE), 'utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) settings = parsed as PushedSettings;
    else throw new Error('not a JSON object');
  } catch (error) {
    // An index folder copied in by hand may have no settings: it is served with none, as on the provider.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`pushed index file ${join(folder, SETTINGS_FILE)} cannot be read: ${(error as Error).message}`);
  }
  let synonyms: SynonymHit[] = [];
  try {
    synonyms = validateSynonyms(JSON.parse(await readFile(join(folder, SYNONYMS_FILE), 'utf8')) as unknown, join(folder, SYNONYMS_FILE));
  } catch (error) {
    // No file: no synonyms (it is written only when there are some).
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`pushed index file ${join(folder, SYNONYMS_FILE)} cannot be read: ${(error as Error).message}`);
  }
  return { records: shards.flat(), settings, synonyms };
}

/** Replaces the stored folder of `indexName` with this version of it, or removes it (`undefined`). */
export async function saveToStore(storeDir: string, indexName: string, index: StoredIndex | undefined): Promise<void> {
  const live = join(storeDir, indexFolderName(indexName));
  const suffix = randomBytes(6).toString('hex');
  const aside = join(storeDir, `${REPLACED_PREFIX}${indexFolderName(indexName)}.${suffix}`);
  let next: string | undefined;
  if (index) {
    next = join(storeDir, `${WRITING_PREFIX}${indexFolderName(indexName)}.${suffix}`);
    try {
      const writer = await createIndexWriter(next, { thread: false, gzip: false });
      for (const [path, text] of serializeIndex(buildPushedIndex(index))) await writer.write(path, text);
      await writer.finish();
      await writeFile(join(next, SETTINGS_FILE), JSON.stringify(index.settings));
      if (index.synonyms.length > 0) await writeFile(join(next, SYNONYMS_FILE), JSON.stringify(index.synonyms));
    } catch (error) {
      await rm(next, { recursive: true, force: true });
      throw error;
    }
  }
  let replaced = false;
  try {
    await rename(live, aside);
    replaced = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (next) await rename(next, live);
  if (replaced) await rm(aside, { recursive: true, force: true });
}
