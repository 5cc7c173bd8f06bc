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
