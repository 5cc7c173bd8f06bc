/**
 * The few words of the assistant's own around the documentation's quotes ("The answer is in …",
 * "See also …", the "not in the docs" answer), in the language the reader asked in: a question
 * in Chinese on a Chinese site gets "答案在 …", not an English sentence before a Chinese quote.
 * The language is read from the question itself (its script, else its function words), never
 * from the site: a reader asking in English on a French page is answered in English. Languages
 * without a table (and any doubt) get English. The other languages' tables are in
 * `translatedAnswerTexts.ts`, a chunk an English question never loads.
 */

/** The verbs of a lead that says what to do ("Set `server.port`, as … describes"). */
export type LeadVerb = 'set' | 'use' | 'pass' | 'enable' | 'run' | 'call';

export interface AnswerTexts {
  /** The whole answer when nothing in the docs fits. */
  notFound: string;
  /** "The answer is in {link}" (the quote holds most of the question). */
  answerIn(link: string): string;
  /** "This error is covered in {link}" (a pasted error, likewise). */
  errorIn(link: string): string;
  /** "The most relevant passage (on this error) is in {link}": the quote holds less of the question. */
  closest(link: string, error: boolean): string;
  /** "Set `name`, as {link} describes": `name` is already in code. */
  act(verb: LeadVerb, name: string, link: string): string;
  /** Before each further quoted page. */
  seeAlso(link: string): string;
  /** Ends a line a quote follows, and one nothing follows. */
  colon: string;
  stop: string;
}

const capitalized = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`;

export const ENGLISH_ANSWER_TEXTS: AnswerTexts = {
  notFound: "I couldn't find anything about this in the documentation. Try rephrasing your question with the name of the feature, option or command you are looking for.",
  answerIn: (link) => `The answer is in ${link}`,
  errorIn: (link) => `This error is covered in ${link}`,
  closest: (link, error) => `The most relevant passage${error ? ' on this error' : ''} is in ${link}`,
  act: (verb, name, link) => `${capitalized(verb)} ${name}, as ${link} describes`,
  seeAlso: (link) => `See also ${link}`,
  colon: ':',
  stop: '.',
};

/**
 * Words that mark a question as French, German or Spanish, not English: each language's
 * question words, pronouns, articles and auxiliaries that English questions do not use. Words two
 * of them share ("la", "que") count for both; a language needs two of its words, and more than
 * English's, to be chosen.
 */
const MARKERS: Record<string, Set<string>> = {
  fr: new Set('comment pourquoi quel quelle quels quelles quand où quoi est-ce je j ai mon ma mes votre vos nous vous le la les l un une de des du d au aux ce cette ces est sont dans sous pour avec sur qui que qu ne pas ou mais peut puis faut il y'.split(' ')),
  de: new Set('wie warum welche welcher welches wo wann wenn dass ich mein meine meinen der das den dem des ist sind wird werden nicht kann können ein eine einen und oder aber zu zum zur von für auf im bei auch'.split(' ')),
  es: new Set('cómo como por qué que cuál cuáles dónde cuándo puedo mi mis su sus el los las la lo un una de del al es son está en para con no se hay pero este esta'.split(' ')),
};
/** Whether a language is one told by its function words (French, German, Spanish), whose stop words a question in it drops. */
export const toldByFunctionWords = (language: string | undefined): boolean => language !== undefined && Object.hasOwn(MARKERS, language);

const ENGLISH_MARKERS = new Set('the is are how what why do does can i my to of in with for and a an it this that when where which'.split(' '));

const KANA = /[\u3040-\u30ff]/;

/**
 * The language of the question: `ja`, `zh`, `fr`, `de`, `es`, or `en` (also for any other).
 * `docs`: the text of the section that answers it, when known. Kana is Japanese only; a question
 * of Han characters alone (a Japanese heading such as 破壊的変更 reads so too) is Japanese when
 * the docs that answer it have kana, else Chinese.
 */
export function answerLanguage(question: string, docs = ''): string {
  if (KANA.test(question)) return 'ja';
  if (/\p{Script=Han}/u.test(question)) return KANA.test(docs) ? 'ja' : 'zh';
  const words = question.toLowerCase().match(/[\p{L}-]+/gu) ?? [];
  const count = (markers: Set<string>) => words.filter((word) => markers.has(word)).length;
  let best = 'en';
  let bestCount = Math.max(1, count(ENGLISH_MARKERS));
  for (const [language, markers] of Object.entries(MARKERS)) {
    const found = count(markers);
    if (found > bestCount) [best, bestCount] = [language, found];
  }
  return best;
}

/**
 * The texts of a language: English at once, the others from a chunk of their own, fetched only
 * for a question in one of them (while the search runs). Never fails: without that chunk (a
 * network fault), the answer is in English.
 */
export function loadAnswerTexts(language: string | undefined): Promise<AnswerTexts> {
  if (!language || language === 'en') return Promise.resolve(ENGLISH_ANSWER_TEXTS);
  return import('./translatedAnswerTexts.js').then(
    ({ TRANSLATED_ANSWER_TEXTS }) => TRANSLATED_ANSWER_TEXTS[language] ?? ENGLISH_ANSWER_TEXTS,
    () => ENGLISH_ANSWER_TEXTS,
  );
}
