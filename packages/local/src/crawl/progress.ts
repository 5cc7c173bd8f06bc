/**
 * Crawl progress: one line redrawn in place on a terminal (pages done, queued, failed, per
 * second); on a file or a CI log, where a redrawn line becomes thousands, a plain line every
 * `PLAIN_EVERY` pages and each failure as it happens.
 */
import { RedrawnLine, type ProgressOutput } from '../push/progress.js';

const PLAIN_EVERY = 20;
/** Redraws on a terminal at most this often: a fast local crawl would otherwise spend its time drawing. */
const REDRAW_MS = 100;

export class CrawlProgress extends RedrawnLine {
  #done = 0;
  #failed = 0;
  #queued = 0;
  #lastDraw = 0;
  readonly #started = performance.now();

  constructor(output: ProgressOutput) {
    super(output);
  }

  get elapsedMs(): number {
    return performance.now() - this.#started;
  }

  /** A page was fetched (or reused), failed or not; `queued` is what remains to fetch. */
  pageDone(failed: boolean, queued: number): void {
    this.#done++;
    if (failed) this.#failed++;
    this.#queued = queued;
    if (this.output.isTTY) {
      const now = performance.now();
      if (now - this.#lastDraw < REDRAW_MS) return;
      this.#lastDraw = now;
      this.draw(`${this.status()}\u001b[K`);
    } else if (this.#done % PLAIN_EVERY === 0) {
      this.output.write(`  ${this.status()}\n`);
    }
  }

  status(): string {
    const seconds = this.elapsedMs / 1000;
    return `${this.#done} pages done, ${this.#queued} queued, ${this.#failed} failed, ${(seconds > 0 ? this.#done / seconds : 0).toFixed(1)} pages/s`;
  }
}
