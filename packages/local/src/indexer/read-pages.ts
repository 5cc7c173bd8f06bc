/**
 * Pages → results, in page order, on every core. Parsing and extraction are most of the
 * indexer's work and each page is independent, so worker threads take pages while the main
 * thread builds the index from the results in order; whenever the main thread would wait, it
 * reads the next page itself. At most `WINDOW` pages past the one being consumed are read or
 * in flight, so memory does not grow with the site.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorker } from './threads.js';
import type { TermVocabulary } from '../engine/build.js';
import { createPageReader, type PageResult, type PageSettings, type PageTask } from './read-page.js';

/** Pages read ahead of the one consumed: bounds the results held, and is room for a worker to start. */
const WINDOW = 64;
/**
 * Pages sent to a worker in one message, and answered in one. With a message each way per page,
 * posting took the 10,000-page build's main thread ~0.5 ms a message on the loaded 2-core machine
 * (timed around postMessage: each post wakes the other thread, which can take this one's core),
 * seconds in all, for ~20 ms of work per page.
 */
const PAGES_PER_MESSAGE = 8;
/** Pages queued on a worker: two messages, so that it has the next while its answer travels. */
const WORKER_QUEUE = 2 * PAGES_PER_MESSAGE;
/**
 * A worker's first pages are the last ones of the first window: the main thread reads from the
 * start meanwhile, so a worker that starts late (cold module loading, a busy machine) holds
 * nothing up; once it answers it takes pages as they come, like any other.
 */
const FIRST_PAGES_PER_WORKER = 2;
/**
 * Below this many pages the main thread reads them alone. A page thread starts cold (its own
 * module loading and JIT warm-up, ~0.5 s of CPU) and reads slowly at first, so on the Vite and
 * Vitest docs (57 and 222 pages, on the shared 2-core machine) it took ~0.7 s of CPU to spare
 * the main thread ~0.2 s, and the whole build took longer; the 10,000-page site is where it pays.
 * Measured again once parsing and the index build had become cheaper (2026-11-26, interleaved
 * runs): `--workers 2` was still slower on the Vitest docs, whether this thread also read pages
 * or only built the index from the worker's.
 */
const MIN_PAGES_FOR_WORKERS = 250;
const MAX_THREADS = 8;

/**
 * Threads to read `pages` pages, the main thread included: `requested` if given, else one per
 * core (at most 8), or one below 250 pages.
 */
export function threadCount(pages: number, requested?: number): number {
  if (requested !== undefined) {
    if (!Number.isInteger(requested) || requested < 1) throw new TypeError(`sitesearch indexer: workers must be a positive integer, got ${String(requested)}`);
    return requested;
  }
  return pages < MIN_PAGES_FOR_WORKERS ? 1 : Math.max(1, Math.min(availableParallelism(), MAX_THREADS));
}

interface WorkerSlot {
  worker: Worker;
  inFlight: number;
  /** The worker's term numbers (its answers' term counts are numbers in it), grown by each answer. */
  vocabulary: string[];
}

/** A worker's answer to one message: the results of its pages in order, or why one failed. */
export type PageReply = { seqs: number[]; results?: PageResult[]; terms?: string[]; error?: { name: string; message: string } };

/**
 * Results of `tasks`, in their order. With `threads` > 1, `threads - 1` workers take pages and
 * this thread reads the pages nobody has taken yet whenever the next result is not there.
 */
export async function* readPages(tasks: readonly PageTask[], settings: PageSettings, threads: number): AsyncGenerator<PageResult> {
  // This thread counts terms as numbers in a vocabulary of its own too (see `TermVocabulary`).
  const vocabulary: TermVocabulary = [];
  const read = createPageReader(settings, vocabulary);
  const readPage = (task: PageTask): PageResult => {
    const result = read(task);
    if (result.terms) result.vocabulary = vocabulary;
    return result;
  };
  if (threads <= 1) {
    for (const task of tasks) yield readPage(task);
    return;
  }
  const results = new Map<number, PageResult>();
  const taken = new Uint8Array(tasks.length);
  /** Lowest page nobody has taken (every page below it is read or in flight). */
  let lowest = 0;
  let consumed = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = (): void => {
    wake?.();
    wake = null;
  };
  const advance = (): void => {
    while (lowest < tasks.length && taken[lowest]) lowest++;
  };
  const post = (slot: WorkerSlot, seqs: number[]): void => {
    for (const seq of seqs) taken[seq] = 1;
    slot.inFlight += seqs.length;
    slot.worker.postMessage({ seqs, tasks: seqs.map((seq) => tasks[seq]!) });
  };
  /** Sends the worker pages while it has room, a whole message's worth at a time (fewer only at the end of the site). */
  const feed = (slot: WorkerSlot): void => {
    for (;;) {
      advance();
      const room = Math.min(WORKER_QUEUE - slot.inFlight, consumed + WINDOW - lowest);
      if (lowest >= tasks.length || room < Math.min(PAGES_PER_MESSAGE, tasks.length - lowest)) return;
      const seqs: number[] = [];
      while (seqs.length < Math.min(PAGES_PER_MESSAGE, room) && lowest < tasks.length) {
        seqs.push(lowest);
        taken[lowest] = 1;
        advance();
      }
      post(slot, seqs);
    }
  };

  const slots: WorkerSlot[] = [];
  // Each worker starts with pages near the end of the first window (see FIRST_PAGES_PER_WORKER).
  let first = Math.min(tasks.length, WINDOW) - FIRST_PAGES_PER_WORKER * (threads - 1);
  for (let i = 0; i < threads - 1; i++) {
    const slot: WorkerSlot = { worker: await startWorker('page-worker', settings), inFlight: 0, vocabulary: [] };
    slots.push(slot);
    slot.worker.on('message', (message: PageReply) => {
      slot.inFlight -= message.seqs.length;
      if (message.error) {
        const error = message.error.name === 'TypeError' ? new TypeError(message.error.message) : new Error(message.error.message);
        failure ??= error;
      } else {
        for (const term of message.terms ?? []) slot.vocabulary.push(term);
        message.seqs.forEach((seq, i) => {
          const result = message.results![i]!;
          if (result.terms) result.vocabulary = slot.vocabulary;
          results.set(seq, result);
        });
      }
      feed(slot);
      notify();
    });
    slot.worker.on('error', (error) => {
      failure ??= error;
      notify();
    });
    slot.worker.on('exit', (code) => {
      if (consumed < tasks.length) failure ??= new Error(`sitesearch indexer: a worker thread stopped (exit code ${code})`);
      notify();
    });
    const firstPages: number[] = [];
    for (let page = Math.max(0, first); page < first + FIRST_PAGES_PER_WORKER && page < tasks.length; page++) firstPages.push(page);
    if (firstPages.length > 0) post(slot, firstPages);
    first += FIRST_PAGES_PER_WORKER;
  }

  // Lets the workers' messages in (they arrive as events, between this thread's own pages).
  const yieldToEvents = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
  try {
    while (consumed < tasks.length) {
      if (failure) throw failure;
      const ready = results.get(consumed);
      if (ready) {
        results.delete(consumed);
        consumed++;
        for (const slot of slots) feed(slot);
        yield ready;
        continue;
      }
      advance();
      if (lowest < tasks.length && lowest < consumed + WINDOW) {
        // Rather than wait, read the next page nobody has taken (the one wanted, if it is free).
        const seq = lowest;
        taken[seq] = 1;
        results.set(seq, readPage(tasks[seq]!));
        await yieldToEvents();
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    consumed = tasks.length; // an exit from here on is ours
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }
}
