/**
 * Worker thread of the indexer that writes the index files and gzips them (for the report). It
 * loads no module of ours, only Node's, so it is up in a few ms; files are written through
 * libuv's pool meanwhile, so a slow file creation holds up neither this thread nor the main one.
 */
import { mkdirSync, writeFile } from 'node:fs';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';

export type WriteRequest = { path: string; text: string } | { finish: true };
export type WriteReply = { written: 1 } | { totals: { files: number; bytes: number; gzipBytes: number } } | { error: { message: string; code?: string } };

const outDir = (workerData as { outDir: string }).outDir;
const folders = new Set<string>();
const totals = { files: 0, bytes: 0, gzipBytes: 0 };
let pending = 0;
let finishing = false;
let failed = false;
const reply = (message: WriteReply): void => parentPort!.postMessage(message);
const fail = (error: NodeJS.ErrnoException): void => {
  if (failed) return;
  failed = true;
  reply({ error: { message: error.message, code: error.code } });
};
const settle = (): void => {
  if (finishing && pending === 0 && !failed) reply({ totals });
};

parentPort!.on('message', (message: WriteRequest) => {
  if ('finish' in message) {
    finishing = true;
    settle();
    return;
  }
  if (failed) return;
  try {
    const target = join(outDir, message.path);
    const folder = dirname(target);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    const bytes = Buffer.from(message.text);
    pending++;
    writeFile(target, bytes, (error) => {
      pending--;
      if (error) return fail(error);
      reply({ written: 1 });
      settle();
    });
    totals.files++;
    totals.bytes += bytes.length;
    totals.gzipBytes += gzipSync(bytes).length;
  } catch (error) {
    fail(error as NodeJS.ErrnoException);
  }
});
