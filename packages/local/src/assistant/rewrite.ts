/**
 * Question → search queries. People ask in sentences ("how do I change the port the dev server
 * uses?") while the engine ANDs every word, so the question words and filler must go and the
 * technical tokens (config keys, flags, identifiers in backticks) must survive intact. Which of
 * the remaining words matter is not known until the index answers, so the plan asks several
 * queries at once (the whole core, the core minus each word, pairs, each word alone) and the
 * fusion weighs each list by how rare its words turned out to be.
 */
import { otherForms } from '../engine/abbreviations.js';
import { SEGMENTED_CHARACTER } from '../engine/analysis/scripts.js';
import { ERROR_FRAME, isStopWord, USER_PATH } from '../engine/stopwords.js';
import { normalizeTerm, queryTerms } from '../engine/tokenize.js';
import { answerLanguage, toldByFunctionWords } from './answerTexts.js';

/** One unit of meaning of a question: a word, or a technical token kept whole (`server.proxy`, `--port`). */
export interface QuestionTerm {
  /** The text sent to the engine (a technical token as written, a word lower-cased). */
  text: string;
  /** A light stem of a plain word (`deploying` → `deploy`), used for prefix searches and sentence matching. */
  stem: string;
  /** Code-like: in backticks, dotted, a flag, camel case, a path or a file name. */
  technical: boolean;
  /** Word position in the question: consecutive positions are a phrase ("web worker"). */
  position?: number;
  /** Came from the previous question of the conversation (a follow-up's context). */
  context?: boolean;
  /** A generic verb of how-to questions ("add", "change"): rare in docs, yet not what the question is about. */
  weak?: boolean;
  /** Other spellings docs use for the same thing (`folder` → `directory`, `dir`). */
  alternatives?: string[];
}

/** What a planned query is for; fusion weighs the kinds differently. */
export type QueryKind = 'question' | 'core' | 'message' | 'api' | 'subset' | 'phrase' | 'pair' | 'term' | 'total';

export interface PlannedQuery {
  query: string;
  kind: QueryKind;
  /** Indexes into `RewrittenQuestion.terms` of the terms this query holds. */
  terms: number[];
  /** The text sent for each of those terms (a stem where the query ends in one). */
  texts: string[];
  /** Hits to ask for. */
  hitsPerPage: number;
}

export interface RewrittenQuestion {
  /** The question's terms, most important first (technical tokens, then words in the order asked). */
  terms: QuestionTerm[];
  /** The keyword core as one query: what the UI shows as "Searched for …". */
  keywordQuery: string;
  /** The searches to run in one multi-query request. */
  queries: PlannedQuery[];
  /** Whether the question reads as a follow-up and terms of the previous question were folded in. */
  followUp: boolean;
  /** Which of `queries` is the question as asked (another kind when the same text was planned already), -1 when none is. */
  asked: number;
  /** The question holds a pasted error (its name and message were searched apart). */
  error?: boolean;
  /** It asks why, or how two things differ: an explanation, not a step to take. */
  explanation?: boolean;
  /** The language the question is asked in, when not English, as far as its own text tells (`answerLanguage`). */
  language?: string;
}

// "Why does …", "what is the difference between A and B", "A vs B", "compared to".
const ASKS_EXPLANATION = /^\s*why\b|\bdiffer(?:ence|ent|s)?\b|\bvs\.?\s|\bversus\b|\bcompared?\b/i;

/**
 * Function words and the phrasing of questions. Not domain words: a word like "server" or
 * "build" must never be dropped here, whatever the site.
 */
const STOPWORDS = new Set(
  `a about above after again against all am an and any are aren't as at be because been before being below between both but by
  can can't cannot could couldn't did didn't do does doesn't doing don't down during each few for from further had hadn't has hasn't
  have haven't having he her here hers herself him himself his how i i'd i'll i'm i've if in into is isn't it it's its itself let's
  me more most mustn't my myself no nor not of off on once only or other ought our ours ourselves out over own same shan't she
  should shouldn't so some such than that that's the their theirs them themselves then there there's these they this those through
  to too under until up very was wasn't we were weren't what what's when where where's which while who who's whom why why's with
  won't would wouldn't you you'd you'll you're you've your yours yourself yourselves
  hi hello hey please thanks thank anyone someone somebody tell explain show know guess wonder wondering trying tried try
  there's whats hows whats possible able way ways thing things stuff something anything everything also just really actually still
  even ever maybe perhaps like kind sort bit lot lots much many get gets getting got make makes making made want wants wanted need
  needs needed use uses using used go goes going work works working worked happen happens happening instead supposed basically
  will shall may might must etc e.g i.e vs via doesnt dont cant isnt wont im ive id`.split(/\s+/).filter(Boolean),
);

/** A function word or a word of a question's phrasing ("cannot", "how", "please"), in English or in the engine's languages. */
export function isFunctionWord(word: string): boolean {
  return STOPWORDS.has(word) || isStopWord(word);
}

/**
 * Verbs of how-to questions, and the generic nouns people use for their own work ("my code",
 * "my project"). Docs seldom use the verbs, so by rarity alone they would lead the search;
 * they still count, at a fraction of their weight.
 */
const WEAK_WORDS = new Set(
  `add adds adding added change changes changing changed write writes writing written wrote run runs running ran handle handles
  handling put puts putting stop stops stopping turn turns turning fix fixes fixing find finds finding see sees seeing look looks
  looking check checks checking keep keeps keeping let lets give gives take takes taking happen happens tell create creates
  creating remove removes removing do does done doing edit edited editing fail fails failing
  set setting code project projects app apps application program`.split(/\s+/).filter(Boolean),
);

/**
 * Other spellings docs use for a word (`folder` → `directory`, `dir`): the engine's own list of
 * interchangeable developer words, so the assistant and the search box bridge the same ones.
 */
function alternativesOf(word: string): string[] | undefined {
  const others = otherForms(word);
  return others.length > 0 ? [...others] : undefined;
}

/**
 * The member of a namespaced API name (`jest.clearAllMocks` → `clearAllMocks`): the same API is
 * often reached through another object in these docs (`vi.clearAllMocks`), and a reader names it
 * the way another library or an older version spelled it. Not for paths or file names
 * (`vite.config.ts`), whose last part is not camel case.
 */
function memberOf(token: string): string | undefined {
  // A camel-case member only: a plain word (`page.screenshot`) is a word of the question already.
  return /^[a-z][a-z0-9]*\.([a-z]+[A-Z][a-zA-Z0-9]*)(?:\(\))?$/.exec(token)?.[1];
}

/**
 * The words of a camel-case name of three parts or more (`setupFilesAfterEach` → `setup files`),
 * function words left out: a reader misremembers such a name, and the docs name the thing with
 * the other parts (`setupFiles`). Two-part names (`defineConfig`) are matched by the engine itself.
 */
function camelWords(token: string): string | undefined {
  if (!/^[a-z]+(?:[A-Z][a-z]+){2,}$/.test(token)) return undefined;
  const words = token.split(/(?=[A-Z])/).map((part) => part.toLowerCase()).filter((word) => !STOPWORDS.has(word));
  return words.length >= 2 ? words.join(' ') : undefined;
}

/** Openings that make a question lean on the previous one ("what about…", "and for…", "does it…"). */
const FOLLOW_UP_OPENING = /^(?:and|also|but|so|then|what about|how about|same for|and what about|what if|instead)\b/i;
const FOLLOW_UP_PRONOUN = /\b(?:it|its|it's|this|that|these|those|them|they|there|one|ones|same)\b/i;

const MAX_CORE_TERMS = 6;
/**
 * Hits asked per query kind: enough for the fusion to see agreement, few enough to stay fast on a
 * phone. A word alone is searched for its hit count (its rarity) only: its hits changed no answer
 * of the dev halves.
 */
const HITS: Record<Exclude<QueryKind, 'total'>, number> = { question: 20, core: 20, message: 12, api: 12, subset: 12, phrase: 10, pair: 8, term: 0 };
const MAX_CONTEXT_TERMS = 2;

/** What a long question is searched as besides its keyword core: the parts a reader would search for one by one. */
export interface QuestionParts {
  /** A pasted error's name when it says which error (`TS2582`, `ERR_REQUIRE_ESM`), not a generic `TypeError`. */
  errorName: string | null;
  /** A pasted error's message: its first sentence, the asker's paths and quoted file names left out. */
  message: string | null;
  /** The API names, options, flags and files the question names, as written. */
  apis: string[];
}

// `TypeError: …`, `error TS2582: …`, `Error [ERR_REQUIRE_ESM]: …`, `SyntaxError: …` anywhere on a line.
const ERROR_LINE = /(?:^|\s)(?:Uncaught\s+|Unhandled\s+)?(?:error\s+(TS\d+)|([A-Z][A-Za-z]*Error|Error)(?:\s*\[([A-Z][A-Z0-9_]+)\])?)\s*:\s*(\S.*)$/;

/**
 * Splits a question into the searches a reader would run for it: a pasted error (its first
 * line; a stack trace's "at …" lines say where, not what) into its name and its message, and
 * the API names it holds. A question without an error has only its API names.
 */
export function splitQuestion(question: string): QuestionParts {
  const apis = questionTerms(question)
    .filter((term) => term.technical && !USER_PATH.test(term.text))
    .map((term) => term.text);
  for (const line of question.split(/\r?\n/)) {
    const match = ERROR_LINE.exec(line.trim());
    if (!match) continue;
    const name = match[1] ?? match[3] ?? null;
    const message = match[4]!
      // The asker's paths and quoted module names vary from one project to the next.
      .replace(/(['"`])[^'"`]*[/\\][^'"`]*\1/g, ' ')
      .replace(/\s\S*[/\\]\S*/g, ' ')
      .split(/(?<=[.!?])\s+(?=[A-Z])/)[0]!
      .replace(/[.!?]+$/, '')
      .replace(/\s+/g, ' ')
      .trim();
    return { errorName: name, message: /[\p{L}\p{N}]/u.test(message) ? message : null, apis };
  }
  return { errorName: null, message: null, apis };
}

/** A word that reads as code: dotted (`server.proxy`), a dotfile (`.env`), a flag, camel case, snake case, a path or a file name. */
export function isTechnical(token: string): boolean {
  return (
    /^--?[a-z]/i.test(token) ||
    /^\.[a-z]/i.test(token) ||
    /[a-z0-9][._/:@][a-z0-9]/i.test(token) ||
    /^[a-z]+[A-Z]/.test(token) ||
    /^[A-Z][a-z]+[A-Z]/.test(token) ||
    /[a-z]_[a-z]/i.test(token) ||
    /^[A-Z0-9_]{3,}$/.test(token) ||
    /^@[a-z]/i.test(token)
  );
}

/** A light suffix stripper: enough for `deploying`/`deploys`/`deployed` → `deploy` and `libraries` → `library`. */
export function stem(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length <= 4) return word;
  if (word.endsWith('ies') && word.length > 5) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ing') && word.length > 6) return undouble(word.slice(0, -3));
  if (word.endsWith('ed') && word.length > 5) return undouble(word.slice(0, -2));
  if (word.endsWith('es') && /(?:ch|sh|x|ss|zz)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is|ys)$/.test(word)) return word.slice(0, -1);
  return word;
}

function undouble(base: string): string {
  return /([bdfgmnprt])\1$/.test(base) ? base.slice(0, -1) : base;
}

/** The terms of one question, in importance order, without duplicates. */
export function questionTerms(question: string): QuestionTerm[] {
  // A question in French, German or Spanish drops that language's function words as an English
  // one drops "how do I" (their list must be loaded: `loadStopWords`, as the assistant does first).
  const language = answerLanguage(question);
  const foreign = toldByFunctionWords(language) ? [language] : null;
  const technical: QuestionTerm[] = [];
  const words: QuestionTerm[] = [];
  const frame: QuestionTerm[] = [];
  const seen = new Set<string>();
  const add = (list: QuestionTerm[], term: QuestionTerm): void => {
    const key = term.text.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    list.push(term);
  };
  // Backticks mark code: kept whole, whatever it looks like (`vite build --watch` stays one unit).
  // A placeholder keeps its place among the words, for adjacency.
  const code: string[] = [];
  const rest = question.replace(/`([^`]+)`/g, (_, text: string) => ` \u0000${code.push(text.trim()) - 1} `);
  let position = 0;
  // Clauses break adjacency: in "port, host" the two words are not a phrase. (Spanish opens a question with ¿.)
  for (const clause of rest.split(/[,;!?¿¡()[\]{}<>]+|[.:](?:\s|$)/)) {
    position += 2;
    for (const raw of clause.split(/[\s"“”‘’]+/)) {
      position++;
      const placeholder = /^\u0000(\d+)$/.exec(raw);
      if (placeholder) {
        const text = code[Number(placeholder[1])]!;
        if (text) add(technical, { text, stem: text.toLowerCase(), technical: true, position });
        continue;
      }
      // Trailing sentence punctuation is not part of a token; inner dots and dashes are (`vite.config.ts`, `--base`).
      const token = raw.replace(/^(?:['.:]+(?![\p{L}])|[':]+)|['.:]+$/gu, '').replace(/'s$/i, '');
      if (!token || !/[\p{L}\p{N}]/u.test(token)) continue;
      if (STOPWORDS.has(token.toLowerCase())) continue;
      // The frame of a pasted error (`Uncaught TypeError:`, `Error:`) and the asker's own file paths
      // say little of which error it is: weak, and after the words, so a long message keeps its own
      // words within the core's terms.
      if (ERROR_FRAME.test(token) || USER_PATH.test(token)) {
        add(frame, { text: token.toLowerCase(), stem: token.toLowerCase(), technical: false, weak: true, position });
        continue;
      }
      if (isTechnical(token)) {
        const term: QuestionTerm = { text: token, stem: token.toLowerCase(), technical: true, position };
        const member = memberOf(token);
        const parts = camelWords(token);
        if (member || parts) term.alternatives = [...(member ? [member] : []), ...(parts ? [parts] : [])];
        add(technical, term);
        continue;
      }
      // A run of Chinese or Japanese (no spaces) holds several words: the engine's segmentation
      // splits it as it split the docs, and each word is a term (its particles are stop words).
      if (SEGMENTED_CHARACTER.test(token)) {
        for (const word of queryTerms(token)) {
          if (isStopWord(word) || STOPWORDS.has(word)) continue;
          add(words, { text: word, stem: word, technical: false, position: position++ });
        }
        continue;
      }
      const word = token.toLowerCase();
      if (word.length < 2 || (foreign && isStopWord(normalizeTerm(word), foreign))) continue;
      // A hyphenated word (`pre-bundling`) searches as its parts; keep it as one unit of meaning.
      const term: QuestionTerm = { text: word, stem: word.includes('-') ? word : stem(word), technical: false, position };
      if (WEAK_WORDS.has(word)) term.weak = true;
      const alternatives = alternativesOf(word);
      if (alternatives) term.alternatives = alternatives;
      add(words, term);
    }
  }
  return [...technical, ...words, ...frame];
}

function userText(message: { parts: Array<{ type: string; text?: string }> }): string {
  return message.parts
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join(' ');
}

/** Whether a question reads as leaning on the one before it. */
export function isFollowUp(question: string, terms: QuestionTerm[]): boolean {
  const trimmed = question.trim();
  return FOLLOW_UP_OPENING.test(trimmed) || terms.length <= 1 || (terms.length <= 3 && FOLLOW_UP_PRONOUN.test(trimmed));
}

/**
 * The terms in the order they are kept when there are too many for the core: technical tokens,
 * then the words of the sentences that ask (ending in "?"), then the rest, then the weak ones. A long message tells
 * its story first and asks last: its first words are seldom what it is about.
 */
function focusedTerms(question: string, terms: QuestionTerm[]): QuestionTerm[] {
  if (terms.length <= MAX_CORE_TERMS) return terms;
  const asking = question.split(/(?<=[?.!])\s+|\n+/).filter((sentence) => sentence.trim().endsWith('?') && !ERROR_LINE.test(sentence.trim()));
  if (asking.length === 0) return terms;
  const asked = new Set(questionTerms(asking.join(' ')).map((term) => term.text.toLowerCase()));
  // A pasted error's frame and the generic verbs stay last, wherever they are.
  const rank = (term: QuestionTerm): number => (term.weak ? 3 : term.technical ? 0 : asked.has(term.text.toLowerCase()) ? 1 : 2);
  const ordered = [...terms].sort((a, b) => rank(a) - rank(b));
  // When the asking sentences name two things or more, the story around them is left out: its words
  // would count against every section that answers the question itself.
  const focused = ordered.filter((term) => rank(term) <= 1);
  return focused.length >= 2 ? focused : ordered;
}

// A stack trace's frame: V8's `    at fn (/path/file.js:12:5)` (or `at /path/file.js:12:5`,
// `at new X (<anonymous>)`, `at Array.map (native)`), Firefox's and Safari's `fn@https://…/file.js:12:5`.
const STACK_FRAME = /^\s*(?:at\s.*(?::\d+(?::\d+)?\)?|\(native\)|<anonymous>\)?)|[\w$.<>/]*@\S+:\d+:\d+)\s*$/;

/**
 * The question less a pasted stack trace's frames: they say where the error was thrown in the
 * asker's code, never what the docs call anything, and two hundred of them would outweigh the
 * error's own line (its function names counted as the question's API names). A question of
 * frames alone is left as it is.
 */
export function withoutStackFrames(question: string): string {
  const lines = question.split(/\r?\n/);
  const kept = lines.filter((line) => !STACK_FRAME.test(line));
  return kept.length === lines.length || kept.every((line) => line.trim() === '') ? question : kept.join('\n');
}

/**
 * Plans the searches for the last question, its stack trace's frames left out. `previousQuestions`
 * are the earlier user questions of the conversation, oldest first; a follow-up borrows the
 * leading terms of the latest one.
 */
export function rewriteQuestion(pasted: string, previousQuestions: string[] = []): RewrittenQuestion {
  const question = withoutStackFrames(pasted);
  let terms = focusedTerms(question, questionTerms(question)).slice(0, MAX_CORE_TERMS);
  const previous = previousQuestions.length > 0 ? previousQuestions[previousQuestions.length - 1]! : '';
  const followUp = previous.trim() !== '' && isFollowUp(question, terms);
  if (followUp) {
    const known = new Set(terms.map((term) => term.stem));
    const borrowed = questionTerms(withoutStackFrames(previous))
      .filter((term) => !known.has(term.stem))
      .slice(0, MAX_CONTEXT_TERMS)
      .map((term) => ({ ...term, context: true }));
    terms = [...terms, ...borrowed];
  }
  const queries: PlannedQuery[] = [];
  const planned = new Set<string>();
  const addQuery = (query: string, kind: QueryKind, indexes: number[], texts: string[], hitsPerPage: number): void => {
    if (planned.has(query)) return;
    planned.add(query);
    queries.push({ query, kind, terms: indexes, texts, hitsPerPage });
  };
  const plan = (indexes: number[], kind: QueryKind, hitsPerPage: number, stemmedLast = false): void => {
    if (indexes.length === 0) return;
    // Borrowed terms alone would answer the previous question again: they only refine. Their
    // one-term searches still run, for their hit counts (rarity), but bring no hits.
    if (indexes.every((i) => terms[i]!.context)) {
      if (kind !== 'term') return;
      hitsPerPage = 0;
    }
    const texts = indexes.map((i) => terms[i]!.text);
    // Putting a stem last lets the engine's prefix match take `deploy` to `deployment` and `deploying`.
    if (stemmedLast) texts[texts.length - 1] = terms[indexes[indexes.length - 1]!]!.stem;
    addQuery(texts.join(' '), kind, indexes, texts, hitsPerPage);
    // Two-word queries also go out with each alternative spelling in place ("build directory"
    // for "build folder"): a pair is where a synonym finds the section a whole sentence misses.
    if (indexes.length !== 2) return;
    indexes.forEach((index, position) => {
      for (const alternative of terms[index]!.alternatives ?? []) {
        const variant = [...texts];
        variant[position] = alternative;
        addQuery(variant.join(' '), kind, indexes, variant, hitsPerPage);
      }
    });
  };
  const all = terms.map((_, i) => i);
  const own = all.filter((i) => !terms[i]!.context);
  plan(all, 'core', HITS.core, true);
  // The question as asked: the engine weighs its stop words little and relaxes it, rarest words
  // last, so it ranks the pages the whole sentence is about (error messages above all, whose
  // every word the keyword core cannot keep).
  const asked = question.replace(/\s+/g, ' ').trim();
  const ownTerms = all.filter((i) => !terms[i]!.context);
  if (asked && ownTerms.length > 0) addQuery(asked, 'question', ownTerms, ownTerms.map((i) => terms[i]!.text), HITS.question);
  const askedIndex = queries.findIndex((query) => query.query === asked);
  // A long question is also searched in its parts, as the hosted agent does: a pasted error by
  // its name and message (the engine weighs the message's words as a sentence), and the API names
  // it holds together. Their hits count for the question's terms they hold.
  const parts = splitQuestion(question);
  const indexesIn = (text: string): number[] => {
    const words = new Set(queryTerms(text).concat(text.toLowerCase().split(/\s+/)));
    return own.filter((i) => words.has(terms[i]!.text.toLowerCase()) || text.includes(terms[i]!.text));
  };
  if (parts.message) {
    const query = [parts.errorName, parts.message].filter(Boolean).join(' ');
    const indexes = indexesIn(query);
    if (indexes.length > 0) addQuery(query, 'message', indexes, indexes.map((i) => terms[i]!.text), HITS.message);
  }
  const apiTerms = own.filter((i) => terms[i]!.technical && parts.apis.includes(terms[i]!.text));
  if (apiTerms.length >= 2 || (apiTerms.length === 1 && own.length >= 3)) plan(apiTerms, 'api', HITS.api);
  // A follow-up also searches its own words alone: the borrowed context may be what misleads.
  if (followUp) plan(own, 'subset', HITS.subset, true);
  // Words next to each other in the question are a phrase ("web worker", "dev server"): the
  // strongest evidence of what it is about, whatever else the sentence says. (The core minus each
  // word, and pairs of words in both orders, were searched too until the engine's own ranking of
  // the question became the lead: on the dev halves they changed no citation, and were most of
  // the searches' time.)
  for (const a of all) {
    const next = all.find((b) => terms[b]!.position !== undefined && terms[b]!.position === terms[a]!.position! + 1 && !terms[b]!.context);
    if (next !== undefined && !terms[a]!.context && all.length >= 3) plan([a, next], 'phrase', HITS.phrase, true);
  }
  for (const i of all) plan([i], 'term', HITS.term, true);
  // Alternatives search alone and in place of their word in the core; they count for that word.
  for (const i of all) {
    for (const alternative of terms[i]!.alternatives ?? []) {
      const texts = all.map((j) => (j === i ? alternative : terms[j]!.text));
      addQuery(texts.join(' '), 'subset', all, texts, HITS.subset);
      addQuery(alternative, 'term', [i], [alternative], terms[i]!.context ? 0 : HITS.term);
    }
  }
  // The empty query's hit count is the index size: what turns the terms' hit counts into rarity.
  queries.push({ query: '', kind: 'total', terms: [], texts: [], hitsPerPage: 0 });
  // Shown to the user as "Searched for …": in the order they asked, the borrowed context after.
  const shown = [...terms].sort((a, b) => Number(a.context ?? false) - Number(b.context ?? false) || (a.position ?? 0) - (b.position ?? 0));
  const language = answerLanguage(question);
  return { terms, keywordQuery: shown.map((term) => term.text).join(' '), queries, followUp, asked: askedIndex, ...(parts.message ? { error: true } : {}), ...(ASKS_EXPLANATION.test(question) ? { explanation: true } : {}), ...(language !== 'en' ? { language } : {}) };
}

/** The text of the last user message and of the user messages before it, oldest first. */
export function splitConversation(messages: Array<{ role: string; parts: Array<{ type: string; text?: string }> }>): {
  question: string;
  previousQuestions: string[];
} {
  const users = messages.filter((message) => message.role === 'user').map(userText);
  return { question: users[users.length - 1] ?? '', previousQuestions: users.slice(0, -1).filter((text) => text.trim() !== '') };
}
