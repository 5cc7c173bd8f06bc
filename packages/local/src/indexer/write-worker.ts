/**
 * Worker thread of the indexer that writes the index files (and gzips them, for a report that asks
 * for it). It loads only Node's modules and write-file.ts, so it is up in a few ms. It writes each
 * file synchronously: this thread has nothing else to do, and handing every file to libuv's pool
 * cost more than the writing (on the 10,000-page site's 7,578 files, ~1.8 s more system time; in a
 * microbench of 7,000 files, twice the wall time and ten times the user time). A slow disk holds up
 * only this thread: the main one writes the last files itself when this one is behind.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { writeIndexFileSync, type WrittenIndex } from './write-file.js';

/** A file's bytes come transferred (its buffer moved, not copied), UTF-8 encoded by the sender. */
export type WriteRequest = { files: { path: string; bytes: Uint8Array }[] } | { finish: true };
/** `written`: files on disk since the last reply, told after each message's files. */
export type WriteReply = { written: number } | { totals: WrittenIndex } | { error: { message: string; code?: string } };

const { outDir, gzip } = workerData as { outDir: string; gzip: boolean };
const target = { outDir, gzip, folders: new Set<string>(), totals: { files: 0, bytes: 0, gzipBytes: 0 } };
let failed = false;
const reply = (message: WriteReply): void => parentPort!.postMessage(message);

parentPort!.on('message', (message: WriteRequest) => {
  if (failed) return;
  if ('finish' in message) return reply({ totals: target.totals });
  try {
    for (const file of message.files) writeIndexFileSync(target, file.path, file.bytes);
    reply({ written: message.files.length });
  } catch (error) {
    failed = true;
    const { message: text, code } = error as NodeJS.ErrnoException;
    reply({ error: { message: text, code } });
  }
});
