/**
 * Writes index files and counts their bytes and gzipped bytes, off the JavaScript thread: each
 * file is written and gzipped (for the report) by libuv's thread pool while the caller goes on
 * parsing pages or building the index. Creating a file costs the most on a busy disk (up to a
 * millisecond each, measured on the shared 2-core machine) and is waiting, not work: done
 * synchronously it held the only thread of a small site's build; a worker thread of our own
 * for it cost its start-up. The pool is native code that starts at once and runs on any core.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

export interface WrittenIndex {
  files: number;
  bytes: number;
  gzipBytes: number;
}

const gzipAsync = promisify(gzip);

/**
 * Files handed over and not yet written: enough to keep the pool (4 threads by default) busy,
 * few enough that memory does not grow with the index (a file is a 64-record shard or ~40 KB of terms).
 */
const WRITES_IN_FLIGHT = 16;

export interface FileWriter {
  /** Starts writing the file; resolves once there is room for another (the file may still be in flight). */
  write(path: string, text: string): Promise<void>;
  /** Waits for every file; rejects with the first failure (an `Error` with the file system's `code`). */
  finish(): Promise<WrittenIndex>;
}

export function createFileWriter(outDir: string): FileWriter {
  const folders = new Map<string, Promise<unknown>>();
  const totals: WrittenIndex = { files: 0, bytes: 0, gzipBytes: 0 };
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;
  const writeOne = async (path: string, text: string): Promise<void> => {
    const target = join(outDir, path);
    const folder = dirname(target);
    let made = folders.get(folder);
    if (!made) folders.set(folder, (made = mkdir(folder, { recursive: true })));
    const bytes = Buffer.from(text);
    const [, zipped] = await Promise.all([made.then(() => writeFile(target, bytes)), gzipAsync(bytes)]);
    totals.files++;
    totals.bytes += bytes.length;
    totals.gzipBytes += zipped.length;
  };
  return {
    async write(path, text) {
      if (failure) throw failure;
      const pending = writeOne(path, text).then(
        () => void inFlight.delete(pending),
        (error: unknown) => {
          inFlight.delete(pending);
          failure ??= error;
        },
      );
      inFlight.add(pending);
      while (inFlight.size >= WRITES_IN_FLIGHT) await Promise.race(inFlight);
      if (failure) throw failure;
    },
    async finish() {
      await Promise.all(inFlight);
      if (failure) throw failure;
      return { ...totals };
    },
  };
}
