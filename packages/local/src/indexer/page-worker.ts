/** Worker thread of the indexer: reads and extracts the pages it is sent, one message each way. */
import { parentPort, workerData } from 'node:worker_threads';
import { createPageReader, type PageSettings, type PageTask } from './read-page.js';

const readPage = createPageReader(workerData as PageSettings);
parentPort!.on('message', ({ seq, task }: { seq: number; task: PageTask }) => {
  try {
    parentPort!.postMessage({ seq, result: readPage(task) });
  } catch (error) {
    // Sent as plain data: the main thread throws it again with the same name and message.
    parentPort!.postMessage({ seq, error: { name: (error as Error).name, message: (error as Error).message } });
  }
});
