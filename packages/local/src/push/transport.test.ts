import { describe, expect, it } from 'vitest';
import { batchRange, chooseBatchSize } from './batches.js';
import { UploadProgress } from './progress.js';
import { retryingRequester, type EndRequest, type EndResponse } from './transport.js';

const request = (path: string, data = '{"requests":[]}'): EndRequest => ({ url: `http://h${path}`, method: 'POST', headers: {}, data, connectTimeout: 1, responseTimeout: 1 });
const answer = (status: number, body: unknown = {}, headers?: Record<string, string>): EndResponse => ({ status, content: JSON.stringify(body), isTimedOut: false, ...(headers ? { headers } : {}) });

/** A requester that plays the given answers in order, and the waits asked of `sleep`. */
function scripted(...answers: EndResponse[]) {
  const waits: number[] = [];
  let sent = 0;
  const base = { send: async () => answers[Math.min(sent++, answers.length - 1)]! };
  return { base, waits, sleep: async (ms: number) => void waits.push(ms), sent: () => sent };
}

describe('retryingRequester', () => {
  it('retries 5xx and dropped connections with doubling waits, then passes the answer on', async () => {
    const { base, waits, sleep, sent } = scripted(answer(503), { status: 0, content: 'ECONNRESET', isTimedOut: false }, answer(200, { taskID: 1 }));
    const { requester, stats } = retryingRequester(base, { baseDelayMs: 100 }, {}, sleep);
    expect((await requester.send(request('/1/indexes/a/batch'))).status).toBe(200);
    expect(sent()).toBe(3);
    expect(waits).toEqual([100, 200]);
    expect(stats).toMatchObject({ batches: 1, retries: 2, failedBatch: undefined });
  });

  it('waits as long as a 429 says in Retry-After, and gives up after the retries allowed', async () => {
    const { base, waits, sleep, sent } = scripted(answer(429, { message: 'Too many requests' }, { 'retry-after': '3' }));
    const failed: unknown[] = [];
    const { requester, stats } = retryingRequester(base, { retries: 2, baseDelayMs: 100 }, { onBatchFailed: (event) => failed.push(event) }, sleep);
    expect((await requester.send(request('/1/indexes/a_tmp_1/batch'))).status).toBe(429);
    expect(sent()).toBe(3);
    expect(waits).toEqual([3000, 3000]);
    expect(stats.failedBatch).toMatchObject({ batch: 1, indexName: 'a_tmp_1', status: 429, message: 'Too many requests', attempts: 3 });
    expect(failed).toHaveLength(1);
  });

  it('does not retry a refusal (4xx) or a timeout (the client handles those), and counts batches by their data', async () => {
    const { base, sent, sleep } = scripted(answer(403, { message: 'Method not allowed with this API key' }), { status: 0, content: '', isTimedOut: true });
    const { requester, stats } = retryingRequester(base, {}, {}, sleep);
    await requester.send(request('/1/indexes/a/settings'));
    expect(sent()).toBe(1);
    expect(stats.lastFailure).toEqual({ status: 403, message: 'Method not allowed with this API key', path: '/1/indexes/a/settings' });
    const batch = request('/1/indexes/a/batch', '{"one":1}');
    await requester.send(batch);
    await requester.send(batch); // the client trying another host: the same batch
    expect(sent()).toBe(3);
    expect(stats.batches).toBe(1);
  });
});

describe('batch sizing', () => {
  it('keeps 1000 records per batch while they fit, and halves until every batch is under the byte limit', () => {
    expect(chooseBatchSize(Array(2500).fill(500))).toBe(1000);
    expect(chooseBatchSize(Array(7).fill(500))).toBe(7);
    expect(chooseBatchSize(Array(2500).fill(500), 1000, 200_000)).toBe(250);
    expect(chooseBatchSize([100, 100, 5000, 100], 1000, 5100)).toBe(2);
    expect(batchRange(3, 1000, 2500)).toEqual([2001, 2500]);
  });
});

describe('upload progress', () => {
  it('redraws one bar on a terminal and ends its line before other output', () => {
    let text = '';
    const progress = new UploadProgress({ write: (chunk) => void (text += chunk), isTTY: true }, { records: 4, bytes: 2048, batches: 2 });
    progress.batchDone(1, 2, 1024);
    progress.batchDone(2, 2, 1024);
    progress.line('done');
    expect(text).toBe('\r[############------------] 2/4 records, 1.0 KB/2.0 KB \r[########################] 4/4 records, 2.0 KB/2.0 KB \ndone\n');
  });

  it('prints one plain line per batch in a log', () => {
    let text = '';
    const progress = new UploadProgress({ write: (chunk) => void (text += chunk), isTTY: false }, { records: 3, bytes: 300, batches: 2 });
    progress.batchDone(1, 2, 200);
    progress.batchDone(2, 1, 100);
    progress.end();
    expect(text).toBe('  batch 1/2: 2/3 records, 200 B/300 B\n  batch 2/2: 3/3 records, 300 B/300 B\n');
  });
});
