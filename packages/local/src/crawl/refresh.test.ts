import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type StaticServer } from '../test-support/static-server.js';
import { crawlSite, type CrawlReport } from './crawl.js';

/**
 * `<meta http-equiv="refresh">` pages, the redirects of hosts that have none (Astro writes one
 * per entry of its `redirects`): followed like an HTTP redirect, on the same origin, loops named.
 */
const quiet = { write: () => {}, isTTY: false };
const page = (title: string, body = '', head = '') => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><main><h1>${title}</h1><p>${body}</p></main></body></html>`;
const refresh = (to: string, delay = 0) => page('Redirecting', `Moved to <a href="${to}">${to}</a>`, `<meta http-equiv="refresh" content="${delay};url=${to}">`);

let scratch: string;
let server: StaticServer;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'sitesearch-crawl-refresh-'));
  server = await startStaticServer(scratch, { conditional: true });
  const files: Record<string, string> = {
    // The start URL is a refresh to another folder, which becomes a root of the crawl as an HTTP redirect's target would.
    'old/index.html': refresh('/docs/'),
    'docs/index.html': page('Docs', '<a href="moved.html">Moved</a> <a href="loop-1.html">Loop</a> <a href="away.html">Away</a> <a href="out.html">Out</a> <a href="reload.html">Reload</a> <a href="to-a.html">To A</a> <a href="a.html">A</a>'),
    'docs/a.html': page('Page A', 'Alpha.'),
    // Linked only by the refresh: crawled through it.
    'docs/moved.html': page('Redirecting', 'stub', '<meta http-equiv="refresh" content="0; url=target.html">'),
    'docs/target.html': page('Target', 'Reached through a meta refresh.'),
    'docs/to-a.html': refresh('/docs/a.html', 3),
    'docs/loop-1.html': refresh('/docs/loop-2.html'),
    'docs/loop-2.html': refresh('/docs/loop-1.html'),
    'docs/away.html': refresh(`${server.url.replace('127.0.0.1', 'localhost')}/docs/a.html`),
    'docs/out.html': refresh('/outside/page.html'),
    'outside/page.html': page('Outside', 'Not in the crawl.'),
    // A delay alone reloads: an ordinary page.
    'docs/reload.html': page('Live scores', 'Reloaded every 30 s.', '<meta http-equiv="refresh" content="30">'),
  };
  for (const [path, html] of Object.entries(files)) {
    await mkdir(dirname(join(scratch, path)), { recursive: true });
    await writeFile(join(scratch, path), html);
  }
});
afterAll(async () => {
  await server?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('meta refresh', () => {
  let report: CrawlReport;
  beforeAll(async () => {
    report = await crawlSite({ urls: [`${server.url}/old/`], outDir: join(scratch, 'out'), delayMs: 0, output: quiet });
  });
  const at = (path: string) => `${server.url}${path}`;

  it('indexes the targets in place of the refresh pages, each once', () => {
    const indexed = [...new Set(report.recordList.map((record) => record.url_without_anchor))].sort();
    expect(indexed).toEqual([at('/docs/'), at('/docs/a.html'), at('/docs/reload.html'), at('/docs/target.html')]);
    expect(report.recordList.filter((record) => record.hierarchy.lvl1 === 'Redirecting')).toEqual([]);
    expect(report.failed).toEqual([]);
    expect(report.startFailed).toBe(false);
  });

  it('says why each refresh page is not indexed: followed, a loop, another origin, outside the crawl', () => {
    const reasons = Object.fromEntries(report.skipped.map((issue) => [issue.url.replace(server.url, ''), issue.reason]));
    expect(reasons).toEqual({
      '/old/': `refreshes to ${at('/docs/')} (<meta http-equiv="refresh">)`,
      '/docs/moved.html': `refreshes to ${at('/docs/target.html')} (<meta http-equiv="refresh">)`,
      '/docs/to-a.html': `refreshes to ${at('/docs/a.html')} (<meta http-equiv="refresh">)`,
      '/docs/loop-1.html': `refreshes to ${at('/docs/loop-2.html')} (<meta http-equiv="refresh">)`,
      '/docs/loop-2.html': 'meta refresh loop: /docs/loop-2.html → /docs/loop-1.html → /docs/loop-2.html',
      '/docs/away.html': `refreshes to ${server.url.replace('127.0.0.1', 'localhost')}/docs/a.html, another origin: not followed`,
      '/docs/out.html': `refreshes to ${at('/outside/page.html')}, outside the crawl`,
    });
  });

  it('remembers a refresh page across crawls (304: its target, not its text)', async () => {
    const again = await crawlSite({ urls: [`${server.url}/old/`], outDir: join(scratch, 'out'), delayMs: 0, output: quiet });
    expect(again.reused).toBe(again.pages + again.skipped.length);
    expect(again.extracted).toBe(0);
    expect(again.recordList.map((record) => record.objectID)).toEqual(report.recordList.map((record) => record.objectID));
    // In the same order too: the report lists them by URL, not as concurrent fetches ended.
    expect(again.skipped).toEqual(report.skipped);
  });
});
