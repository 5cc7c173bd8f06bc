/**
 * The multi-query request shapes clients send, reduced to `{ indexName, params }`. The v5 lite
 * client sends params flat on each request; v4 and the legacy array signature send them as a
 * URL-encoded `params` string. Both are accepted.
 */
import { SearchRequestError } from './errors.js';

export interface IndexQuery {
  indexName: string;
  params: Record<string, unknown>;
}

/** Decodes the provider's `params` query string; lists travel as JSON inside it. */
export function parseParamsString(encoded: string): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    params[name] = /^[[{]/.test(value) ? parseJsonOr(value) : value;
  }
  return params;
}

function parseJsonOr(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** One search of a multi-query body, or the body of a single-index query (with `indexName` given). */
export function normalizeQuery(request: unknown, where: string, indexName?: string): IndexQuery {
  if (request === null || typeof request !== 'object' || Array.isArray(request)) {
    throw new SearchRequestError(`${where} must be an object with "indexName" and search parameters`);
  }
  const { indexName: requestIndex, params, type, ...flat } = request as Record<string, unknown>;
  const name = indexName ?? requestIndex;
  if (typeof name !== 'string' || name === '') throw new SearchRequestError(`${where} has no "indexName"`);
  if (type !== undefined && type !== 'default') {
    throw new SearchRequestError(`${where} has "type": ${JSON.stringify(type)}; the local engine answers only "default" (hits) searches, not facet searches`);
  }
  if (params !== undefined && typeof params !== 'string' && (typeof params !== 'object' || params === null || Array.isArray(params))) {
    throw new SearchRequestError(`${where} has "params" that is neither a URL-encoded string nor an object`);
  }
  const decoded = typeof params === 'string' ? parseParamsString(params) : ((params as Record<string, unknown> | undefined) ?? {});
  // In-process callers (the lite client's legacy signature) leave `facet: undefined` and the like.
  const defined = Object.fromEntries(Object.entries({ ...decoded, ...flat }).filter(([, value]) => value !== undefined));
  return { indexName: name, params: defined };
}

/** The body of `POST /1/indexes/*\/queries` (or the lite client's `search()` argument) → its searches. */
export function normalizeMultiQuery(body: unknown): IndexQuery[] {
  const requests = Array.isArray(body) ? body : (body as { requests?: unknown } | null)?.requests;
  if (!Array.isArray(requests)) {
    throw new SearchRequestError('the body must be an object with a "requests" array, e.g. {"requests":[{"indexName":"docs","query":"..."}]}');
  }
  const strategy = Array.isArray(body) ? undefined : (body as { strategy?: unknown }).strategy;
  if (strategy !== undefined && strategy !== 'none') {
    throw new SearchRequestError(`"strategy": ${JSON.stringify(strategy)} is not supported by the local engine; only "none"`);
  }
  return requests.map((request, i) => normalizeQuery(request, `requests[${i}]`));
}
