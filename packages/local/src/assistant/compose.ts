/**
 * The extractive answer: which retrieved sections to cite, which of their sentences to quote, and
 * the Markdown around them. Every quoted sentence is the documentation's own text, under a link
 * to the section it comes from; the only words of ours are the short framing lines.
 */
import { ENGLISH_ANSWER_TEXTS, type AnswerTexts, type LeadVerb } from './answerTexts.js';
import type { AssistantPassage } from './types.js';
import { termsIn } from './match.js';
import { isFunctionWord, stem, type RewrittenQuestion } from './rewrite.js';
import type { Retrieval, RetrievedSection } from './retrieve.js';

export interface ComposeOptions {
  /** Sections of the fused ranking quoted at most (the engine's pages come on top of them). */
  maxSections: number;
  /** Sections of one page quoted at most: one, so that an answer spanning pages cites each of them (the dev halves of the evaluation sets agreed). */
  maxPerPage: number;
  /**
   * Below this share of the question's weight, the best section is not an answer, unless the
   * index has every word of the question: then the docs are about it, only spread over sections.
   */
  minCoverage: number;
  /** A further section is cited only with at least this share of the best section's score… */
  minRelativeScore: number;
  /** …and at least this share of the question's weight (a page of the engine's ranking too). */
  minSecondaryCoverage: number;
  /** Weight of the engine's ranking of pages against the fused sections' (1) when they are merged; 0 leaves it out. */
  engineWeight: number;
  /**
   * The engine's first pages for the question as asked that an answer always cites (when it
   * answers): the answer never holds fewer of the pages that answer than the engine's first ones do.
   */
  enginePagesCited: number;
  /** Pages of the fused ranking cited besides the engine's (when not among them). */
  fusedPagesCited: number;
  /**
   * Pages an answer cites at most: after the pages above, the next ones of both rankings by
   * reciprocal rank (the engine's fourth and fifth pages, the fused ranking's next) fill it up.
   */
  maxPages: number;
  /** Pages quoted, so the answer stays short; the further cited pages are its sources only (listed under it by the chat). */
  quotedPages: number;
}

export const DEFAULT_COMPOSE: ComposeOptions = {
  maxSections: 3,
  maxPerPage: 1,
  minCoverage: 0.34,
  minRelativeScore: 0.1,
  minSecondaryCoverage: 0.3,
  engineWeight: 1,
  enginePagesCited: 3,
  fusedPagesCited: 1,
  maxPages: 5,
  quotedPages: 3,
};

/** The "not in the docs" answer, in English (each language's is in its `AnswerTexts`). */
export const NOT_FOUND_TEXT = ENGLISH_ANSWER_TEXTS.notFound;

/**
 * The sections an answer cites, best first; empty when nothing relevant was found. The engine's
 * first pages for the question as asked are always cited (it weighs the whole sentence, and its
 * first three pages hold an answer more often than any other pick tried on the dev halves), with
 * the fused ranking's first page beside them; they are ordered by reciprocal rank over both
 * rankings. A page both found is quoted from the fused ranking's best section there, which is
 * about the question's terms.
 */
export function selectSections(retrieval: Retrieval, options: ComposeOptions = DEFAULT_COMPOSE): RetrievedSection[] {
  const fused = fusedSelection(retrieval, options);
  // Whether a question is answered at all is the fused sections' call: the engine relaxes a
  // question until something matches, so it has pages even for one the docs don't cover (an
  // engine page holding a third of an off-topic question's weight answered "best pizza places"
  // from release notes in bench/assistant.ts; at any lower bar more off-topic questions got answers).
  const engine = retrieval.enginePages;
  if (fused.length === 0 || options.engineWeight === 0 || engine.length === 0) return fused;
  const scores = new Map<string, number>();
  const sectionOf = new Map<string, RetrievedSection>();
  const cited = new Set<string>();
  // The engine's pages first, so that it wins a tie: its first page is as strong a lead as the fused one.
  engine.forEach((section, rank) => {
    scores.set(section.pageUrl, options.engineWeight / (1 + rank));
    sectionOf.set(section.pageUrl, retrieval.sections.find((other) => other.pageUrl === section.pageUrl) ?? section);
    if (rank < options.enginePagesCited) cited.add(section.pageUrl);
  });
  let extra = 0;
  fused.forEach((section, rank) => {
    scores.set(section.pageUrl, (scores.get(section.pageUrl) ?? 0) + 1 / (1 + rank));
    sectionOf.set(section.pageUrl, section);
    if (!cited.has(section.pageUrl) && extra < options.fusedPagesCited) {
      cited.add(section.pageUrl);
      extra++;
    }
  });
  const byScore = (a: string, b: string): number => scores.get(b)! - scores.get(a)!;
  for (const page of [...scores.keys()].sort(byScore)) {
    if (cited.size >= options.maxPages) break;
    cited.add(page);
  }
  return [...cited].sort(byScore).map((page) => sectionOf.get(page)!);
}

function fusedSelection(retrieval: Retrieval, options: ComposeOptions): RetrievedSection[] {
  const [top] = retrieval.sections;
  // Off-topic questions hold a word the docs never use ("sourdough", "PyTorch", "Kubernetes" in
  // bench/assistant.ts); a question made of the docs' own words whose best section holds a few of
  // them ("the duration and state of each test in a custom reporter") is spread over sections.
  // The dev halves: 3 more questions answered, 1 more cited, none worse; off-topic still declined.
  const everyWordKnown = retrieval.weights.length > 0 && retrieval.weights.every((weight) => weight > 0);
  if (!top || (!everyWordKnown && top.coverage < options.minCoverage)) return [];
  const picked: RetrievedSection[] = [top];
  const perPage = new Map<string, number>([[top.pageUrl, 1]]);
  for (const section of retrieval.sections.slice(1)) {
    if (picked.length >= options.maxSections) break;
    if (section.score < top.score * options.minRelativeScore) break;
    if (section.coverage < options.minSecondaryCoverage) continue;
    const count = perPage.get(section.pageUrl) ?? 0;
    if (count >= options.maxPerPage) continue;
    perPage.set(section.pageUrl, count + 1);
    picked.push(section);
  }
  return picked;
}

/** `Page › Heading`, or the page title alone for a page's introduction. */
export function sectionTitle(section: RetrievedSection): string {
  return section.heading && section.heading !== section.page ? `${section.page} › ${section.heading}` : section.page;
}

// Splits after a sentence's end, not after "e.g." and the like.
const SENTENCE_END = /(?<!\b(?:e\.g|i\.e|etc|vs|cf))(?<=[.!?])\s+(?=[A-Z0-9`"'(\[])/;

export function splitSentences(text: string): string[] {
  return text
    .split(SENTENCE_END)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

interface ScoredSentence {
  text: string;
  score: number;
  order: number;
  /** It says the question back (`echoesQuestion`). */
  echo: boolean;
}

/**
 * Whether a line only says the question back: not a sentence (no end punctuation: an error line
 * shown in the docs, a heading, a list item), and every word of it that is not a function word is
 * one of the question's ("Segmentation fault (core dumped)" at the head of the section that
 * explains it). It matches best, and tells the asker nothing they did not write.
 */
export function echoesQuestion(text: string, asked: ReadonlySet<string>): boolean {
  if (/[.!?:;]["')`]*$/.test(text.trim())) return false;
  const words = (text.toLowerCase().match(/[\p{L}\p{N}_$]+/gu) ?? []).filter((word) => word.length > 1 && !isFunctionWord(word));
  if (words.length < 2) return false;
  return words.every((word) => asked.has(word) || asked.has(stem(word)));
}

/** The question's words as `echoesQuestion` compares them: each term, its stem and the words of a compound one. */
function questionWords(plan: RewrittenQuestion): Set<string> {
  return new Set(plan.terms.flatMap((term) => [term.text.toLowerCase(), term.stem, ...(term.text.toLowerCase().match(/[\p{L}\p{N}_$]+/gu) ?? [])]));
}

/** The section's sentences that carry the most of the question, best first. */
export function rankSentences(section: RetrievedSection, plan: RewrittenQuestion, weights: number[]): ScoredSentence[] {
  const scored: ScoredSentence[] = [];
  const asked = questionWords(plan);
  let order = 0;
  for (const passage of section.passages) {
    let echoed = 0;
    for (const text of splitSentences(passage.content ?? '')) {
      let score = termsIn(text, plan).reduce((sum, t) => sum + (weights[t] ?? 0), 0);
      // Very short fragments ("Default: false.") say little on their own; very long ones bury the point.
      const length = text.split(/\s+/).length;
      // A sentence ending in ":" introduced a code block the index left out: it reads cut off.
      const penalty = (length < 4 ? 0.5 : length > 60 ? 0.8 : 1) * (/:$/.test(text) ? 0.6 : 1);
      // What follows a sentence that says the question back is what the docs say about it: it
      // takes that sentence's rank, and the echo goes last.
      const echo = score > 0 && echoesQuestion(text, asked);
      score = Math.max(score * penalty, echoed);
      echoed = echo ? score : 0;
      scored.push({ text, score, order: order++, echo });
    }
  }
  return scored.sort((a, b) => Number(a.echo) - Number(b.echo) || b.score - a.score || a.order - b.order);
}

/** Quoted text, Markdown-safe, with code-like tokens in backticks. */
export function formatQuote(text: string): string {
  return text
    .split(/(\s+)/)
    .map((token) => {
      if (/^\s+$/.test(token) || token === '') return token;
      const match = /^([("'“]*)(.*?)([)"'”.,;:!?]*)$/.exec(token)!;
      const [, lead = '', core = '', trail = ''] = match;
      if (isCodeLike(core)) return `${escapeMarkdown(lead)}\`${core}\`${escapeMarkdown(trail)}`;
      return escapeMarkdown(token);
    })
    .join('');
}

/**
 * Stricter than the question's `isTechnical`: prose is full of product names (`TypeScript`,
 * `Node.js`) and acronyms (`API`) that must not turn into code. Code here is a lower-case dotted
 * or camel-case identifier, a dotfile, a flag, a path, or an upper-case name with underscores.
 */
export function isCodeLike(token: string): boolean {
  if (token.length < 3 || token.includes('`') || /^(?:e\.g|i\.e|etc|vs)\.?$/i.test(token)) return false;
  return (
    /^[a-z_$][\w$]*(?:\.[\w$]+)+(?:\(\))?$/.test(token) || // server.proxy, import.meta.env, vite.config.js
    /^[a-z_$][a-z0-9]*[A-Z][\w$]*(?:\(\))?$/.test(token) || // defineConfig, envPrefix
    /^\.[a-z][\w.-]*$/.test(token) || // .env.local
    /^--?[a-z][\w-]*(?:=\S+)?$/.test(token) || // --force, --port=3000
    /^(?:\.{0,2}\/)?[\w@.-]+\/[\w@./-]+$/.test(token) && /[a-z]/.test(token) && !/^[a-z]+\/[a-z]+$/i.test(token) || // vite/client stays prose-like; src/main.ts, @vitejs/plugin-react
    /^[A-Z][A-Z0-9]*_[A-Z0-9_]*$/.test(token) // VITE_SOME_KEY, NODE_ENV, VITE_
  );
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>#|~]/g, (ch) => `\\${ch}`);
}

export function markdownLink(text: string, url: string): string {
  const safeUrl = url.replace(/[ ()<>]/g, (ch) => encodeURIComponent(ch));
  return `[${text.replace(/[\\[\]]/g, (ch) => `\\${ch}`)}](${safeUrl})`;
}

/** The sentences to quote of one section: its best ones, in the order they appear. */
function quotedSentences(section: RetrievedSection, plan: RewrittenQuestion, weights: number[], sentences: number): string[] {
  const all = rankSentences(section, plan, weights);
  // The sentences that hold the question's words, else the section's own first ones (a section
  // found by its heading, whose text explains without repeating it); an echo of the question only
  // when the section has nothing else.
  const said = all.filter((sentence) => !sentence.echo);
  const matching = said.filter((sentence) => sentence.score > 0);
  const chosen = (matching.length > 0 ? matching : said.length > 0 ? said.sort((a, b) => a.order - b.order) : all).slice(0, sentences);
  return chosen.sort((a, b) => a.order - b.order).map((sentence) => sentence.text);
}

export interface ComposedAnswer {
  text: string;
  sources: RetrievedSection[];
}

/** The answer; its own words in `texts` (the question's language: `loadAnswerTexts(plan.language)`). */
export function composeAnswer(plan: RewrittenQuestion, retrieval: Retrieval, options: ComposeOptions = DEFAULT_COMPOSE, texts: AnswerTexts = ENGLISH_ANSWER_TEXTS): ComposedAnswer {
  const sources = selectSections(retrieval, options);
  if (sources.length === 0) return { text: texts.notFound, sources };
  const blocks: string[] = [];
  // The further sources are not written into the text: the chat lists every source under the
  // answer ("Related sources", from the `source-url` parts), so a line of links here said them twice.
  const quoted = sources.slice(0, options.quotedPages);
  quoted.forEach((section, i) => {
    const link = markdownLink(sectionTitle(section), section.url);
    const sentences = quotedSentences(section, plan, retrieval.weights, i === 0 ? 2 : 1);
    const quote = sentences.length > 0 ? sentences.map(formatQuote).join(' ') : null;
    if (i === 0) blocks.push(leadSentence(section, link, plan, sentences, retrieval.weights, texts));
    else blocks.push(texts.seeAlso(link) + (quote ? texts.colon : texts.stop));
    if (quote) blocks.push(`> ${quote}`);
  });
  return { text: blocks.join('\n\n'), sources };
}

/**
 * The option, API or flag a section documents, when its heading is one (`server.port`,
 * `vi.mock(path, factory?)`, `--reporter`, or a one-word heading of a config page: `globals`).
 */
export function documentedName(section: RetrievedSection): string | null {
  const heading = (section.heading || section.page).trim();
  const name = /^(?:--?)?[\w$@][\w$.@/-]*(?:\(\))?/.exec(heading)?.[0] ?? '';
  // The heading is the name, possibly with a signature or a type after it, not a sentence.
  const rest = heading.slice(name.length).trim();
  if (!name || (rest !== '' && !/^[(<:{[]/.test(rest))) return null;
  if (isCodeLike(name)) return name;
  const onConfigPage = /\/config(?:\/|$|#)/.test(section.pageUrl) || /\/config\//.test(section.url);
  return onConfigPage && /^[a-z][a-z0-9]*$/.test(name) && name.length >= 4 ? name : null;
}

// "use `coverage.exclude`", "set the `mockReset` setting", "run `vitest --shard`", "pass `--project`": what the docs tell to do.
const STATED_ACTION = /\b(use|set|enable|pass|run|call)\s+(?:the\s+)?`?((?:--?)?[A-Za-z_$@.][\w$.@/:=-]*(?:\(\))?)`?/i;

/**
 * The answer's first sentence: where the answer is and, when the quoted passage says what to use,
 * set, pass or run (a name in code), that; or, when the question itself names the option or API
 * the section documents, that name. Nothing the quote or the question does not state.
 */
function leadSentence(section: RetrievedSection, link: string, plan: RewrittenQuestion, sentences: string[], weights: number[], texts: AnswerTexts): string {
  const end = sentences.length > 0 ? texts.colon : texts.stop;
  for (const sentence of sentences) {
    const match = STATED_ACTION.exec(sentence);
    const name = match?.[2]?.replace(/[.,;:]+$/, '');
    // A file extension ("use `.mjs`") is one step of a fix, not the option or API that answers.
    if (match && name && isCodeLike(name) && !/^\.[a-z0-9]{1,4}$/i.test(name)) {
      return texts.act(match[1]!.toLowerCase() as LeadVerb, `\`${name}\``, link) + end;
    }
  }
  // The option the section's heading names is what to set or use for "how do I …", not the answer
  // to "why does it …" or "how do they differ" (a passage that states a step still leads, above).
  const name = plan.explanation ? null : documentedName(section);
  const asked = plan.terms.some((term) => !term.context && name !== null && term.text.toLowerCase().replace(/\(\)$/, '') === name.toLowerCase().replace(/\(\)$/, ''));
  if (name && asked) {
    const verb = name.startsWith('-') ? 'pass' : /\/config(?:\/|$|#)/.test(section.url) && !name.includes('(') ? 'set' : 'use';
    return texts.act(verb, `\`${name}\``, link) + end;
  }
  // Where the answer is, when what is quoted (with its headings) holds most of the question;
  // else only that it is the most relevant passage found: the lead claims no more than the quote shows.
  if (!coversQuestion([section.page, section.heading, ...sentences].join(' \n '), plan, weights)) {
    return texts.closest(link, plan.error === true) + end;
  }
  return (plan.error ? texts.errorIn(link) : texts.answerIn(link)) + end;
}

/** Share of the question's weight (its own terms, the borrowed context left out) a text must hold for the lead to say the answer is there. */
const COVERED = 0.5;

function coversQuestion(text: string, plan: RewrittenQuestion, weights: number[]): boolean {
  const own = plan.terms.map((term, i) => (term.context ? 0 : (weights[i] ?? 0)));
  const total = own.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return true;
  return termsIn(text, plan).reduce((sum, t) => sum + own[t]!, 0) / total >= COVERED;
}

/**
 * The passages handed to a generator: the sections the extractive answer would cite, in its
 * order, then the next best of the fused ranking, with their text.
 */
export function passagesFor(retrieval: Retrieval, count = 5, maxChars = 1500, options: ComposeOptions = DEFAULT_COMPOSE): { passages: AssistantPassage[]; sources: RetrievedSection[] } {
  const cited = selectSections(retrieval, options);
  const sections = [...cited, ...retrieval.sections.filter((section) => !cited.some((other) => other.url === section.url))].slice(0, Math.max(count, cited.length));
  const passages = sections.map((section) => {
    const text = section.passages.map((passage) => passage.content ?? '').join('\n') || sectionTitle(section);
    return { url: section.url, title: sectionTitle(section), text: text.length > maxChars ? `${text.slice(0, maxChars)}…` : text };
  });
  return { passages, sources: cited };
}
