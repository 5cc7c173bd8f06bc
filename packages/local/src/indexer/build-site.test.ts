import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../engine/build.js';
import { SearchEngine } from '../engine/engine.js';
import type { DocRecord } from '../records.js';
import { buildSiteIndex } from './build-site.js';
import { extractPage } from './extract.js';
import { indexSite, listSite } from './site.js';
import { fileSource, serializeIndex } from './write-index.js';

const FIXTURE_SITE = fileURLToPath(new URL('./__fixtures__/site', import.meta.url));
const WORDS = 'vite config plugin server build module import export render bundle cache watch proxy alias worker'.split(' ');

/** The fixture pages plus generated ones: enough pages that record shards cut across pages, and a meta tag on some. */
async function makeSite(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sitesearch-parallel-'));
  await cp(FIXTURE_SITE, dir, { recursive: true });
  for (let i = 0; i < 90; i++) {
    const word = (n: number): string => WORDS[(i * 7 + n * 3) % WORDS.length]!;
    const sections = Array.from(
      { length: 1 + (i % 4) },
      (_, h) => `<h2 id="s${h}">${word(h)} ${word(h + 1)}</h2><p>${word(h + 2)} ${word(h + 5)} useState defineConfig ${i}</p><ul><li>${word(h + 3)}</li><li>${word(h)}</li></ul>`,
    ).join('');
    const meta = i % 3 === 0 ? '<meta name="sitesearch:version" content="2.0">' : '';
    await mkdir(join(dir, 'generated', String(i % 5)), { recursive: true });
    await writeFile(
      join(dir, 'generated', String(i % 5), `page-${i}.html`),
      `<!doctype html><html><head><title>Page ${i}</title>${meta}</head><body><nav>Home</nav><main><h1>${word(0)} page ${i}</h1><p>${word(1)} ${word(4)}</p>${sections}</main></body></html>`,
    );
  }
  return dir;
}

/** The indexer as it was before it streamed: every page extracted in turn, one `buildIndex` over all records. */
async function referenceFiles(dir: string): Promise<Map<string, string>> {
  const site = { records: [] as DocRecord[], languages: [] as (string | undefined)[] };
  for (const page of await listSite({ dir })) {
    if (page.errorPage) continue;
    const result = extractPage(await readFile(page.file, 'utf8'), { url: page.url });
    site.records.push(...result.records);
    site.languages.push(...(result.languages ?? []));
  }
  return siteIndexFiles(site.records, {}, site.languages);
}

/** The files of `buildIndex` as a site's index writes them: `lang` in the facets, not in the record shards (see `withoutLang`). */
function siteIndexFiles(records: DocRecord[], options: Parameters<typeof buildIndex>[1], languages: (string | undefined)[]): Map<string, string> {
  const built = buildIndex(records, options, languages);
  return serializeIndex({ ...built, recordShards: built.recordShards.map((shard) => shard.map(({ lang: _lang, ...record }) => record as DocRecord)) });
}

async function filesIn(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(relative(dir, join(entry.parentPath, entry.name)), await readFile(join(entry.parentPath, entry.name), 'utf8'));
  }
  return files;
}

// Worker threads start slowly on a loaded machine: generous time, no figure asserted.
describe('buildSiteIndex on one thread and on several', { timeout: 60_000 }, () => {
  let dir: string;
  let expected: Map<string, string>;
  beforeAll(async () => {
    dir = await makeSite();
    expected = await referenceFiles(dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes, byte for byte, the index of the whole site built at once, whatever the number of workers', async () => {
    // Several record shards, several term ranges and completions files: every kind of file is compared.
    expect([...expected.keys()].filter((path) => path.startsWith('records/')).length).toBeGreaterThan(3);
    const reports = [];
    for (const workers of [1, 2, 3]) {
      const outDir = join(dir, `out-${workers}`);
      const report = await buildSiteIndex({ dir, outDir, workers, exclude: ['out-1', 'out-2', 'out-3'], termShardBytes: 2_000 });
      const site = await indexSite({ dir, workers: 1, exclude: ['out-1', 'out-2', 'out-3'] });
      const reference = siteIndexFiles(site.records, { termShardBytes: 2_000 }, site.languages);
      expect([...reference.keys()].some((path) => path.startsWith('terms/p-'))).toBe(true);
      expect(await filesIn(outDir)).toEqual(reference);
      reports.push({ ...report, outDir: undefined, durationMs: undefined });
    }
    expect(reports[1]).toEqual(reports[0]);
    expect(reports[2]).toEqual(reports[0]);
  });

  it('gives the same records and the same skipped pages in the same order with 1 and 2 workers', async () => {
    const one = await indexSite({ dir, workers: 1 });
    const two = await indexSite({ dir, workers: 2 });
    expect(two).toEqual(one);
    expect(one.pages).toBe(93);
    expect(one.skipped.map((page) => page.reason)).toEqual(['error page', 'marked noindex']);
  });

  it('matches the index built before streaming, with the default options, and answers searches the same', async () => {
    const outDir = join(dir, 'default-out');
    await buildSiteIndex({ dir, outDir, workers: 2, exclude: ['default-out'] });
    expect(await filesIn(outDir)).toEqual(expected);
    const engine = new SearchEngine(fileSource(outDir));
    const response = await engine.search({ query: 'defineconfig page 42' });
    expect(response.hits[0]).toMatchObject({ url_without_anchor: '/generated/2/page-42.html' });
    // The pages' <html lang> filters as DocSearch's `lang` does (VitePress's algolia provider sends it).
    expect((await engine.search({ query: 'tutorial intro', facetFilters: ['lang:en'] })).hits[0]).toMatchObject({ url_without_anchor: '/docs/intro/' });
    expect((await engine.search({ query: 'tutorial intro', facetFilters: ['lang:fr'] })).hits).toEqual([]);
  });

  it('fails with the file system error, naming the file, when an index file cannot be written', async () => {
    const outDir = join(dir, 'blocked-out');
    // A folder where the manifest goes: the writer finds out only when it writes it, on this
    // thread (one page thread) or on the writer thread (page workers too).
    await mkdir(join(outDir, 'manifest.json'), { recursive: true });
    for (const workers of [1, 2]) {
      const failure = buildSiteIndex({ dir, outDir, workers, exclude: ['blocked-out', 'out-1', 'out-2', 'out-3', 'default-out'] });
      await expect(failure).rejects.toMatchObject({ code: 'EISDIR' });
      await expect(failure).rejects.toThrow(/manifest\.json/);
    }
  });

  it('reports a bad selector from the main thread before starting, as extractPage words it', async () => {
    await expect(buildSiteIndex({ dir, workers: 2, selectors: { text: ['p[[['] } })).rejects.toThrow(/selectors\.text is not valid CSS/);
    await expect(indexSite({ dir, workers: 2, selectors: { content: ['main[['] } })).rejects.toThrow(/"main\[\[" is not a valid CSS selector/);
    await expect(indexSite({ dir, workers: 0 })).rejects.toThrow(/workers must be a positive integer/);
  });
});

describe('buildSiteIndex and the pages\' languages', { timeout: 60_000 }, () => {
  it('records them in the manifest and says once which ones are not stemmed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitesearch-languages-'));
    const page = (lang: string, text: string): string => `<!doctype html><html lang="${lang}"><head><title>t</title></head><body><main><h1>${text}</h1><p>${text}</p></main></body></html>`;
    await writeFile(join(dir, 'en.html'), page('en-US', 'Configuring the server'));
    await writeFile(join(dir, 'zh.html'), page('zh-CN', '你可以使用快捷键来创建索引文件'));
    for (const n of [1, 2, 3]) await writeFile(join(dir, `ko-${n}.html`), page('ko', '설정 파일'));
    await writeFile(join(dir, 'pl.html'), page('pl', 'Konfiguracja serwera'));
    // A quotation in another language inside an English page adds that language.
    await writeFile(join(dir, 'quote.html'), `<html lang="en"><body><main><h1>Quote</h1><p lang="de">Die Konfigurationen</p></main></body></html>`);
    const report = await buildSiteIndex({ dir, workers: 1 });
    expect(report.languages).toEqual(['ko', 'en', 'pl', 'zh', 'de']);
    expect(report.warnings).toEqual(['no stemmer for "ko" (3 pages), "pl" (1 page): words in them are matched as written (whole, by prefix and with typos), not by their stem']);
    const manifest = JSON.parse(await readFile(join(dir, 'sitesearch', 'manifest.json'), 'utf8')) as { languages: string[] };
    expect(manifest.languages).toEqual(report.languages);
    const engine = new SearchEngine(fileSource(join(dir, 'sitesearch')));
    expect((await engine.search({ query: '索引' })).hits.map((hit) => hit.url)).toEqual(['/zh.html']);
    // The German paragraph is stemmed as German: "Konfiguration" finds "Konfigurationen".
    expect((await engine.search({ query: 'konfiguration ' })).hits.map((hit) => hit.url)).toEqual(['/quote.html']);
    await rm(dir, { recursive: true, force: true });
  });
});

describe('buildSiteIndex and release posts', { timeout: 60_000 }, () => {
  it('counts for its note the release posts it ranked -1, not one left out or ranked by its own meta tag', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitesearch-release-posts-'));
    const page = (head: string, title: string): string => `<!doctype html><html lang="en"><head><title>${title}</title>${head}</head><body><main><h1>${title}</h1><p>Released with faster builds.</p></main></body></html>`;
    await writeFile(join(dir, 'index.html'), page('', 'Getting started'));
    await mkdir(join(dir, 'blog'));
    await writeFile(join(dir, 'blog', 'v1.html'), page('', 'Version 1'));
    await writeFile(join(dir, 'blog', 'v2.html'), page('', 'Version 2'));
    await writeFile(join(dir, 'blog', 'draft.html'), page('<meta name="robots" content="noindex">', 'Draft'));
    await writeFile(join(dir, 'blog', 'guide.html'), page('<meta name="sitesearch:page_rank" content="0">', 'Upgrade guide'));
    const report = await buildSiteIndex({ dir, workers: 1 });
    expect(report.skipped.map((skip) => relative(dir, skip.file))).toEqual([join('blog', 'draft.html')]);
    expect(report.releasePosts).toBe(2);
    await rm(dir, { recursive: true, force: true });
  });
});
