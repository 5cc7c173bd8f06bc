import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sitesearch from './index.js';
import { validateIntegrationOptions } from './options.js';
import { pushHint } from './push-hint.js';

const hint = (input: unknown, extra: { outDir?: string; base?: string } = {}) => {
  const validated = validateIntegrationOptions(input);
  return pushHint({ outDir: extra.outDir ?? 'dist', base: extra.base ?? '/', options: validated.options, exclude: validated.localIndex?.exclude, defaultLvl0: validated.localIndex?.defaultLvl0 });
};

describe('the push hint printed after a build with the local index', () => {
  it('gives the push command and the options that switch to the pushed index, for the default config', () => {
    expect(hint(undefined)).toBe(
      'to move to a hosted index: SITESEARCH_ADMIN_API_KEY=<ADMIN_API_KEY> npx sitesearch push dist --app-id <APP_ID> --index docs\n' +
        "then in the Astro config: sitesearch({ appId: '<APP_ID>', apiKey: '<SEARCH_API_KEY>', indices: ['docs'] })",
    );
  });

  it('on a Starlight site, points at sitesearchStarlight({ … }) in the Starlight config', () => {
    const validated = validateIntegrationOptions({ askAi: 'docs' }, 'the Starlight config');
    expect(pushHint({ outDir: 'dist', base: '/', options: validated.options, configShape: 'starlight' })).toBe(
      'to move to a hosted index: SITESEARCH_ADMIN_API_KEY=<ADMIN_API_KEY> npx sitesearch push dist --app-id <APP_ID> --index docs\n' +
        "then in the Starlight config: sitesearchStarlight({ appId: '<APP_ID>', apiKey: '<SEARCH_API_KEY>', indices: ['docs'], … })",
    );
  });

  it('indexes as the local index did (base, excluded folders, category) and keeps the index name and other options', () => {
    const text = hint({ indices: [{ name: "team's docs", searchParameters: { hitsPerPage: 5 } }], localIndex: { exclude: ['drafts', 'old pages'], defaultLvl0: 'Docs' }, maxResultsPerGroup: 3 }, { base: '/docs/', outDir: 'site/dist' });
    expect(text).toBe(
      `to move to a hosted index: SITESEARCH_ADMIN_API_KEY=<ADMIN_API_KEY> npx sitesearch push site/dist --app-id <APP_ID> --index 'team'\\''s docs' --base-url /docs/ --exclude drafts --exclude 'old pages' --lvl0 Docs\n` +
        "then in the Astro config: sitesearch({ appId: '<APP_ID>', apiKey: '<SEARCH_API_KEY>', indices: ['team\\'s docs'], … })",
    );
    expect(hint({ indices: ['handbook', 'blog'] })).toContain("--index handbook\nthen in the Astro config: sitesearch({ appId: '<APP_ID>', apiKey: '<SEARCH_API_KEY>', indices: ['handbook'] })");
  });
});

describe('astro:build:done', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sitesearch-astro-push-hint-'));
    await writeFile(join(dir, 'index.html'), '<html><head><title>Home</title></head><body><main><h1>Home</h1><p>Welcome to the docs.</p></main></body></html>');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  function logger() {
    const lines: string[] = [];
    const log = (text: string) => void lines.push(text);
    return { lines, logger: { info: log, warn: log, error: log, debug: () => {}, fork: () => ({}) as never, label: 'test', options: {} as never } };
  }

  async function build(options: Parameters<typeof sitesearch>[0]) {
    const { lines, logger: log } = logger();
    const hook = sitesearch(options).hooks['astro:build:done'] as unknown as (params: { dir: URL; logger: typeof log }) => Promise<void>;
    await hook({ dir: pathToFileURL(`${dir}/`), logger: log });
    return lines;
  }

  it('prints the hint once, after the index line, through Astro’s logger', async () => {
    const lines = await build({});
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^indexed 1 pages into \d+ records/);
    expect(lines[1]).toBe(hint(undefined, { outDir: relative(process.cwd(), dir) }));
  });

  it('says how many release posts it ranked -1, and localIndex.pageRank turns that off (and reaches the push hint)', async () => {
    await mkdir(join(dir, 'blog'), { recursive: true });
    await writeFile(join(dir, 'blog', 'v2.html'), '<html><head><title>Version 2</title></head><body><main><h1>Version 2</h1><p>Released.</p></main></body></html>');
    try {
      const lines = await build({});
      expect(lines[1]).toBe("1 release post (blog/, changelog/…) ranks below the docs on a close match (page_rank -1; localIndex: { pageRank: { '*': 0 } } keeps every page level)");
      const level = await build({ localIndex: { pageRank: { '*': 0 } } });
      expect(level).toHaveLength(2);
      expect(level[1]).toContain("--page-rank '*=0'");
    } finally {
      await rm(join(dir, 'blog'), { recursive: true });
    }
  });

  it('prints nothing about pushing when the site already uses the provider', async () => {
    expect(await build({ appId: 'APP', apiKey: 'key', indices: ['docs'] })).toEqual([]);
  });
});
