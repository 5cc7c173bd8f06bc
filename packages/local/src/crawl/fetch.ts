/**
 * HTTP for the crawler: one request at a time per host slot (see `HostGate`), redirects followed
 * by hand so every hop is checked (robots.txt, the crawl's scope) before it is requested, 429
 * and 5xx retried with backoff (a `Retry-After` wins), a timeout once, conditional requests,
 * bodies cut at a size.
 */

export interface RetryPolicy {
  /** Retries after the first try, for 429, 5xx and dropped connections (default 3); a timed-out request is retried once at most. */
  retries?: number;
  /** First backoff in ms, doubled at each retry (default 1000). */
  baseDelayMs?: number;
  /** Longest `Retry-After` obeyed, in ms (default 60 s): a longer one is waited this long. */
  maxRetryAfterMs?: number;
}

export interface FetcherOptions {
  userAgent: string;
  gate: HostGate;
  retry?: RetryPolicy;
  /** Bodies past this many bytes are cut (the page is indexed up to there, with a warning). */
  maxBytes: number;
  /** Per request, headers and body (default 15 s); a request that takes longer is retried once. */
  timeoutMs?: number;
  /** Called for each request sent (the progress line counts them). */
  onRequest?: (url: string) => void;
  onRetry?: (url: string, why: string, waitMs: number) => void;
}

export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type FetchResult =
  | { kind: 'ok'; url: string; status: number; headers: Headers; body: Uint8Array | null; truncated: boolean; redirected: string[] }
  | { kind: 'not-modified'; url: string; headers: Headers; redirected: string[] }
  | { kind: 'refused'; url: string; reason: string; redirected: string[] }
  | { kind: 'failed'; url: string; reason: string; redirected: string[] };

export interface FetchRequest {
  url: string;
  /** Why this URL must not be requested (robots.txt, off-site), or undefined when it may be: asked for every hop. */
  check: (url: URL) => Promise<string | undefined> | string | undefined;
  /** Whether to read the body, from the response headers (no: a PDF is not downloaded to be skipped). */
  wantsBody?: (headers: Headers) => boolean;
  /** Validators from the last crawl for a URL, sent as If-None-Match / If-Modified-Since. */
  validators?: (url: string) => Validators | undefined;
  accept?: string;
}

const MAX_REDIRECTS = 10;

/**
 * Per request, headers and body. A docs page is served in well under a second; 15 s still lets
 * the largest page a crawl reads (3 MB) arrive at 2 Mbit/s, while a URL that never answers holds
 * its slot for 15 s twice (one retry), not the minutes a longer timeout retried like a 5xx did.
 */
export const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Spaces requests to one host. By default each starts at least `delayMs` after the previous one
 * started, several in flight at once. A host whose robots.txt sets a `Crawl-delay` gets one
 * request at a time, each starting that long after the previous one ended (its body read to the
 * end): measured from there, the server sees the delay between one answer and the next request
 * even when the body was slow to arrive, or this process was busy (extracting a large page)
 * between two requests, which a delay counted from the previous start does not guarantee.
 * robots.txt itself is the first such request: the delay it sets counts from its own end.
 */
export class HostGate {
  readonly #tail = new Map<string, Promise<void>>();
  /** When the last request to a host started. */
  readonly #started = new Map<string, number>();
  /** When the last request to a host ended. */
  readonly #ended = new Map<string, number>();
  readonly #strict = new Map<string, number>();

  constructor(private readonly defaultDelayMs: number) {}

  /** A `Crawl-delay` for `host`: one request at a time, this long after the previous one ended (never shorter than the default delay). */
  setCrawlDelay(host: string, delayMs: number): void {
    this.#strict.set(host, Math.max(this.defaultDelayMs, delayMs));
  }

  /** Resolves when a request to `host` may start, with the function to call once its body is read (or it failed). */
  acquire(host: string): Promise<() => void> {
    let release!: () => void;
    const ended = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#tail.get(host) ?? Promise.resolve();
    const turn = previous.then(async () => {
      const strict = this.#strict.get(host);
      // -Infinity: no request to this host yet, nothing to wait for.
      const started = this.#started.get(host) ?? -Infinity;
      const since = strict !== undefined ? Math.max(this.#ended.get(host) ?? -Infinity, started) : started;
      const wait = since + (strict ?? this.defaultDelayMs) - performance.now();
      if (wait > 0) await sleep(wait);
      this.#started.set(host, performance.now());
      return strict !== undefined;
    });
    // A strict host's next request waits for this one's end; any other's only for its start.
    this.#tail.set(host, turn.then((strict) => (strict ? ended : undefined)));
    return turn.then(() => () => {
      this.#ended.set(host, performance.now());
      release();
    });
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A response read to its end (or its body cancelled), while the request held its host's turn. */
interface Answer {
  status: number;
  headers: Headers;
  body: Uint8Array | null;
  truncated: boolean;
}

/** An error while reading a body that is not a timeout: the answer came, so it is not retried. */
class BodyError extends Error {}

export function createFetcher(options: FetcherOptions): (request: FetchRequest) => Promise<FetchResult> {
  const retries = options.retry?.retries ?? 3;
  const baseDelayMs = options.retry?.baseDelayMs ?? 1000;
  const maxRetryAfterMs = options.retry?.maxRetryAfterMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /**
   * One request, holding the host until its body is read to the end (or cancelled): a
   * `Crawl-delay` counts from there, not from the headers, so a slow body is not overlapped by
   * the next request. The timeout covers the headers and the body.
   */
  async function send(url: URL, request: FetchRequest): Promise<Answer> {
    const release = await options.gate.acquire(url.host);
    try {
      options.onRequest?.(url.href);
      const headers: Record<string, string> = { 'user-agent': options.userAgent, accept: request.accept ?? 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1' };
      const validators = request.validators?.(url.href);
      if (validators?.etag) headers['if-none-match'] = validators.etag;
      if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
      const response = await fetch(url, { redirect: 'manual', headers, signal: AbortSignal.timeout(timeoutMs) });
      const { status } = response;
      const wanted = status >= 200 && status < 300 && (!request.wantsBody || request.wantsBody(response.headers));
      if (!wanted) {
        await response.body?.cancel();
        return { status, headers: response.headers, body: null, truncated: false };
      }
      try {
        const { body, truncated } = await readCapped(response, options.maxBytes);
        return { status, headers: response.headers, body, truncated };
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') throw error;
        throw new BodyError(`reading the body failed: ${describeError(error)}`);
      }
    } finally {
      release();
    }
  }

  return async (request) => {
    const redirected: string[] = [];
    let url = new URL(request.url);
    for (let hop = 0; ; hop++) {
      const refusal = await request.check(url);
      if (refusal) return { kind: 'refused', url: url.href, reason: refusal, redirected };
      let attempt = 0;
      let timeouts = 0;
      let answer: Answer | undefined;
      let failure = '';
      for (;;) {
        let waitMs = baseDelayMs * 2 ** attempt;
        let retry = attempt < retries;
        try {
          answer = await send(url, request);
          if (answer.status !== 429 && answer.status < 500) break;
          failure = `HTTP ${answer.status}`;
          const retryAfter = parseRetryAfter(answer.headers.get('retry-after'));
          if (retryAfter !== undefined) waitMs = Math.min(retryAfter, maxRetryAfterMs);
        } catch (error) {
          answer = undefined;
          if (error instanceof BodyError) return { kind: 'failed', url: url.href, reason: error.message, redirected };
          if ((error as Error).name === 'TimeoutError') {
            // A URL that did not answer in time is asked once more, not like a 5xx: a stalled
            // server rarely recovers within seconds, and each try holds a slot for the whole timeout.
            failure = `timed out after ${formatSeconds(timeoutMs)}`;
            retry &&= timeouts++ < 1;
          } else failure = `connection failed: ${describeError(error)}`;
        }
        if (!retry) break;
        attempt++;
        options.onRetry?.(url.href, failure, waitMs);
        await sleep(waitMs);
      }
      if (!answer || answer.status === 429 || answer.status >= 500) {
        return { kind: 'failed', url: url.href, reason: `${failure}${attempt > 0 ? ` after ${attempt + 1} tries` : ''}`, redirected };
      }
      const { status, headers } = answer;
      if (status >= 300 && status < 400 && status !== 304) {
        const location = headers.get('location');
        if (!location) return { kind: 'failed', url: url.href, reason: `HTTP ${status} without a Location header`, redirected };
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          return { kind: 'failed', url: url.href, reason: `HTTP ${status} to a malformed Location "${location}"`, redirected };
        }
        next.hash = '';
        redirected.push(url.href);
        if (next.href === url.href || redirected.includes(next.href)) {
          return { kind: 'failed', url: request.url, reason: `redirect loop: ${[...redirected, next.href].join(' → ')}`, redirected };
        }
        if (hop + 1 >= MAX_REDIRECTS) return { kind: 'failed', url: request.url, reason: `more than ${MAX_REDIRECTS} redirects`, redirected };
        if (next.protocol !== 'http:' && next.protocol !== 'https:') return { kind: 'refused', url: next.href, reason: `redirected to a non-HTTP URL ${next.href}`, redirected };
        url = next;
        continue;
      }
      if (status === 304) return { kind: 'not-modified', url: url.href, headers, redirected };
      if (status >= 400) return { kind: 'failed', url: url.href, reason: `HTTP ${status}`, redirected };
      return { kind: 'ok', url: url.href, status, headers, body: answer.body, truncated: answer.truncated, redirected };
    }
  };
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** Reads at most `maxBytes` of the body; the rest is not downloaded. */
async function readCapped(response: Response, maxBytes: number): Promise<{ body: Uint8Array; truncated: boolean }> {
  if (!response.body) return { body: new Uint8Array(0), truncated: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  return { body: Buffer.concat(chunks, size), truncated };
}

/** `Retry-After` in ms: seconds or an HTTP date. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function describeError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === 'TimeoutError') return 'timed out';
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
