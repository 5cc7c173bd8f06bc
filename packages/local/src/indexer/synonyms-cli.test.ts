/** `--synonyms <file>` on `sitesearch index` and `sitesearch crawl`, through the real CLI. */
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../engine/engine.js';
import { runCli, useCrawlSite } from '../test-support/crawl-site.js';
import { fileSource } from './write-index.js';

const FIXTURE_SITE = fileURLToPath(new URL('./__fixtures__/site', import.meta.url));
const WALKTHROUGH = [{ objectID: 'walkthrough', type: 'oneWaySynonym', input: 'walkthrough', synonyms: ['guides'] }];
const fixture = useCrawlSite('sitesearch-synonyms-cli-');

async function siteWithSynonyms(synonyms: unknown): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'sitesearch-synonyms-cli-'));
  await cp(FIXTURE_SITE, join(dir, 'site'), { recursive: true });
  const file = join(dir, 'synonyms.json');
  await writeFile(file, JSON.stringify(synonyms));
  return { dir: join(dir, 'site'), file };
}

async function topUrl(indexDir: string, query: string): Promise<string | undefined> {
  return (await new SearchEngine(fileSource(indexDir)).search({ query })).hits[0]?.url;
}

// Each test starts the CLI through tsx, seconds on a busy machine: a bound, not a speed assertion.
describe('--synonyms', { timeout: 120_000 }, () => {
  it('index: the index holds them, so a search through a synonym finds the page', async () => {
    const { dir, file } = await siteWithSynonyms(WALKTHROUGH);
    const plain = await runCli(['index', dir, '--out', join(dir, 'plain')]);
    expect(plain.code).toBe(0);
    expect(await topUrl(join(dir, 'plain'), 'walkthrough')).toBeUndefined();
    const { code, stderr } = await runCli(['index', dir, '--synonyms', file]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(await topUrl(join(dir, 'sitesearch'), 'walkthrough')).toMatch(/\/guides\//);
    // Without synonyms the manifest has no such field (a site without them pays nothing).
    expect(JSON.parse(await readFile(join(dir, 'plain', 'manifest.json'), 'utf8'))).not.toHaveProperty('synonyms');
  });

  it('a bad file fails the build, naming the file, the entry and the field', async () => {
    const cases: [unknown, string][] = [
      [[{ objectID: 'a', type: 'twoWaySynonym', synonyms: ['x', 'y'] }], 'entry 0 (objectID "a"): "type" must be one of synonym, oneWaySynonym, altCorrection1, altCorrection2, placeholder, got "twoWaySynonym"'],
      // (a missing field and a duplicate objectID: engine/synonyms.test.ts, the same check)
      [[WALKTHROUGH[0], { ...WALKTHROUGH[0] }], 'entry 1 (objectID "walkthrough"): "objectID" "walkthrough" is already used by entry 0'],
    ];
    for (const [synonyms, message] of cases) {
      const { dir, file } = await siteWithSynonyms(synonyms);
      const { code, stderr } = await runCli(['index', dir, '--synonyms', file]);
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(`sitesearch: ${file}: ${message}`);
    }
    const missing = await runCli(['index', FIXTURE_SITE, '--synonyms', '/nonexistent/synonyms.json']);
    expect(missing.stderr.trim()).toBe('sitesearch: /nonexistent/synonyms.json: the synonyms file cannot be read (ENOENT)');
  });

  it('crawl: the crawled index holds them too', async () => {
    const { file } = await siteWithSynonyms([{ objectID: 'sure', type: 'synonym', synonyms: ['walkthrough', 'docs'] }]);
    const out = join(fixture.scratch, 'crawled');
    const { code } = await runCli(['crawl', `${fixture.site.url}/docs/`, '--out', out, '--max-pages', '5', '--synonyms', file]);
    expect(code).toBe(0);
    expect(JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')).synonyms).toEqual([
      [0, 'walkthrough', 'docs'],
      [0, 'docs', 'walkthrough'],
    ]);
  });
});
