import { mkdtemp, mkdir, readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../engine/engine.js';
import { buildSiteIndex } from './build-site.js';
import { IndexerError, indexSite, pagePath } from './site.js';
import { fileSource } from './write-index.js';

const FIXTURE_SITE = fileURLToPath(new URL('./__fixtures__/site', import.meta.url));

describe('indexSite', () => {
  it('indexes every page of a folder, skipping error and noindex pages, with the base URL', async () => {
    const site = await indexSite({ dir: FIXTURE_SITE, baseUrl: 'https://example.com/docs' });
    expect(site.pages).toBe(3);
    expect(site.skipped.map((page) => [page.file.slice(FIXTURE_SITE.length + 1), page.reason])).toEqual([
      ['404.html', 'error page'],
      ['private.html', 'marked noindex'],
    ]);
    expect(new Set(site.records.map((record) => record.url_without_anchor))).toEqual(
      new Set(['https://example.com/docs/docs/intro/', 'https://example.com/docs/guides/example.html', 'https://example.com/docs/reference/']),
    );
  });

  it('links pages without .html with cleanUrls', async () => {
    const site = await indexSite({ dir: FIXTURE_SITE, cleanUrls: true });
    expect(new Set(site.records.map((record) => record.url_without_anchor))).toEqual(new Set(['/docs/intro/', '/guides/example', '/reference/']));
  });

  it('maps files to the URLs static hosts serve', () => {
    expect(pagePath('index.html')).toBe('');
    expect(pagePath('guide/index.html')).toBe('guide/');
    expect(pagePath('guide/features.html')).toBe('guide/features.html');
    expect(pagePath('guide/features.html', true)).toBe('guide/features');
    expect(pagePath('guide/index.html', true)).toBe('guide/');
  });

  it('says what is wrong and where for a missing folder, a file, an empty folder or a bad base URL', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'sitesearch-empty-'));
    await writeFile(join(empty, 'notes.txt'), 'not html');
    await expect(indexSite({ dir: join(empty, 'nope') })).rejects.toThrow(new IndexerError(`no folder at ${join(empty, 'nope')}`));
    await expect(indexSite({ dir: join(empty, 'notes.txt') })).rejects.toThrow(`${join(empty, 'notes.txt')} is a file, not a folder of HTML pages`);
    await expect(indexSite({ dir: empty })).rejects.toThrow(`no .html files under ${empty}`);
    await expect(indexSite({ dir: FIXTURE_SITE, baseUrl: 'docs' })).rejects.toThrow('baseUrl must start with "/" or "http(s)://", got "docs"');
  });

  it('skips a binary file named .html and goes on', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitesearch-binary-'));
    await writeFile(join(dir, 'image.html'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0xff]));
    await writeFile(join(dir, 'index.html'), '<title>Home</title><main><h1>Home</h1><p>Welcome</p></main>');
    const site = await indexSite({ dir });
    expect(site.pages).toBe(1);
    expect(site.skipped).toEqual([{ file: join(dir, 'image.html'), reason: 'not text (binary content in an .html file)' }]);
  });

  it('skips a page it cannot read, saying why, and goes on', async () => {
    // Tests run as root, which reads any file whatever its mode; a page over Node's 2 GiB read
    // limit is refused by readFile all the same. It is sparse: no disk space, nothing is read.
    const dir = await mkdtemp(join(tmpdir(), 'sitesearch-unreadable-'));
    await writeFile(join(dir, 'huge.html'), '');
    await truncate(join(dir, 'huge.html'), 2 ** 31 + 1);
    await writeFile(join(dir, 'index.html'), '<title>Home</title><main><h1>Home</h1><p>Welcome</p></main>');
    const site = await indexSite({ dir });
    expect(site.pages).toBe(1);
    expect(site.skipped).toEqual([{ file: join(dir, 'huge.html'), reason: 'unreadable: ERR_FS_FILE_TOO_LARGE' }]);
    await rm(dir, { recursive: true });
  });
});

describe('page rank', () => {
  const page = (title: string, meta = '') => `<html lang="en"><head><title>${title}</title>${meta}</head><body><main><h1>${title}</h1><p>Inline snapshots.</p></main></body></html>`;
  async function site(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'sitesearch-rank-'));
    for (const folder of ['blog', 'guide', 'changelog', 'blogroll']) await mkdir(join(dir, folder));
    await writeFile(join(dir, 'index.html'), page('Home'));
    await writeFile(join(dir, 'blog.html'), page('Blog'));
    await writeFile(join(dir, 'blog', 'v2.html'), page('Version 2'));
    await writeFile(join(dir, 'changelog', 'index.html'), page('Changes'));
    await writeFile(join(dir, 'blogroll', 'index.html'), page('Friends'));
    await writeFile(join(dir, 'guide', 'snapshots.html'), page('Snapshots'));
    await writeFile(join(dir, 'guide', 'pinned.html'), page('Pinned', '<meta name="sitesearch:page_rank" content="2">'));
    await writeFile(join(dir, 'guide', 'odd.html'), page('Odd', '<meta name="sitesearch:page_rank" content="high">'));
    return dir;
  }
  const ranks = (records: Array<{ url_without_anchor?: string; page_rank?: unknown }>) =>
    Object.fromEntries(records.filter((record) => record.page_rank !== undefined).map((record) => [record.url_without_anchor, record.page_rank]));

  it('ranks release posts -1 by default, and takes a page\'s own meta tag as a number', async () => {
    const dir = await site();
    expect(ranks((await indexSite({ dir, cleanUrls: true })).records)).toEqual({ '/blog': -1, '/blog/v2': -1, '/changelog/': -1, '/guide/pinned': 2 });
    await rm(dir, { recursive: true });
  });

  it('applies the first pageRank pattern that matches before the default, and { "*": 0 } turns the default off', async () => {
    const dir = await site();
    expect(ranks((await indexSite({ dir, baseUrl: '/docs/', pageRank: { '/docs/guide/*': 1, '/docs/blog/*': -2 } })).records)).toEqual({
      '/docs/blog.html': -1,
      '/docs/blog/v2.html': -2,
      '/docs/changelog/': -1,
      '/docs/guide/snapshots.html': 1,
      '/docs/guide/odd.html': 1,
      '/docs/guide/pinned.html': 2,
    });
    expect(ranks((await indexSite({ dir, pageRank: { '*': 0 } })).records)).toEqual({ '/guide/pinned.html': 2 });
    await rm(dir, { recursive: true });
  });

  it('refuses a pageRank that is not patterns and numbers, by name', async () => {
    const dir = await site();
    await expect(indexSite({ dir, pageRank: ['/blog/*'] as never })).rejects.toThrow(/^pageRank must be an object of URL patterns and ranks/);
    await expect(indexSite({ dir, pageRank: { '/blog/*': 'low' as never } })).rejects.toThrow('pageRank["/blog/*"] must be a number (higher ranks first, default 0), got "low"');
    await expect(indexSite({ dir, pageRank: { '': -1 } })).rejects.toThrow(IndexerError);
    await rm(dir, { recursive: true });
  });
});

describe('buildSiteIndex', () => {
  it('writes the index into <dir>/sitesearch, which a file source then answers from', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitesearch-build-'));
    for (const file of ['guides/example.html', 'docs/intro/index.html']) {
      await mkdir(join(dir, file, '..'), { recursive: true });
      await writeFile(join(dir, file), await readFile(join(FIXTURE_SITE, file)));
    }
    const report = await buildSiteIndex({ dir });
    expect(report).toMatchObject({ outDir: join(dir, 'sitesearch'), pages: 2, records: 16, skipped: [] });
    // The gzipped size is measured only when asked for (it costs a gzip of every file).
    expect(report.gzipBytes).toBeUndefined();
    expect((await readdir(report.outDir)).sort()).toEqual(['facets.json', 'manifest.json', 'records', 'terms']);

    const engine = new SearchEngine(fileSource(report.outDir));
    const response = await engine.search({ query: 'docusarus' });
    expect(response.hits[0]).toMatchObject({ url: '/docs/intro/', type: 'content', language: 'en' });

    // A second build over the first does not index the index, and gives the same answer.
    const again = await buildSiteIndex({ dir, reportGzipBytes: true });
    expect(again.records).toBe(16);
    expect(again.bytes).toBe(report.bytes);
    expect(again.gzipBytes).toBeGreaterThan(0);
    expect(again.gzipBytes).toBeLessThan(again.bytes);
  });

  it('reports a missing or corrupt index file by name', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitesearch-corrupt-'));
    await expect(new SearchEngine(fileSource(dir)).search({ query: 'x' })).rejects.toThrow(
      `index file ${join(dir, 'manifest.json')} is missing; run \`sitesearch index\` on the site first`,
    );
    await writeFile(join(dir, 'manifest.json'), '{"format": "sitesearch-index"');
    await expect(new SearchEngine(fileSource(dir)).search({ query: 'x' })).rejects.toThrow(/manifest\.json is not valid JSON/);
    await writeFile(join(dir, 'manifest.json'), '{"format": "something-else"}');
    await expect(new SearchEngine(fileSource(dir)).search({ query: 'x' })).rejects.toThrow(/is not a SiteSearch index manifest/);
  });
});
