/**
 * The engine's side of synonyms (see `synonyms.ts` for the format): the index's rules as the
 * engine looks them up, each query word's other forms. A chunk of its own, loaded only for an
 * index that has synonyms: a site without them ships none of this.
 */
import type { Abbreviation } from './abbreviations.js';

/** A query word's other forms: the engine's own (`abbreviationsOf`) and the site's synonyms, each term once. */
export type AddSynonyms = (forms: Abbreviation[], word: string) => Abbreviation[];

/**
 * The rules of a manifest as the engine looks them up, each text tokenized by `terms` as a query
 * is (the engine's tokenizer under the index's locale, passed in so this chunk shares no module
 * with the client's entry; the Node engine and the browser client agree). A phrase, and anything
 * that is not a rule (a damaged manifest), is left out; a word found twice keeps its fewest typos.
 */
export function compileSynonyms(rules: unknown, terms: (text: string) => string[]): AddSynonyms {
  const single = (text: unknown): string | undefined => {
    if (typeof text !== 'string') return undefined;
    const words = terms(text);
    return words.length === 1 ? words[0] : undefined;
  };
  const found = new Map<string, Map<string, number>>();
  for (const rule of Array.isArray(rules) ? rules : []) {
    if (!Array.isArray(rule) || typeof rule[0] !== 'number') continue;
    const word = single(rule[1]);
    if (word === undefined) continue;
    for (const alternative of rule.slice(2)) {
      const term = single(alternative);
      if (term === undefined || term === word) continue;
      let alternatives = found.get(word);
      if (!alternatives) found.set(word, (alternatives = new Map()));
      alternatives.set(term, Math.min(alternatives.get(term) ?? Infinity, rule[0]));
    }
  }
  const synonyms = new Map([...found].map(([word, alternatives]) => [word, [...alternatives].map(([term, typos]) => ({ term, typos }))]));
  return (forms, word) => {
    const extra = synonyms.get(word);
    return extra ? [...forms, ...extra.filter((form) => !forms.some((other) => other.term === form.term))] : forms;
  };
}
