/**
 * Abbreviations of developer vocabulary that documentation and readers use interchangeably with
 * the full word: a page titled "Env Variables" is what someone typing "environment variables"
 * wants, and "config" pages answer "configuration". Neither prefix search (which only completes
 * the word being typed) nor typo tolerance (`env` is eight edits from `environment`) bridges
 * them, so a query word also searches its other form, at `abbreviationWeight`.
 *
 * The list is general programming usage, none of it specific to one site; each pair is a plain
 * truncation or contraction as programmers write it (in prose and in API names such as
 * `envPrefix`, `outDir`, `build.lib`), singular and plural.
 */
import SearchableMap from 'minisearch/SearchableMap';

/** `[full word, abbreviation]`, lower case, single tokens as `queryTerms` returns them. */
const PAIRS: readonly (readonly [string, string])[] = [
  ['environment', 'env'],
  ['environments', 'envs'],
  ['configuration', 'config'],
  ['configurations', 'configs'],
  ['development', 'dev'],
  ['production', 'prod'],
  ['directory', 'dir'],
  ['directories', 'dirs'],
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
  ['package', 'pkg'],
  ['packages', 'pkgs'],
];

/** One other form of a query word to search as well. */
export interface Abbreviation {
  term: string;
  /** Edits between the query word and the form it was recognized as (a typo in the full word). */
  typos: number;
}

const OTHER_FORM = new Map<string, string>(PAIRS.flatMap(([full, short]) => [[full, short] as const, [short, full] as const]));
// Only full words are recognized through a typo: a typo in a three- or four-letter abbreviation
// is most often another word ("into" is not "info", "auto" is not "auth").
const FULL_WORDS = SearchableMap.from<string>(PAIRS.map(([full, short]) => [full, short]));

/**
 * The other forms of a query word: the abbreviation of a full word (typed exactly or within
 * `typos` edits) or the full word of an abbreviation (typed exactly).
 */
export function abbreviationsOf(word: string, typos: number): Abbreviation[] {
  const exact = OTHER_FORM.get(word);
  if (exact) return [{ term: exact, typos: 0 }];
  if (typos === 0) return [];
  const found: Abbreviation[] = [];
  for (const [, [short, distance]] of FULL_WORDS.fuzzyGet(word, typos)) found.push({ term: short, typos: distance });
  return found;
}
