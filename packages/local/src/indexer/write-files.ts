/**
 * Writes index files and counts their bytes and gzipped bytes (for the report), on this thread
 * or mostly off it.
 *
 * Off it (`thread: true`): a worker thread of Node modules only (`write-worker.ts`) gzips each
 * file and has libuv's pool write it, and this thread only hands over the text: gzip per file
 * (its setup most of all) and creating files (up to a millisecond each on a busy disk) are a
 * fifth of a build's work. When the writer is behind (its queue full), this thread writes the
 * file itself instead of waiting: the term and completion files all come at the end of a build,
 * and the build used to wait there 0.1–1.2 s for the writer on the loaded 2-core machine.
 *
 * On it (`thread: false`): for a site read on this thread alone, a worker's start (a fresh
 * isolate compiling Node's own modules, ~0.2 s of CPU) cost more than the writing it took over:
 * without it the Vite docs' build took ~0.3 s less CPU and no longer, measured on that machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startWorker } from './threads.js';
import type { WriteReply, WriteRequest } from './write-worker.js';

export interface WrittenIndex {
  files: number;
  bytes: number;
  gzipBytes: number;
}

/** Files handed over and not yet written: enough to keep the writer busy, few enough to bound memory. */
const WRITES_IN_FLIGHT = 16;

export interface FileWriter {
  /** Hands the file over; resolves once there is room for another (the file may still be in flight). */
  write(path: string, text: string): Promise<void>;
  /** Waits for every file; rejects with the first failure (an `Error` with the file system's `code`). */
  finish(): Promise<WrittenIndex>;
  /** Stops the writer thread, if any, without waiting for its files (the build failed). */
  abort(): Promise<void>;
}

/** Writes files synchronously on this thread, counting them. */
function createLocalWriter(outDir: string): { write(path: string, text: string): void; totals: WrittenIndex } {
  const totals: WrittenIndex = { files: 0, bytes: 0, gzipBytes: 0 };
  const folders = new Set<string>();
  return {
    totals,
    write(path, text) {
      const target = join(outDir, path);
      const folder = dirname(target);
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      const bytes = Buffer.from(text);
      writeFileSync(target, bytes);
      totals.files++;
      totals.bytes += bytes.length;
      totals.gzipBytes += gzipSync(bytes).length;
    },
  };
}

export async function createFileWriter(outDir: string, options: { thread: boolean }): Promise<FileWriter> {
  const local = createLocalWriter(outDir);
  if (!options.thread) {
    return {
      write: async (path, text) => local.write(path, text),
      finish: async () => local.totals,
      abort: async () => {},
    };
  }
  const worker = await startWorker('write-worker', { outDir });
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
    if ('written' in message) inFlight--;
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
  const send = (message: WriteRequest): void => worker.postMessage(message);
  return {
    async write(path, text) {
      if (failure) throw failure;
      if (inFlight >= WRITES_IN_FLIGHT) {
        local.write(path, text);
        // Lets the writer's replies in, so that the next file goes to it if it has caught up.
        await new Promise((resolve) => setImmediate(resolve));
        return;
      }
      inFlight++;
      send({ path, text });
    },
    async finish() {
      send({ finish: true });
      await until(() => totals !== null);
      await worker.terminate();
      const own = local.totals;
      return { files: totals!.files + own.files, bytes: totals!.bytes + own.bytes, gzipBytes: totals!.gzipBytes + own.gzipBytes };
    },
    async abort() {
      totals ??= { files: 0, bytes: 0, gzipBytes: 0 }; // its exit is ours, not a failure
      await worker.terminate();
    },
  };
}
