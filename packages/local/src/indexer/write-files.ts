/** Writes index files one by one, synchronously, counting their bytes and gzipped bytes. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface WrittenIndex {
  files: number;
  bytes: number;
  gzipBytes: number;
}

/**
 * Synchronous on purpose: it runs on a thread of its own (or on the only one), where a promise
 * per open, write and close only adds round trips.
 */
export function createFileWriter(outDir: string): { write(path: string, text: string): void; totals(): WrittenIndex } {
  const folders = new Set<string>();
  const totals: WrittenIndex = { files: 0, bytes: 0, gzipBytes: 0 };
  return {
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
    totals: () => ({ ...totals }),
  };
}
