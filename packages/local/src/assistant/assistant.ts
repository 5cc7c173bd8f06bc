/**
 * The local assistant: question → rewritten searches → fused sections → an extractive (or
 * generated) answer, as the UI message stream of the hosted backends. Never throws: a failed
 * search becomes an `error` chunk, an abort ends the stream quietly.
 */
import { loadStopWords } from '../engine/stopwords.js';
import type { AssistantChunk, AssistantSearchClient, LocalAssistant, LocalAssistantOptions } from './types.js';
import { answerLanguage, loadAnswerTexts, toldByFunctionWords } from './answerTexts.js';
import { composeAnswer, DEFAULT_COMPOSE, passagesFor, rankSentences, sectionTitle } from './compose.js';
import { retrieve, type Retrieval, type RetrievedSection } from './retrieve.js';
import { rewriteQuestion, splitConversation, type RewrittenQuestion } from './rewrite.js';

export const SEARCH_TOOL = 'searchIndex';
/** Hits shown in the tool output (the UI lists them under "Searched for …"). */
const TOOL_HITS = 6;
/** Words per text delta: small enough to look streamed, large enough not to flood the wire. */
const WORDS_PER_DELTA = 4;

/** The hit fields a UI needs, with the content cut to a snippet. */
export interface ToolHit {
  objectID: string;
  url: string;
  hierarchy: RetrievedSection['hierarchy'];
  content: string | null;
}

export function createLocalAssistant(options: LocalAssistantOptions): LocalAssistant {
  if (!options || typeof options.searchClient?.search !== 'function') {
    throw new TypeError('createLocalAssistant: "searchClient" with a search({ requests }) method is required');
  }
  if (typeof options.indexName !== 'string' || options.indexName === '') {
    throw new TypeError('createLocalAssistant: "indexName" is required');
  }
  return {
    answer: (request) => answerStream(options, request.messages ?? [], request.signal),
  };
}

async function* answerStream(
  options: LocalAssistantOptions,
  messages: Parameters<LocalAssistant['answer']>[0]['messages'],
  signal: AbortSignal | undefined,
): AsyncGenerator<AssistantChunk> {
  const aborted = (): boolean => signal?.aborted === true;
  if (aborted()) return;
  const { question, previousQuestions } = splitConversation(messages);
  // A question in French, German or Spanish needs that language's function words (a chunk the
  // engine loads only for an index in it) to leave them out of its searches, on any site.
  const asked = answerLanguage(question);
  if (toldByFunctionWords(asked)) await loadStopWords([asked]);
  if (aborted()) return;
  const plan = rewriteQuestion(question, previousQuestions);
  // A question in another language than English fetches its texts while the search runs (one chunk for them all).
  void loadAnswerTexts(plan.language);
  const toolCallId = newId('call');
  yield { type: 'start', messageId: newId('msg') };
  yield { type: 'start-step' };
  yield { type: 'tool-input-start', toolCallId, toolName: SEARCH_TOOL };
  yield { type: 'tool-input-available', toolCallId, toolName: SEARCH_TOOL, input: { query: plan.keywordQuery } };

  let retrieval: Retrieval;
  if (plan.terms.length === 0) {
    retrieval = { sections: [], weights: [], enginePages: [] };
  } else {
    const outcome = await untilAborted(search(options.searchClient, options, plan), signal);
    if (outcome === ABORTED || aborted()) return;
    if ('error' in outcome) {
      const errorText = `The documentation search failed: ${describeError(outcome.error)}`;
      yield { type: 'tool-output-error', toolCallId, errorText };
      yield { type: 'error', errorText };
      return;
    }
    retrieval = outcome.retrieval;
  }
  yield { type: 'tool-output-available', toolCallId, output: { query: plan.keywordQuery, hits: toolHits(retrieval, plan) } };
  yield { type: 'finish-step' };
  if (aborted()) return;

  // A tool call followed by text needs its own step, or AI-SDK clients resend (PROTOCOLS.md 1).
  yield { type: 'start-step' };
  const textId = newId('text');
  yield { type: 'text-start', id: textId };
  let sources: RetrievedSection[];
  if (options.generate) {
    // The model reads the sections the extractive answer would quote, first, and the answer lists them as its sources.
    const given = passagesFor(retrieval);
    sources = given.sources;
    try {
      const deltas = options.generate({ question, history: messages, passages: given.passages, signal });
      for await (const delta of deltas) {
        if (aborted()) return;
        if (delta) yield { type: 'text-delta', id: textId, delta };
      }
    } catch (error) {
      if (aborted()) return;
      yield { type: 'error', errorText: `The answer could not be written: ${describeError(error)}` };
      return;
    }
  } else {
    // The docs found tell a Japanese question of Han characters alone from a Chinese one.
    const best = retrieval.sections[0];
    const texts = await loadAnswerTexts(answerLanguage(question, best ? best.passages.map((passage) => passage.content ?? '').join(' ') : ''));
    const composed = composeAnswer(plan, retrieval, DEFAULT_COMPOSE, texts);
    if (aborted()) return;
    sources = composed.sources;
    for (const delta of wordGroups(composed.text, WORDS_PER_DELTA)) {
      if (aborted()) return;
      yield { type: 'text-delta', id: textId, delta };
    }
  }
  if (aborted()) return;
  yield { type: 'text-end', id: textId };
  // The pages the answer drew from, in its order: the chat UI lists them under the answer, as the hosted backends' sources.
  for (const [i, section] of sources.entries()) yield { type: 'source-url', sourceId: `source-${i + 1}`, url: section.url, title: sectionTitle(section) };
  yield { type: 'finish-step' };
  yield { type: 'finish', finishReason: 'stop' };
}

async function search(client: AssistantSearchClient, options: LocalAssistantOptions, plan: RewrittenQuestion): Promise<{ retrieval: Retrieval } | { error: unknown }> {
  try {
    return { retrieval: await retrieve(client, options.indexName, plan, options.searchParameters) };
  } catch (error) {
    return { error };
  }
}

const ABORTED = Symbol('aborted');

/** The promise's value, or `ABORTED` as soon as the signal fires (the search itself cannot be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | typeof ABORTED> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(ABORTED);
  return new Promise((resolve) => {
    const onAbort = (): void => resolve(ABORTED);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      () => resolve(ABORTED), // `search` never rejects; keeps the types honest
    );
  });
}

function toolHits(retrieval: Retrieval, plan: RewrittenQuestion): ToolHit[] {
  return retrieval.sections.slice(0, TOOL_HITS).map((section) => {
    const [best] = rankSentences(section, plan, retrieval.weights);
    const text = best?.text ?? section.best.content;
    return {
      objectID: section.best.objectID,
      url: section.url,
      hierarchy: section.hierarchy,
      content: text ? clip(text, 200) : sectionTitle(section),
    };
  });
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

/** The text in groups of a few words, whitespace kept, so the deltas join back to the exact text. */
export function wordGroups(text: string, size: number): string[] {
  const pieces = text.match(/\S+\s*/g) ?? [];
  const leading = /^\s+/.exec(text)?.[0] ?? '';
  const groups: string[] = [];
  for (let i = 0; i < pieces.length; i += size) groups.push(pieces.slice(i, i + size).join(''));
  if (leading && groups.length > 0) groups[0] = leading + groups[0];
  return groups;
}

function describeError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
  return 'unknown error';
}

let counter = 0;
function newId(prefix: string): string {
  const random = globalThis.crypto?.randomUUID?.().replace(/-/g, '').slice(0, 16);
  return `${prefix}_${random ?? `${Date.now().toString(36)}${(counter++).toString(36)}`}`;
}
