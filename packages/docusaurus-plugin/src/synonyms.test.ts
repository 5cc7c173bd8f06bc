/** `themeConfig.sitesearch.localIndex.synonyms`: checked at startup, read when the plugin starts, held by the built index. */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { normalizeThemeConfig } from '@docusaurus/utils-validation';
import type { LoadContext } from '@docusaurus/types';
import { SearchEngine, fileSource } from '@sitesearch/local';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import themeSiteSearch from './index.js';
import { validateThemeConfig } from './options.js';
import type { SiteSearchThemeConfig } from './types.js';

const FLAKY = [{ objectID: 'flaky', type: 'oneWaySynonym', input: 'flaky', synonyms: ['retry'] }];
const validated = (sitesearch: Record<string, unknown>) =>
  validateThemeConfig({ themeConfig: { sitesearch }, validate: normalizeThemeConfig }).sitesearch as SiteSearchThemeConfig;

let siteDir: string;
let outDir: string;
beforeAll(async () => {
  siteDir = await mkdtemp(join(tmpdir(), 'sitesearch-docusaurus-synonyms-'));
  outDir = join(siteDir, 'build');
  await mkdir(outDir);
  await writeFile(join(outDir, 'index.html'), '<html><head><title>Retry</title></head><body><main><h1>Retry</h1><p>Run a failing test again with retry.</p></main></body></html>');
  await writeFile(join(siteDir, 'synonyms.json'), JSON.stringify(FLAKY));
  await writeFile(join(siteDir, 'bad.json'), JSON.stringify([FLAKY[0], FLAKY[0]]));
});
afterAll(() => rm(siteDir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

function plugin(sitesearch: Record<string, unknown>) {
  const context = { siteConfig: { title: 'Docs', url: 'https://docs.example.com', themeConfig: { sitesearch: validated(sitesearch) } }, baseUrl: '/', siteDir } as unknown as LoadContext;
  return themeSiteSearch(context);
}

describe('localIndex.synonyms', () => {
  it('is validated with the other localIndex options: a path, or a list whose entries are checked', () => {
    expect(validated({ localIndex: { synonyms: FLAKY } })).toMatchObject({ localIndex: { synonyms: FLAKY } });
    expect(() => validated({ localIndex: { synonyms: 3 } })).toThrow(/"sitesearch\.localIndex\.synonyms"/);
    expect(() => validated({ localIndex: { synonyms: [{ objectID: 'a', type: 'placeholder', placeholder: '<v>' }] } })).toThrow(/localIndex\.synonyms: entry 0 \(objectID "a"\): "replacements" is required for type placeholder/);
  });

  it('from a file (relative to the site folder) or inline, the built index holds them: "flaky" finds the retry page', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'info').mockImplementation(() => {});
    for (const synonyms of ['synonyms.json', FLAKY]) {
      await (plugin({ localIndex: { synonyms } }).postBuild as unknown as (props: { outDir: string; baseUrl: string }) => Promise<void>)({ outDir, baseUrl: '/' });
      const manifest = JSON.parse(await readFile(join(outDir, 'sitesearch', 'manifest.json'), 'utf8')) as { synonyms?: unknown };
      expect(manifest.synonyms).toEqual([[0, 'flaky', 'retry']]);
      expect((await new SearchEngine(fileSource(join(outDir, 'sitesearch'))).search({ query: 'flaky' })).hits[0]?.url).toBe('/');
    }
  });

  it('a bad file fails when the plugin starts, naming the file, the entry and the field', () => {
    expect(() => plugin({ localIndex: { synonyms: 'bad.json' } })).toThrow(`${join(siteDir, 'bad.json')}: entry 1 (objectID "flaky"): "objectID" "flaky" is already used by entry 0`);
  });
});
