/**
 * One record per settled search, not per keystroke. The widget searches as the reader types:
 * "s", "se", "ser", … "server port" are a dozen requests for one search. A reader's searches
 * on one index are collapsed while each refines the one before (one query is a prefix of the
 * other, ignoring case and spacing: typing on, or deleting back) and comes within `windowMs`
 * of it; the last one is the settled search. A search that is not a refinement, `windowMs`
 * without a new one, or a click or conversion event from that reader settles it at once.
 *
 * "A reader" is the `userToken` the client sent; without one, a key made from the connection's
 * address and user agent, held in memory for the window only and never written.
 */
import type { SearchLine } from './records.js';

export const DEFAULT_SETTLE_MS = 2000;

interface Pending {
  line: SearchLine;
  timer: ReturnType<typeof setTimeout>;
}

export class SearchSettler {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly onSettled: (line: SearchLine) => void,
    private readonly windowMs = DEFAULT_SETTLE_MS,
  ) {}

  /** A search as it was answered; `reader` tells whose it was (see above). */
  add(line: SearchLine, reader: string): void {
    const key = `${line.index}\u0000${reader}`;
    const previous = this.pending.get(key);
    if (previous) {
      clearTimeout(previous.timer);
      this.pending.delete(key);
      if (!refines(previous.line.query, line.query)) this.onSettled(previous.line);
    }
    const timer = setTimeout(() => this.settle(key), this.windowMs);
    // A pending search does not keep the process alive; `close()` settles what is left.
    timer.unref?.();
    this.pending.set(key, { line, timer });
  }

  /** The reader acted on their results (a click, a conversion): their search on `index` is settled. */
  settleReader(index: string, reader: string): void {
    this.settle(`${index}\u0000${reader}`);
  }

  /**
   * A click or conversion names the search it acted on: that search is settled, whoever the
   * reader was (a widget that searches without a user token and sends events with one). Otherwise
   * it would be written after the click, and the report would not count the click for it.
   * A scan: the pending searches are those of the readers of the last window only.
   */
  settleQuery(queryID: string): void {
    for (const [key, pending] of this.pending) if (pending.line.queryID === queryID) this.settle(key);
  }

  /** Settles every pending search (the server is closing). */
  settleAll(): void {
    for (const key of [...this.pending.keys()]) this.settle(key);
  }

  private settle(key: string): void {
    const pending = this.pending.get(key);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(key);
    this.onSettled(pending.line);
  }
}

/** Whether `next` refines `previous`: one is a prefix of the other, ignoring case and spacing. */
export function refines(previous: string, next: string): boolean {
  const a = normalizeQuery(previous);
  const b = normalizeQuery(next);
  return a.startsWith(b) || b.startsWith(a);
}

/** A query as the report groups it: lower case, spaces collapsed and trimmed. */
export function normalizeQuery(query: string): string {
  return query.toLowerCase().replace(/\s+/g, ' ').trim();
}
