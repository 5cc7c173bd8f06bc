import { isToolPart } from '../../core/chat/messages.js';
import type { ToolPart } from '../../core/chat/types.js';

/** What the UI shows for the tool calls of an answer, one entry per line. */
export type ToolLine =
  /** Finished searches in a row, shown as one line ("Searched for a, b and c"). */
  | { kind: 'searched'; queries: string[] }
  /** A search whose input is still arriving (no query yet), or running with its query. */
  | { kind: 'searching'; query: string | undefined }
  /** Any other tool, by name. */
  | { kind: 'tool'; name: string; done: boolean };

/** The search tools of the two backends: `searchIndex` (assistant), `algolia_search_index` (agent). */
const SEARCH_TOOLS = new Set(['searchIndex', 'algolia_search_index']);

export { isToolPart };

/** The query of a search call: from its input, else from its output (the assistant echoes it). */
export function queryOf(part: ToolPart): string | undefined {
  for (const value of [part.input, part.output]) {
    const query = value && typeof value === 'object' ? (value as { query?: unknown }).query : undefined;
    if (typeof query === 'string' && query.trim() !== '') return query;
  }
  return undefined;
}

/** Lines for consecutive tool parts; consecutive finished searches collapse into one line. */
export function toolLinesOf(parts: ToolPart[]): ToolLine[] {
  const lines: ToolLine[] = [];
  for (const part of parts) {
    const name = part.type.slice('tool-'.length);
    const done = part.state === 'output-available' || part.state === 'output-error';
    if (!SEARCH_TOOLS.has(name)) {
      lines.push({ kind: 'tool', name, done });
      continue;
    }
    const query = queryOf(part);
    const last = lines[lines.length - 1];
    if (done && query !== undefined) {
      if (last?.kind === 'searched') last.queries.push(query);
      else lines.push({ kind: 'searched', queries: [query] });
    } else if (!done) {
      lines.push({ kind: 'searching', query });
    }
    // A finished search without a query has nothing to show.
  }
  return lines;
}

/** `aggregatedToolCallText`'s result: words around and between the queries of a line. */
export interface AggregatedTextParts {
  before?: string;
  separator?: string;
  lastSeparator?: string;
  after?: string;
}

/** An aggregated line as words: `before`, the queries with `joiners[i]` after query i, `after`. */
export interface AggregatedText {
  before: string;
  joiners: string[];
  after: string;
}

/**
 * The default words joining queries come from `Intl.ListFormat` in the page's language ("a, b,
 * and c" in English), so no English conjunction is hard-coded; `aggregatedToolCallText`
 * overrides any of them.
 */
export function aggregatedTextOf(
  queries: string[],
  afterToolCallText: string,
  override: ((queries: string[]) => AggregatedTextParts) | undefined,
  locale = typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined,
): AggregatedText {
  const count = queries.length;
  let joiners = queries.slice(1).map(() => ', ');
  try {
    const parts = new Intl.ListFormat(locale, { type: 'conjunction' }).formatToParts(queries.map(String));
    const literals = parts.filter((part) => part.type === 'literal').map((part) => part.value);
    if (literals.length === count - 1) joiners = literals;
  } catch {
    // No Intl.ListFormat, or a locale it rejects: commas only.
  }
  let given: AggregatedTextParts = {};
  try {
    given = override?.(queries) ?? {};
  } catch (error) {
    console.error('sitesearch: option "translations.modal.askAiScreen.aggregatedToolCallText" threw; the default text is shown instead.', error);
  }
  joiners = joiners.map((joiner, index) => (index === count - 2 ? given.lastSeparator : given.separator) ?? joiner);
  return { before: given.before ?? `${afterToolCallText} `, joiners, after: given.after ?? '' };
}
