/**
 * One index file written and counted: its folder created once, its bytes written, its size and,
 * when asked for, its gzipped size (for the report) added to the totals. The one step both writers
 * share: this thread's (`write-files.ts`, through libuv's pool, so that parsing goes on meanwhile)
 * and the writer thread's (`write-worker.ts`, synchronously: it has nothing else to do, and it
 * imports only this and Node's modules so it starts fast).
 */
import { mkdirSync, writeFile, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface WrittenIndex {
  files: number;
  bytes: number;
  gzipBytes: number;
}

export interface FileTarget {
  outDir: string;
  /** Folders already created. */
  folders: Set<string>;
  totals: WrittenIndex;
  /** Add each file's gzipped size to `totals.gzipBytes` (else it stays 0). */
  gzip: boolean;
}

/** Starts writing `text` (or its UTF-8 bytes) to `outDir/path`; throws only if its folder cannot be created. */
export function writeIndexFile(target: FileTarget, path: string, text: string | Uint8Array, done: (error: NodeJS.ErrnoException | null) => void): void {
  const { file, bytes } = prepare(target, path, text);
  writeFile(file, bytes, done);
}

/** Writes `text` (or its UTF-8 bytes) to `outDir/path` before returning; throws the file system's error. */
export function writeIndexFileSync(target: FileTarget, path: string, text: string | Uint8Array): void {
  const { file, bytes } = prepare(target, path, text);
  writeFileSync(file, bytes);
}

/** The file's path (its folder created once) and bytes, counted in the totals. */
function prepare(target: FileTarget, path: string, text: string | Uint8Array): { file: string; bytes: Uint8Array } {
  const file = join(target.outDir, path);
  const folder = dirname(file);
  if (!target.folders.has(folder)) {
    mkdirSync(folder, { recursive: true });
    target.folders.add(folder);
  }
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  target.totals.files++;
  target.totals.bytes += bytes.length;
  if (target.gzip) target.totals.gzipBytes += gzipSync(bytes).length;
  return { file, bytes };
}
