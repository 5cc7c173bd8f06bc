/** Worker thread of the indexer: reads and extracts the pages it is sent, a few per message, and answers each message once. */
import { parentPort, workerData } from 'node:worker_threads';
import { createPageReader, type PageSettings, type PageTask } from './read-page.js';
import type { PageReply } from './read-pages.js';

const readPage = createPageReader(workerData as PageSettings);
parentPort!.on('message', ({ seqs, tasks }: { seqs: number[]; tasks: PageTask[] }) => {
  try {
    parentPort!.postMessage({ seqs, results: tasks.map(readPage) } satisfies PageReply);
  } catch (error) {
    // Sent as plain data: the main thread throws it again with the same name and message.
    parentPort!.postMessage({ seqs, error: { name: (error as Error).name, message: (error as Error).message } } satisfies PageReply);
  }
});
