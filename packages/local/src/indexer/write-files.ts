/**
 * Writes index files and counts their bytes (and, with `gzip`, their gzipped bytes, for the
 * report), on this thread or mostly off it.
 *
 * Off it (`thread: true`): a worker thread of Node modules only (`write-worker.ts`) gzips each
 * file (if asked) and has libuv's pool write it, and this thread only hands over the text: gzip per file
 * (its setup most of all) and creating files (up to a millisecond each on a busy disk) are a
 * fifth of a build's work. For the last files, when the writer is behind (its queue full), this
 * thread writes the file itself instead of waiting: the term and completion files all come at
 * the end of a build, and the build used to wait there 0.1–1.2 s for the writer on the loaded
 * 2-core machine. Before that it waits: taking files over while pages were still being read
 * made the 10,000-page build slower (the main thread is its bottleneck).
 *
 * On it (`thread: false`): for a site read on this thread alone, a worker's start (a fresh
 * isolate compiling Node's own modules, ~0.2 s of CPU) cost more than the writing it took over:
 * without it the Vite docs' build took ~0.3 s less CPU and no longer, measured on that machine.
 * This thread then gzips each file (if asked) and libuv's pool creates and writes it, many at once.
 */
import { startWorker } from './threads.js';
import { writeIndexFile, type WrittenIndex } from './write-file.js';
import type { WriteReply, WriteRequest } from './write-worker.js';

export type { WrittenIndex };

/** Files handed over and not yet written: enough to keep the writer busy, few enough to bound memory. */
const WRITES_IN_FLIGHT = 48;
/** Files sent to the writer thread in one message (it answers for as many at once). */
const FILES_PER_MESSAGE = 8;

export interface FileWriter {
  /**
   * Hands the file over; resolves once there is room for another (the file may still be in
   * flight). With `lastFiles` (the build has nothing else to do), this thread writes the file
   * itself rather than wait for a writer thread that is behind; while pages are still being
   * read, waiting leaves the CPU to the threads that read them and write.
   */
  write(path: string, text: string, lastFiles?: boolean): Promise<void>;
  /** Waits for every file; rejects with the first failure (an `Error` with the file system's `code`). */
  finish(): Promise<WrittenIndex>;
  /** Stops the writer thread, if any, without waiting for its files (the build failed). */
  abort(): Promise<void>;
}

/**
 * Files this thread has libuv's pool writing: enough to overlap file creations on a busy disk
 * (they took up to 2 ms each, ~1 s for the Vite docs' 463 files written one after the other, on
 * the shared machine), few enough to bound memory.
 */
const LOCAL_WRITES_IN_FLIGHT = 64;

interface LocalWriter {
  totals: WrittenIndex;
  /** Gzips the file here (if asked, for the report) and has the pool write it; resolves once there is room for another. */
  write(path: string, text: string): Promise<void>;
  /** Waits for every file; rejects with the first failure. */
  settle(): Promise<void>;
}

function createLocalWriter(outDir: string, gzip: boolean): LocalWriter {
  const target = { outDir, gzip, folders: new Set<string>(), totals: { files: 0, bytes: 0, gzipBytes: 0 } };
  const pending = new Set<Promise<void>>();
  let failure: Error | null = null;
  return {
    totals: target.totals,
    async write(path, text) {
      if (failure) throw failure;
      // The callback form: less of this thread's time than fs/promises' writeFile and its FileHandle
      // (~125 ms against 150–300 ms for the Vite docs' 463 files, profiled).
      const done = new Promise<void>((resolve) =>
        writeIndexFile(target, path, text, (error) => {
          pending.delete(done);
          if (error) failure ??= error;
          resolve();
        }),
      );
      pending.add(done);
      while (pending.size >= LOCAL_WRITES_IN_FLIGHT && !failure) await Promise.race(pending);
      if (failure) throw failure;
    },
    async settle() {
      await Promise.all(pending);
      if (failure) throw failure;
    },
  };
}

export interface FileWriterOptions {
  thread: boolean;
  /** Count the files' gzipped bytes too (zlib's default level, each file on its own). */
  gzip: boolean;
}

export async function createFileWriter(outDir: string, options: FileWriterOptions): Promise<FileWriter> {
  const local = createLocalWriter(outDir, options.gzip);
  if (!options.thread) {
    return {
      write: (path, text) => local.write(path, text),
      finish: async () => {
        await local.settle();
        return local.totals;
      },
      abort: () => local.settle().catch(() => undefined),
    };
  }
  const worker = await startWorker('write-worker', { outDir, gzip: options.gzip });
  let inFlight = 0;
  let failure: Error | null = null;
  let totals: WrittenIndex | null = null;
  let wake: (() => void) | null = null;
  const notify = (): void => {
    wake?.();
    wake = null;
  };
  const until = async (ready: () => boolean): Promise<void> => {
    while (!ready() && !failure) await new Promise<void>((resolve) => (wake = resolve));
    if (failure) {
      await worker.terminate();
      throw failure;
    }
  };
  worker.on('message', (message: WriteReply) => {
    if ('written' in message) inFlight -= message.written;
    else if ('totals' in message) totals = message.totals;
    else failure ??= Object.assign(new Error(message.error.message), { code: message.error.code });
    notify();
  });
  worker.on('error', (error) => {
    failure ??= error;
    notify();
  });
  worker.on('exit', (code) => {
    if (!totals) failure ??= new Error(`sitesearch indexer: the writer thread stopped (exit code ${code})`);
    notify();
  });
  // Each file is encoded here into a buffer of its own, moved (not copied) to the writer, a few
  // files per message: a string was copied twice on the way and encoded again there, and a
  // message per file made posting, which waits on the writer's queue, seconds of the 10,000-page
  // build's main thread on the loaded machine.
  const encoder = new TextEncoder();
  let queued: { path: string; bytes: Uint8Array }[] = [];
  const flush = (): void => {
    if (queued.length === 0) return;
    worker.postMessage({ files: queued } satisfies WriteRequest, queued.map((file) => file.bytes.buffer as ArrayBuffer));
    queued = [];
  };
  const sendFile = (path: string, text: string): void => {
    queued.push({ path, bytes: encoder.encode(text) });
    if (queued.length >= FILES_PER_MESSAGE) flush();
  };
  return {
    async write(path, text, lastFiles = false) {
      if (failure) throw failure;
      if (!lastFiles) {
        inFlight++;
        sendFile(path, text);
        await until(() => inFlight < WRITES_IN_FLIGHT);
        return;
      }
      if (inFlight >= WRITES_IN_FLIGHT) {
        await local.write(path, text);
        // Lets the writer's replies in, so that the next file goes to it if it has caught up.
        await new Promise((resolve) => setImmediate(resolve));
        return;
      }
      inFlight++;
      sendFile(path, text);
    },
    async finish() {
      flush();
      worker.postMessage({ finish: true } satisfies WriteRequest);
      await until(() => totals !== null);
      await worker.terminate();
      await local.settle();
      const own = local.totals;
      return { files: totals!.files + own.files, bytes: totals!.bytes + own.bytes, gzipBytes: totals!.gzipBytes + own.gzipBytes };
    },
    async abort() {
      totals ??= { files: 0, bytes: 0, gzipBytes: 0 }; // its exit is ours, not a failure
      await Promise.all([worker.terminate(), local.settle().catch(() => undefined)]);
    },
  };
}
