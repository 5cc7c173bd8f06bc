/**
 * The assistant backend's suggested questions: the widget reads them with a keyword search on a
 * virtual index, `filters: 'state:published AND assistantId:<id>'`, `hitsPerPage: 3`. Served
 * through the ordinary search endpoint over the same engine, so the widget's request (filters,
 * hitsPerPage, attributesToRetrieve) is answered as the provider would.
 */
import { buildIndex } from '../engine/build.js';
import { SearchEngine } from '../engine/engine.js';
import { memorySource } from '../engine/memory-source.js';
import type { DocRecord } from '../records.js';

export const SUGGESTED_QUESTIONS_INDEX = 'algolia_ask_ai_suggested_questions';

/** Questions for every assistant (a list), or per assistant id. */
export type SuggestedQuestions = readonly string[] | Readonly<Record<string, readonly string[]>>;

export function validateSuggestedQuestions(value: unknown): SuggestedQuestions {
  const isList = (list: unknown): list is string[] => Array.isArray(list) && list.every((item) => typeof item === 'string' && item.trim() !== '');
  if (isList(value)) return value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every(isList)) return value as Record<string, string[]>;
  throw new TypeError(`startServer: "suggestedQuestions" must be a list of questions or { [assistantId]: questions }, got ${JSON.stringify(value)}`);
}

/** Records of the virtual index, shaped like the indexer's so the engine can search them. */
function questionRecords(entries: Array<[assistantId: string, questions: readonly string[]]>): DocRecord[] {
  return entries.flatMap(([assistantId, questions]) =>
    questions.map((question, i) => ({
      objectID: `${assistantId}-${i + 1}`,
      url: '',
      anchor: null,
      type: 'content' as const,
      hierarchy: { lvl0: null, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content: question,
      question,
      state: 'published',
      assistantId,
    })),
  );
}

// A list is for whichever assistant asks, and the assistant id is only known from a request;
// engines per id are cached, and the cache is bounded since ids come from the network.
const MAX_CACHED_ASSISTANTS = 64;

export class SuggestedQuestionsIndex {
  readonly #questions: SuggestedQuestions;
  readonly #engines = new Map<string, SearchEngine>();

  constructor(questions: SuggestedQuestions = []) {
    this.#questions = questions;
  }

  /** The engine to answer a search with these parameters (the assistant id is read from `filters`). */
  engineFor(params: Record<string, unknown>): SearchEngine {
    const questions = this.#questions;
    if (!Array.isArray(questions)) return this.#cached('', () => questionRecords(Object.entries(questions)));
    const assistantId = assistantIdOf(params.filters) ?? '';
    return this.#cached(assistantId, () => questionRecords([[assistantId, questions as readonly string[]]]));
  }

  #cached(key: string, records: () => DocRecord[]): SearchEngine {
    let engine = this.#engines.get(key);
    if (!engine) {
      if (this.#engines.size >= MAX_CACHED_ASSISTANTS) this.#engines.clear();
      // distinct 0: every question has the same (empty) URL, and each one is a hit of its own.
      engine = new SearchEngine(memorySource(buildIndex(records(), { distinct: 0 })));
      this.#engines.set(key, engine);
    }
    return engine;
  }
}

function assistantIdOf(filters: unknown): string | undefined {
  if (typeof filters !== 'string') return undefined;
  const match = /assistantId:(?:"([^"]*)"|([^\s()]+))/.exec(filters);
  return match ? (match[1] ?? match[2]) : undefined;
}
