/**
 * Wraps the client's HTTP requester: transient answers (429, 5xx, a dropped connection) are
 * retried with exponential backoff before the client sees them, and every batch request is
 * observed, so progress can count records and bytes and a failure can name its batch.
 *
 * The client retries on its own too, but only across hosts (one host given with `--host` means
 * one try) and a 429 three times; a push of thousands of records needs more patience.
 */

/** The requester shape of `@algolia/client-common` (restated: that package is not a dependency here). */
export interface EndRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  data?: string | Uint8Array;
  connectTimeout: number;
  responseTimeout: number;
}
export interface EndResponse {
  content: string;
  headers?: Record<string, string>;
  isTimedOut: boolean;
  status: number;
}
export interface Requester {
  send(request: EndRequest): Promise<EndResponse>;
}

export interface RetryOptions {
  /** Retries of one request after the first try (default 5). */
  retries?: number;
  /** First wait in milliseconds, doubled each retry (default 1000); a 429's Retry-After wins. */
  baseDelayMs?: number;
  /** Longest wait (default 30 s). */
  maxDelayMs?: number;
}

export interface BatchEvent {
  /** 1-based number of the batch request (a retry keeps its number). */
  batch: number;
  /** Index the batch wrote to (`<name>_tmp_<n>` during an atomic replace). */
  indexName: string;
  bytes: number;
  status: number;
  /** The provider's message on failure. */
  message?: string;
  attempts: number;
}

export interface TransportObserver {
  onBatchDone?(event: BatchEvent): void;
  onBatchFailed?(event: BatchEvent): void;
  onRetry?(info: { url: string; status: number; attempt: number; waitMs: number }): void;
}

export interface TransportStats {
  batches: number;
  retries: number;
  /** The last batch that failed for good, if any (cleared when a later try of it succeeds). */
  failedBatch?: BatchEvent;
  /** Status and message of the last failed answer (any request). */
  lastFailure?: { status: number; message: string; path: string };
}

const BATCH_PATH = /\/1\/indexes\/([^/?]+)\/batch(?:\?|$)/;

export function isTransient(response: EndResponse): boolean {
  return response.status === 429 || response.status >= 500 || (response.status === 0 && !response.isTimedOut);
}

export function retryingRequester(
  base: Requester,
  options: RetryOptions = {},
  observer: TransportObserver = {},
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): { requester: Requester; stats: TransportStats } {
  const retries = options.retries ?? 5;
  const baseDelay = options.baseDelayMs ?? 1000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const stats: TransportStats = { batches: 0, retries: 0 };
  let lastBatchData: unknown;

  const requester: Requester = {
    async send(request) {
      const batch = BATCH_PATH.exec(request.url);
      // The client may send the same batch again to another host: same data, same number.
      if (batch && request.data !== lastBatchData) {
        stats.batches++;
        lastBatchData = request.data;
      }
      let response: EndResponse;
      let attempt = 0;
      for (;;) {
        attempt++;
        response = await base.send(request);
        if (response.status < 200 || response.status >= 300) {
          stats.lastFailure = { status: response.status, message: providerMessage(response), path: new URL(request.url).pathname };
        }
        if (!isTransient(response) || attempt > retries) break;
        const waitMs = Math.min(maxDelay, retryAfterMs(response) ?? baseDelay * 2 ** (attempt - 1));
        stats.retries++;
        observer.onRetry?.({ url: request.url, status: response.status, attempt, waitMs });
        await sleep(waitMs);
      }
      if (batch) {
        const event: BatchEvent = {
          batch: stats.batches,
          indexName: decodeURIComponent(batch[1]!),
          bytes: typeof request.data === 'string' ? Buffer.byteLength(request.data) : (request.data?.byteLength ?? 0),
          status: response.status,
          attempts: attempt,
        };
        if (response.status >= 200 && response.status < 300) {
          stats.failedBatch = undefined;
          observer.onBatchDone?.(event);
        } else {
          event.message = providerMessage(response);
          stats.failedBatch = event;
          observer.onBatchFailed?.(event);
        }
      }
      return response;
    },
  };
  return { requester, stats };
}

function retryAfterMs(response: EndResponse): number | undefined {
  if (response.status !== 429) return undefined;
  const value = Object.entries(response.headers ?? {}).find(([name]) => name.toLowerCase() === 'retry-after')?.[1];
  return value && /^\d+$/.test(value.trim()) ? Number(value) * 1000 : undefined;
}

/** The provider's `{"message"}`, else the body's start, else what went wrong on the wire. */
export function providerMessage(response: EndResponse): string {
  if (response.status === 0) return response.isTimedOut ? 'timed out' : `connection failed${response.content ? `: ${response.content}` : ''}`;
  try {
    const parsed = JSON.parse(response.content) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: a proxy's HTML page, say.
  }
  return response.content.slice(0, 200) || `HTTP ${response.status}`;
}
