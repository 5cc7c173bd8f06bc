/**
 * Where a site's synonyms come from at build time: a JSON file in the provider's format (what
 * its dashboard exports and its API answers: an array of `{objectID, type, …}`), or the list
 * itself from a plugin's options. Either is checked here, once, before any page is read.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { SynonymsError, validateSynonyms, type SynonymHit } from '../engine/synonyms.js';

/** Reads and checks a synonyms file; every error names the file (and the entry and field). */
export async function readSynonymsFile(path: string): Promise<SynonymHit[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw unreadable(path, error);
  }
  return parseSynonymsFile(path, text);
}

function unreadable(path: string, error: unknown): SynonymsError {
  return new SynonymsError(`${path}: the synonyms file cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
}

function parseSynonymsFile(path: string, text: string): SynonymHit[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new SynonymsError(`${path}: the synonyms file is not valid JSON: ${(error as Error).message}`);
  }
  return validateSynonyms(parsed, path);
}

/**
 * A plugin's `synonyms` option: the path of a file (relative to `root`, the site's folder) or
 * the list inline; `option` names it in messages (`localIndex.synonyms`).
 */
export function resolveSynonyms(value: string | readonly unknown[] | undefined, root: string, option: string): SynonymHit[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return validateSynonyms(value, option);
  // Read at once, as the plugins check their options: a config error, not a failure mid-build.
  const path = resolve(root, value);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw unreadable(path, error);
  }
  return parseSynonymsFile(path, text);
}
