/**
 * Every evaluation set of this folder, found by reading the folder: a new set file is picked up
 * with no registration. A set file exports its `EvalSet` (as default or named export, one or
 * several); `types.ts` and this file are not sets.
 */
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EvalSet } from './types.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const NOT_SETS = new Set(['types.ts', 'index.ts']);

function isEvalSet(value: unknown): value is EvalSet {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<EvalSet>;
  return typeof candidate.name === 'string' && typeof candidate.corpus === 'string' && Array.isArray(candidate.questions);
}

/** The set files of the folder (`vite-en.ts`, …), sorted by name; test files are not sets. */
export async function setFiles(dir = HERE): Promise<string[]> {
  const names = await readdir(dir);
  return names.filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') && !NOT_SETS.has(name)).sort();
}

/** Every set of every set file, sorted by name; a file that exports no set is an error (a set that silently vanished would read as a worse score). */
export async function loadSets(dir = HERE): Promise<Array<EvalSet & { file: string }>> {
  const sets: Array<EvalSet & { file: string }> = [];
  for (const file of await setFiles(dir)) {
    const module = (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
    const found = [...new Set(Object.values(module).filter(isEvalSet))];
    if (found.length === 0) throw new Error(`bench/questions/${file} exports no evaluation set ({ name, corpus, questions })`);
    for (const set of found) sets.push({ ...set, file });
  }
  const names = sets.map((set) => set.name);
  const repeated = names.filter((name, i) => names.indexOf(name) !== i);
  if (repeated.length > 0) throw new Error(`two evaluation sets are named ${repeated.join(', ')}`);
  return sets.sort((a, b) => a.name.localeCompare(b.name));
}
