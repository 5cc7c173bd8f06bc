/**
 * The assistant backend's short-lived chat token (PROTOCOLS.md section 2): fetched once, kept in
 * `sessionStorage` so a reload or a second widget reuses it, renewed 30 s before it expires, and
 * fetched only once when several requests need it at the same moment.
 */
import type { KeyValueStorage } from '../../storage/safeStorage.js';
import { ChatError } from '../types.js';
import { post } from './http.js';

/** Renew this long before `exp`, so a token never expires between the check and the request. */
const EXPIRY_MARGIN_MS = 30_000;

/** Token fetches under way, by cache key: shared by every transport of the page. */
const inFlight = new Map<string, Promise<string>>();
/** Tokens kept for this page when `sessionStorage` is blocked. */
const memoryCache = new Map<string, string>();

export interface TokenSource {
  /** A valid token: the cached one, or a new one. */
  get(): Promise<string>;
  /** Forgets the cached token (after the backend refused it) and fetches a new one. */
  renew(): Promise<string>;
}

export interface TokenSourceOptions {
  baseUrl: string;
  assistantId: string;
  fetch: typeof fetch;
  storage: KeyValueStorage | undefined;
  now?: () => number;
}

/** The `exp` (ms) in the token's base64 JSON part, or `undefined` when it cannot be read. */
export function tokenExpiry(token: string): number | undefined {
  try {
    const payload = token.split('.')[0] ?? '';
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const exp = (json as { exp?: unknown } | null)?.exp;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

export function createTokenSource({ baseUrl, assistantId, fetch, storage, now = Date.now }: TokenSourceOptions): TokenSource {
  const key = `sitesearch:v1:askai-token:${baseUrl}:${assistantId}`;

  function read(): string | undefined {
    let token: string | null | undefined;
    try {
      token = storage ? storage.getItem(key) : memoryCache.get(key);
    } catch {
      token = memoryCache.get(key);
    }
    if (!token) return undefined;
    const expiry = tokenExpiry(token);
    return expiry !== undefined && now() < expiry - EXPIRY_MARGIN_MS ? token : undefined;
  }

  function write(token: string | undefined) {
    if (token === undefined) memoryCache.delete(key);
    else memoryCache.set(key, token);
    try {
      if (token === undefined) storage?.removeItem(key);
      else storage?.setItem(key, token);
    } catch {
      // Storage full or revoked: the memory copy serves this page.
    }
  }

  async function fetchToken(): Promise<string> {
    // No body, but the content type DocSearch 4.7 sends: the hosted service is known to take
    // exactly that request, and the assistant header already makes it a preflighted one.
    const response = await post(fetch, `${baseUrl}/chat/token`, { headers: { 'x-algolia-assistant-id': assistantId, 'content-type': 'application/json' } });
    let answer: { success?: unknown; token?: unknown; message?: unknown };
    try {
      answer = (await response.json()) as typeof answer;
    } catch {
      throw new ChatError('signInUnreadable', 'http', response.status);
    }
    if (answer?.success === false || typeof answer?.token !== 'string' || answer.token === '') {
      const message = typeof answer?.message === 'string' && answer.message.trim() !== '' ? answer.message : undefined;
      throw new ChatError('signInRefused', 'http', response.status, message);
    }
    // A token whose expiry cannot be read is used once, not cached: it might already be stale.
    if (tokenExpiry(answer.token) !== undefined) write(answer.token);
    return answer.token;
  }

  function shared(): Promise<string> {
    const pending = inFlight.get(key);
    if (pending) return pending;
    const request = fetchToken().finally(() => inFlight.delete(key));
    inFlight.set(key, request);
    return request;
  }

  return {
    get: () => {
      const cached = read();
      return cached === undefined ? shared() : Promise.resolve(cached);
    },
    renew: () => {
      write(undefined);
      return shared();
    },
  };
}
