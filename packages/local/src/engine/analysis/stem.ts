/**
 * Stemming at query time. The index stores words as written; a query word is stemmed and the
 * index terms sharing its stem are searched beside it, weighted below the word itself
 * (`RankingOptions.stemWeight`): `configuring` finds `configure` and `configuration`, and
 * `snapshot` and `snapshots` rank alike. Stems cost no index bytes and no build time, and the
 * browser loads only the stemmers of the index's languages, each its own chunk.
 *
 * The stemmers are `@orama/stemmers` (Apache-2.0): Snowball's algorithms compiled to small
 * JavaScript modules, one per language (Porter's original for English), 0.8 KB (English, Porter's) to 2.6 KB (French) minified
 * and gzipped; writing our own would cost more than it gives.
 */
import { normalizeTerm } from '../tokenize.js';
import { SEGMENTED_CHARACTER } from './scripts.js';

export type Stem = (word: string) => string;

interface StemmerModule {
  stemmer: Stem;
}

/**
 * One dynamic import per language, so that a bundler makes each a chunk of its own and a page
 * loads only those its index names (Norwegian's `nb` and `nn` are recorded as `no`).
 */
const STEMMERS: Record<string, () => Promise<StemmerModule>> = {
  en: () => import('@orama/stemmers/english'),
  fr: () => import('./stemmers/fr.js'),
  de: () => import('@orama/stemmers/german'),
  es: () => import('./stemmers/es.js'),
  pt: () => import('./stemmers/pt.js'),
  it: () => import('@orama/stemmers/italian'),
  nl: () => import('@orama/stemmers/dutch'),
  ru: () => import('@orama/stemmers/russian'),
  sv: () => import('@orama/stemmers/swedish'),
  da: () => import('@orama/stemmers/danish'),
  no: () => import('@orama/stemmers/norwegian'),
  fi: () => import('@orama/stemmers/finnish'),
};

/** Whether words of `language` (a primary subtag, `normalizeLanguage`'s) are stemmed. */
export function hasStemmer(language: string): boolean {
  return Object.hasOwn(STEMMERS, language);
}

/**
 * Stems are compared with stems and searched as prefixes of folded terms, so they are folded too
 * (`créer` → `cré` → `cre`). Remembered: a word typed letter by letter stems the same index
 * terms at every keystroke, which tripled the slowest searches on the Vitest docs.
 */
function foldedStemmer(stemmer: Stem): Stem {
  const stems = new Map<string, string>();
  return (term) => {
    let stem = stems.get(term);
    if (stem === undefined) stems.set(term, (stem = normalizeTerm(stemmer(term))));
    return stem;
  };
}

const loaded = new Map<string, Promise<Stem | undefined>>();

/** The stemmer of a language, loaded once; `undefined` for a language without one, or whose code failed to load (search then goes on unstemmed). */
export function loadStemmer(language: string): Promise<Stem | undefined> {
  let stem = loaded.get(language);
  if (!stem) {
    stem = hasStemmer(language)
      ? STEMMERS[language]!().then(
          (module) => foldedStemmer(module.stemmer),
          () => {
            // A chunk that did not load (offline, a deploy that removed it) is tried again next time.
            loaded.delete(language);
            return undefined;
          },
        )
      : Promise.resolve(undefined);
    loaded.set(language, stem);
  }
  return stem;
}

/** Only words of letters are stemmed: `v2`, `h1`, and words of scripts without spaces are left alone. */
const STEMMABLE = /^\p{L}{3,}$/u;
/** Stems shorter than this match too many unrelated words to be worth searching for. */
const MIN_STEM_LENGTH = 3;

/** A query word's stem under one language, and where in the term order the words sharing it are. */
export interface StemExpansion {
  language: string;
  stem: string;
  /** Every term with this stem starts with it (Porter writes `happy` as `happi`, so `happ`). */
  prefix: string;
}

/**
 * The stemmers of an index's languages, loaded; what the engine (and ranking code) stems with.
 * `stem(word, language)` is synchronous, so ranking code can call it per term.
 */
export class Analyzer {
  /** The index's languages, most records first (`manifest.languages`). */
  readonly languages: readonly string[];
  /** The locale queries and highlights are segmented under: the index's first language (any gives the same words, see `segment.ts`). */
  readonly locale: string | undefined;
  private readonly stemmers: ReadonlyMap<string, Stem>;

  constructor(languages: readonly string[], stemmers: ReadonlyMap<string, Stem>) {
    this.languages = languages;
    this.locale = languages[0];
    this.stemmers = stemmers;
  }

  /**
   * The stem of a normalized term (`normalizeTerm`'s: lower case, accents folded) under
   * `language` (one of `languages`); the term itself when that language has no stemmer here or
   * the term is not a word of 3+ letters.
   */
  stem(term: string, language: string): string {
    const stemmer = this.stemmers.get(language);
    if (!stemmer || !STEMMABLE.test(term) || SEGMENTED_CHARACTER.test(term)) return term;
    return stemmer(term);
  }

  /** The stems of a query word under each stemmed language (one per distinct stem), for `stemmedTerms`. */
  expansions(term: string): StemExpansion[] {
    if (!STEMMABLE.test(term) || SEGMENTED_CHARACTER.test(term)) return [];
    const found: StemExpansion[] = [];
    for (const [language, stemmer] of this.stemmers) {
      const stem = stemmer(term);
      if (stem.length < MIN_STEM_LENGTH || found.some((other) => other.stem === stem)) continue;
      let shared = 0;
      while (shared < stem.length && shared < term.length && stem.charCodeAt(shared) === term.charCodeAt(shared)) shared++;
      // A stem ending in `i` may stand for a `y` (`happi`: `happy`, `happiness`).
      if (shared === stem.length && stem.endsWith('i')) shared--;
      if (shared < MIN_STEM_LENGTH) continue;
      found.push({ language, stem, prefix: stem.slice(0, shared) });
    }
    return found;
  }

  /**
   * The terms among `candidates` (the terms starting with an expansion's `prefix`) that share the
   * word's stem, without the word itself.
   */
  stemmedTerms(term: string, expansion: StemExpansion, candidates: Iterable<string>): string[] {
    const stemmer = this.stemmers.get(expansion.language)!;
    const terms: string[] = [];
    for (const candidate of candidates) {
      if (candidate !== term && STEMMABLE.test(candidate) && stemmer(candidate) === expansion.stem) terms.push(candidate);
    }
    return terms;
  }
}

/** The analyzer of an index's languages, with their stemmers loaded (in parallel). */
export async function createAnalyzer(languages: readonly string[]): Promise<Analyzer> {
  const stemmed = languages.filter(hasStemmer);
  const stems = await Promise.all(stemmed.map(loadStemmer));
  const stemmers = new Map<string, Stem>();
  stemmed.forEach((language, i) => {
    if (stems[i]) stemmers.set(language, stems[i]);
  });
  return new Analyzer(languages, stemmers);
}

/**
 * What makes a query word part of an identifier (`vi.fn`, `--port`, `server_host`,
 * `import.meta.env`, `$t`, `h1`): any character but letters, an inner hyphen and the
 * punctuation of sentences. Such words are searched as typed, never stemmed.
 */
const CODE_LIKE = /[^\p{L}\p{M}\s,;!?-]|^-/u;
/** A capital after the first letter: `defineConfig`, `HTMLParser`, `toHaveBeenCalledWith`. */
const INNER_CAPITAL = /^.\S*\p{Lu}/u;

/**
 * The query's words that may be stemmed, lower-cased: those of plain words. A word with an inner
 * capital or a digit, or in a chunk with code punctuation, is an API name, which stemming would
 * only turn into something else.
 */
export function stemmableWords(query: string): Set<string> {
  const words = new Set<string>();
  for (const chunk of query.split(/\s+/)) {
    if (chunk === '' || CODE_LIKE.test(chunk) || INNER_CAPITAL.test(chunk)) continue;
    for (const word of chunk.split(/[^\p{L}\p{M}]+/u)) if (word !== '') words.add(normalizeTerm(word));
  }
  return words;
}
