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
import { normalizeTerm } from './tokenize.js';

const LISTS: Record<string, string> = {
  en: `a about above after again all also am an and any are as at be been before being below between both but by can could
    did do does doing down during each either else ever every few for from further had has have having he her here hers him his
    how i if in into is it its itself just let may me might more most must my myself of off on once or other ought our ours out
    over own per please same shall she should so some such than that the their theirs them then there these they this those
    through to too under until up upon us very via was we were what whatever when whenever where whereas wherever whether which
    while who whom whose why will with within would yes yet you your yours yourself anyone someone something anything way ways
    thing things possible able`,
  fr: `a au aux avec ce ces cette comment dans de des du elle en est et il ils je la le les leur lui ma mais me mes mon nous on
    ou par pour quand que quel quelle quels quelles qui quoi sa se ses son sur ta te tes ton tu un une vos votre vous
    suis sont etre avoir fait faire peut peux puis`,
  de: `der die das den dem des ein eine einen einem einer eines und oder aber ich du er sie es wir ihr mein dein sein im in
    am an auf aus bei mit nach von vor zu zum zur fur uber unter ist sind war wie was wo wann warum welche welcher welches
    wer kann konnen muss mussen soll sollte wird werden habe hat haben man mich mir sich`,
  es: `el la los las un una unos unas y o de del al en con por para que como cual cuales cuando donde quien porque es son
    esta estan ser estar mi mis tu tus su sus se me te lo le les nos hay puedo puede hacer hago`,
  zh: `的 了 是 在 和 与 或 吗 呢 吧 啊 把 被 我 你 他 她 它 我们 这 那 这个 那个 怎么 怎样 如何 什么 为什么 哪 哪里 哪个 能 可以 要 会 应该 一个 有 中`,
  ja: `の は が を に で と も へ や か な ね よ から まで より って です ます でした ました ですか ますか する します できる できます
    どう どうやって どうすれば どの どこ なに 何 なぜ いつ これ それ あれ この その あの 方法 ため`,
};

const BY_LANGUAGE = new Map<string, Set<string>>(
  Object.entries(LISTS).map(([language, words]) => [language, new Set(words.split(/\s+/).filter(Boolean).map(normalizeTerm))]),
);
const ALL = new Set([...BY_LANGUAGE.values()].flatMap((words) => [...words]));

/** Languages with a stop-word list. */
export const STOP_WORD_LANGUAGES: readonly string[] = [...BY_LANGUAGE.keys()];

/**
 * Whether a normalized query word is a stop word in one of `languages` (the request's
 * `queryLanguages`), or in any listed language when none is given.
 */
export function isStopWord(word: string, languages: readonly string[] = []): boolean {
  if (languages.length === 0) return ALL.has(word);
  return languages.some((language) => BY_LANGUAGE.get(language)?.has(word) ?? false);
}
