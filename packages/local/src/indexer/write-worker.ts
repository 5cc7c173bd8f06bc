/**
 * Worker thread of the indexer that writes the index files (and gzips them, for a report that asks for it). It
 * loads only Node's modules and write-file.ts, so it is up in a few ms; files are written through
 * libuv's pool meanwhile, so a slow file creation holds up neither this thread nor the main one.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { writeIndexFile, type WrittenIndex } from './write-file.js';

/** A file's bytes come transferred (its buffer moved, not copied), UTF-8 encoded by the sender. */
export type WriteRequest = { files: { path: string; bytes: Uint8Array }[] } | { finish: true };
/** `written`: files on disk since the last reply, told every few files and whenever none is left pending. */
export type WriteReply = { written: number } | { totals: WrittenIndex } | { error: { message: string; code?: string } };

const FILES_PER_REPLY = 16;

const { outDir, gzip } = workerData as { outDir: string; gzip: boolean };
const target = { outDir, gzip, folders: new Set<string>(), totals: { files: 0, bytes: 0, gzipBytes: 0 } };
let pending = 0;
let unreported = 0;
let finishing = false;
let failed = false;
const reply = (message: WriteReply): void => parentPort!.postMessage(message);
const fail = (error: NodeJS.ErrnoException): void => {
  if (failed) return;
  failed = true;
  reply({ error: { message: error.message, code: error.code } });
};
const settle = (): void => {
  if (finishing && pending === 0 && !failed) reply({ totals: target.totals });
};

parentPort!.on('message', (message: WriteRequest) => {
  if ('finish' in message) {
    finishing = true;
    settle();
    return;
  }
  if (failed) return;
  for (const file of message.files) {
    try {
      writeIndexFile(target, file.path, file.bytes, (error) => {
        pending--;
        if (error) return fail(error);
        if (++unreported >= FILES_PER_REPLY || pending === 0) {
          reply({ written: unreported });
          unreported = 0;
        }
        settle();
      });
      // The callback runs later, on the event loop: counted in time.
      pending++;
    } catch (error) {
      fail(error as NodeJS.ErrnoException);
      return;
    }
  }
});
