import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { normalizeThemeConfig } from '@docusaurus/utils-validation';
import type { LoadContext } from '@docusaurus/types';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import themeSiteSearch, { docusaurusPushHint } from './index.js';
import { validateThemeConfig } from './options.js';
import type { SiteSearchThemeConfig } from './types.js';

const validated = (sitesearch?: Record<string, unknown>) =>
  validateThemeConfig({ themeConfig: sitesearch === undefined ? {} : { sitesearch }, validate: normalizeThemeConfig }).sitesearch as SiteSearchThemeConfig;

describe('the push hint of the Docusaurus theme', () => {
  it('for the default config: push build/, then themeConfig.sitesearch with the credentials and the index', () => {
    expect(docusaurusPushHint(validated(), join(process.cwd(), 'build'), '/')).toBe(
      'to move to a hosted index: SITESEARCH_ADMIN_API_KEY=<ADMIN_API_KEY> npx sitesearch push build --app-id <APP_ID> --index docs\n' +
        "then in the Docusaurus config: themeConfig: { sitesearch: { appId: '<APP_ID>', apiKey: '<SEARCH_API_KEY>', indices: ['docs'] } }",
    );
  });

  it('indexes as the local index did (baseUrl, excluded folders, category) and keeps the index name and other options', () => {
    const config = validated({ indices: ['handbook'], localIndex: { exclude: ['drafts'], defaultLvl0: 'Guides' }, askAi: 'docs-assistant' });
    expect(docusaurusPushHint(config, join(process.cwd(), 'website', 'build'), '/docs/')).toBe(
      'to move to a hosted index: SITESEARCH_ADMIN_API_KEY=<ADMIN_API_KEY> npx sitesearch push website/build --app-id <APP_ID> --index handbook --base-url /docs/ --exclude drafts --lvl0 Guides\n' +
        "then in the Docusaurus config: themeConfig: { sitesearch: { appId: '<APP_ID>', apiKey: '<SEARCH_API_KEY>', indices: ['handbook'], … } }",
    );
    // The theme's defaults, filled in by validation, are not options the user wrote.
    expect(docusaurusPushHint(validated({ contextualSearch: true }), '/x/build', '/')).not.toContain('…');
    expect(docusaurusPushHint(validated({ contextualSearch: false }), '/x/build', '/')).toContain("indices: ['docs'], … } }");
  });
});

describe('postBuild', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sitesearch-docusaurus-push-hint-'));
    await writeFile(join(dir, 'index.html'), '<html><head><title>Home</title></head><body><main><h1>Home</h1><p>Welcome to the docs.</p></main></body></html>');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  afterEach(() => vi.restoreAllMocks());

  /** What the build prints (through Docusaurus' logger, console.info, or console.log), colours removed. */
  async function build(sitesearch?: Record<string, unknown>) {
    const printed: string[] = [];
    const capture = (...args: unknown[]) => void printed.push(args.join(' ').replace(/\u001b\[[0-9;]*m/g, ''));
    vi.spyOn(console, 'log').mockImplementation(capture);
    vi.spyOn(console, 'info').mockImplementation(capture);
    // What postBuild reads of the context (the OpenSearch description needs the title and URL).
    const context = { siteConfig: { title: 'Docs', url: 'https://docs.example.com', themeConfig: { sitesearch: validated(sitesearch) } }, baseUrl: '/' } as unknown as LoadContext;
    const plugin = themeSiteSearch(context);
    await (plugin.postBuild as unknown as (props: { outDir: string; baseUrl: string }) => Promise<void>)({ outDir: dir, baseUrl: '/' });
    return printed;
  }

  it('says how many release posts it ranked -1, and localIndex.pageRank turns that off (and reaches the push hint)', async () => {
    await mkdir(join(dir, 'blog'), { recursive: true });
    await writeFile(join(dir, 'blog', 'v2.html'), '<html><head><title>Version 2</title></head><body><main><h1>Version 2</h1><p>Released.</p></main></body></html>');
    try {
      const printed = await build();
      expect(printed[1]).toBe("[sitesearch] 1 release post (blog/, changelog/…) ranks below the docs on a close match (page_rank -1; themeConfig.sitesearch.localIndex: { pageRank: { '*': 0 } } keeps every page level)");
      const level = await build({ localIndex: { pageRank: { '*': 0 } } });
      expect(level).toHaveLength(2);
      expect(level[1]).toContain("--page-rank '*=0'");
    } finally {
      await rm(join(dir, 'blog'), { recursive: true });
    }
  });

  it('prints the hint once, after the index line, through Docusaurus’ logger', async () => {
    const printed = await build();
    expect(printed).toHaveLength(2);
    expect(printed[0]).toMatch(/^\[sitesearch\] indexed 1 pages into \d+ records/);
    expect(printed[1]).toBe(`[INFO] [sitesearch] ${docusaurusPushHint(validated(), dir, '/')}`);
    expect(printed[1]).toContain(`npx sitesearch push ${relative(process.cwd(), dir)} --app-id <APP_ID> --index docs\n`);
  });

  it('prints nothing when the site uses the provider', async () => {
    expect(await build({ appId: 'APP', apiKey: 'key', indices: ['docs'] })).toEqual([]);
  });
});
