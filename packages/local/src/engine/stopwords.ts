/**
 * Words that carry the grammar of a query, not its subject: articles, pronouns, auxiliaries,
 * prepositions and the words of questions ("how", "what", "can"). A question typed in full
 * ("how do I mock a module in vitest") holds more of them than of the words it is about, so they
 * weigh little in ranking and are the first to become optional; they are not deleted, since a
 * record holding the whole phrase is still the best match.
 *
 * Negations and restrictions ("not", "without", "only", "no", "except") are deliberately absent:
 * "run tests without watch mode" asks something else than "run tests watch mode".
 *
 * Lists per language (ISO 639-1), normalized as the tokenizer normalizes a query word (lower
 * case, accents removed). Chinese and Japanese hold particles and question words, which count
 * once the query is segmented into words.
 */
import { normalizeTerm, queryTerms } from './tokenize.js';

const LISTS: Record<string, string> = {
  en: `a about above after again all also am an and any are as at be been before being below between both but by can could
    did do does doing down during each either else ever every few for from further had has have having he her here hers him his
    how i if in into is it its itself just let may me might more most must my myself of off on once or other ought our ours out
    over own per please same shall she should so some such than that the their theirs them then there these they this those
    through to too under until up upon us very via was we were what whatever when whenever where whereas wherever whether which
    while who whom whose why will with within would yes yet you your yours yourself anyone someone something anything way ways
    thing things possible able e g etc`,
};

/** The languages of `stopword-lists.ts`, loaded (in the browser, a chunk of its own) only for an index or a request in one of them. */
const LOADABLE = new Set(['fr', 'de', 'es', 'zh', 'ja']);

const BY_LANGUAGE = new Map<string, Set<string>>();
const ALL = new Set<string>();
addLists(LISTS);
let loading: Promise<void> | undefined;

function addLists(lists: Record<string, string>): void {
  for (const [language, text] of Object.entries(lists)) {
    const words = new Set(text.split(/\s+/).filter(Boolean).map(normalizeTerm));
    BY_LANGUAGE.set(language, words);
    for (const word of words) ALL.add(word);
  }
}

/** Loads the stop words of these languages (ISO 639-1) when there are any beside English; resolves at once when loaded. */
export function loadStopWords(languages: readonly string[]): Promise<void> {
  if (!languages.some((language) => LOADABLE.has(language))) return Promise.resolve();
  loading ??= import('./stopword-lists.js').then(
    ({ STOP_WORD_LISTS }) => addLists(STOP_WORD_LISTS),
    () => {
      // Search goes on with the English list; the next search tries again.
      loading = undefined;
    },
  );
  return loading;
}

/**
 * Whether a normalized query word is a stop word in one of `languages` (the request's
 * `queryLanguages`), or in any loaded language when none is given.
 */
export function isStopWord(word: string, languages: readonly string[] = []): boolean {
  if (languages.length === 0) return ALL.has(word);
  return languages.some((language) => BY_LANGUAGE.get(language)?.has(word) ?? false);
}

/** A file path of the asker's machine (`/Users/…`, `C:\\…`, `…/node_modules/…`): where the error happened to them, not what it is about. */
export const USER_PATH = /^(?:\/(?:Users|home|var|tmp|private|opt)\/|[A-Za-z]:\\)|\/node_modules\//;
/** Words that frame a pasted error message rather than name it: `Uncaught`, `Error`, JavaScript's error classes. */
export const ERROR_FRAME = /^(?:uncaught|unhandled|error|(?:Type|Reference|Syntax|Range|Eval|URI|Aggregate|Internal)Error)$/i;

/**
 * The words of a query that frame a pasted error (its `Error:` and the asker's file paths): they
 * weigh as stop words, so "… is outside of Vite serving allow list" is not about `/Users/allen/…`.
 */
export function framingWords(query: string, locale?: string): Set<string> {
  const words = new Set<string>();
  for (const chunk of query.split(/\s+/)) {
    const bare = chunk.replace(/^["'`(\[]+|["'`)\],.:;]+$/g, '');
    if (ERROR_FRAME.test(bare) || USER_PATH.test(bare)) for (const word of queryTerms(bare, locale)) words.add(word);
  }
  return words;
}
