/**
 * Pages → results, in page order, on as many threads as there are cores. Parsing and extraction
 * are most of the indexer's work and each page is independent, so worker threads take them while
 * the main thread builds the index from the results as they come, in order. At most a few pages
 * per thread are in flight, so memory does not grow with the site.
 */
import { availableParallelism } from 'node:os';
import { startWorker } from './threads.js';
import { createPageReader, type PageResult, type PageSettings, type PageTask } from './read-page.js';

/** Pages waiting in a thread's queue: enough to keep it busy while the main thread catches up. */
const PAGES_AHEAD_PER_THREAD = 8;
/**
 * Below this many pages per thread, threads cost more than they save: each starts cold (its own
 * JIT warm-up) and results are copied between threads. Measured on the Vitest docs (222 pages):
 * one thread took ~1.5 s of CPU, two page threads and a writer ~2.6 s, and more wall time on a
 * busy machine; the 10,000-page site is where threads pay.
 */
const MIN_PAGES_PER_THREAD = 250;
const MAX_THREADS = 8;

/** Threads to use for `pages` pages: `requested` if given, else one per core (one on a single core, or for a small site). */
export function threadCount(pages: number, requested?: number): number {
  if (requested !== undefined) {
    if (!Number.isInteger(requested) || requested < 1) throw new TypeError(`sitesearch indexer: workers must be a positive integer, got ${String(requested)}`);
    return requested;
  }
  return Math.max(1, Math.min(availableParallelism(), MAX_THREADS, Math.floor(pages / MIN_PAGES_PER_THREAD)));
}

/**
 * Results of `tasks`, in their order. With one thread, pages are read in this thread; with more,
 * each of `threads` workers takes pages, and this thread only puts their results in order.
 */
export async function* readPages(tasks: readonly PageTask[], settings: PageSettings, threads: number): AsyncGenerator<PageResult> {
  if (threads <= 1) {
    const readPage = createPageReader(settings);
    for (const task of tasks) yield readPage(task);
    return;
  }
  const workers = await Promise.all(Array.from({ length: threads }, async () => ({ worker: await startWorker('page-worker', settings), inFlight: 0 })));
  const results = new Map<number, PageResult>();
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = (): void => {
    wake?.();
    wake = null;
  };
  let next = 0;
  let consumed = 0;
  const dispatch = (): void => {
    while (next < tasks.length && next - consumed < threads * PAGES_AHEAD_PER_THREAD) {
      const idlest = workers.reduce((best, candidate) => (candidate.inFlight < best.inFlight ? candidate : best));
      idlest.inFlight++;
      idlest.worker.postMessage({ seq: next, task: tasks[next] });
      next++;
    }
  };
  for (const entry of workers) {
    entry.worker.on('message', (message: { seq: number; result?: PageResult; error?: { name: string; message: string } }) => {
      entry.inFlight--;
      if (message.error) {
        const error = message.error.name === 'TypeError' ? new TypeError(message.error.message) : new Error(message.error.message);
        failure ??= error;
      } else {
        results.set(message.seq, message.result!);
      }
      notify();
    });
    entry.worker.on('error', (error) => {
      failure ??= error;
      notify();
    });
    entry.worker.on('exit', (code) => {
      if (consumed < tasks.length) failure ??= new Error(`sitesearch indexer: a worker thread stopped (exit code ${code})`);
      notify();
    });
  }
  try {
    dispatch();
    while (consumed < tasks.length) {
      while (!results.has(consumed) && !failure) await new Promise<void>((resolve) => (wake = resolve));
      if (failure) throw failure;
      const result = results.get(consumed)!;
      results.delete(consumed);
      consumed++;
      dispatch();
      yield result;
    }
  } finally {
    consumed = tasks.length; // an exit from here on is ours
    await Promise.all(workers.map((entry) => entry.worker.terminate()));
  }
}
