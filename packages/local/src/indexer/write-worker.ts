/** Worker thread of the indexer that writes the index files (and gzips them for the report). */
import { parentPort, workerData } from 'node:worker_threads';
import { createFileWriter } from './write-files.js';

const writer = createFileWriter((workerData as { outDir: string }).outDir);
let failed = false;
parentPort!.on('message', (message: { path: string; text: string } | { finish: true }) => {
  if ('finish' in message) {
    parentPort!.postMessage({ totals: writer.totals() });
    return;
  }
  if (failed) return;
  try {
    writer.write(message.path, message.text);
    parentPort!.postMessage({ written: 1 });
  } catch (error) {
    failed = true;
    parentPort!.postMessage({ error: { message: (error as Error).message, code: (error as NodeJS.ErrnoException).code } });
  }
});
