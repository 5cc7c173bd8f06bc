/**
 * Words of developer vocabulary that documentation and readers use interchangeably: a page titled
 * "Env Variables" is what someone typing "environment variables" wants, "config" pages answer
 * "configuration", and a "folder" is a "directory". Neither prefix search (which only completes
 * the word being typed) nor typo tolerance (`env` is eight edits from `environment`) bridges
 * them, so a query word also searches the other words of its group, at `abbreviationWeight`.
 *
 * ONE list, used by the engine (each query word) and by the local assistant (the alternatives it
 * plans searches with), so that both bridge the same words. It is general programming usage, none
 * of it specific to one site: truncations and contractions as programmers write them (in prose and
 * in API names such as `envPrefix`, `outDir`, `build.lib`), and a few plain synonyms, singular and
 * plural.
 */
import { TermMap } from './term-map.js';

/** Groups of interchangeable words, lower case, single tokens as `queryTerms` returns them; the full word first. */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['environment', 'env'],
  ['environments', 'envs'],
  ['configuration', 'config'],
  ['configurations', 'configs'],
  ['development', 'dev'],
  ['production', 'prod'],
  ['directory', 'dir', 'folder'],
  ['directories', 'dirs', 'folders'],
  ['dependency', 'dep'],
  ['dependencies', 'deps'],
  ['library', 'lib'],
  ['libraries', 'libs'],
  ['repository', 'repo'],
  ['repositories', 'repos'],
  ['documentation', 'docs'],
  ['information', 'info'],
  ['authentication', 'auth'],
  ['arguments', 'args'],
  ['argument', 'arg'],
  ['parameters', 'params'],
  ['parameter', 'param'],
  ['variables', 'vars'],
  ['variable', 'var'],
  ['package', 'pkg'],
  ['packages', 'pkgs'],
  ['javascript', 'js'],
  ['typescript', 'ts'],
  ['application', 'app'],
  // A command line's flags are its options ("node flags" are what a page of Node's options lists).
  ['option', 'flag'],
  ['options', 'flags'],
];

/** One other form of a query word to search as well. */
export interface Abbreviation {
  term: string;
  /** Edits between the query word and the form it was recognized as (a typo in the full word). */
  typos: number;
}

const OTHER_FORMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS) for (const word of group) OTHER_FORMS.set(word, group.filter((other) => other !== word));

/**
 * Only words of five letters or more are recognized through a typo: a typo in a three- or
 * four-letter abbreviation is most often another word ("into" is not "info", "auto" is not "auth").
 */
const TYPO_MIN_LENGTH = 5;
const LONG_WORDS = new TermMap<string[]>([...OTHER_FORMS].filter(([word]) => word.length >= TYPO_MIN_LENGTH));

/** The other words of a word's group (`folder` → `directory`, `dir`), for a word typed exactly; none otherwise. */
export function otherForms(word: string): readonly string[] {
  return OTHER_FORMS.get(word) ?? [];
}

/**
 * The other forms of a query word: those of its group when typed exactly, or, within `typos`
 * edits of a long word of a group, that group's other words.
 */
export function abbreviationsOf(word: string, typos: number): Abbreviation[] {
  const exact = OTHER_FORMS.get(word);
  if (exact) return exact.map((term) => ({ term, typos: 0 }));
  if (typos === 0) return [];
  const found: Abbreviation[] = [];
  for (const [long, distance] of LONG_WORDS.fuzzy(word, typos)) for (const term of LONG_WORDS.get(long)!) found.push({ term, typos: distance });
  return found;
}
