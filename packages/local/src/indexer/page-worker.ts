/** Worker thread of the indexer: reads and extracts the pages it is sent, a few per message, and answers each message once. */
import { parentPort, workerData } from 'node:worker_threads';
import { createPageReader, type PageSettings, type PageTask } from './read-page.js';
import type { PageReply } from './read-pages.js';

// Terms are counted as numbers; each answer carries the terms first met since the last one.
const vocabulary: string[] = [];
let sent = 0;
const readPage = createPageReader(workerData as PageSettings, vocabulary);
parentPort!.on('message', ({ seqs, tasks }: { seqs: number[]; tasks: PageTask[] }) => {
  try {
    const results = tasks.map(readPage);
    const terms = vocabulary.slice(sent);
    sent = vocabulary.length;
    parentPort!.postMessage({ seqs, results, terms } satisfies PageReply);
  } catch (error) {
    // Sent as plain data: the main thread throws it again with the same name and message.
    parentPort!.postMessage({ seqs, error: { name: (error as Error).name, message: (error as Error).message } } satisfies PageReply);
  }
});
