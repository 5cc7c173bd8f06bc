import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SiteConfig, UserConfig } from 'vitepress';
import { withSiteSearch } from './index.js';

/** What withSiteSearch gives back, with the hooks VitePress calls. */
type Hooked = UserConfig & { buildEnd(site: SiteConfig): Promise<void>; transformHtml(code: string, id: string, context: { page: string }): Promise<void> };

describe('withSiteSearch: options checked once, at config time, errors naming the option and the file', () => {
  it('refuses an unknown option', () => {
    expect(() => withSiteSearch({}, { indexNme: 'docs' } as never)).toThrow(/^sitesearch \(in \.vitepress\/config, withSiteSearch\(config, \{ … \}\)\): .*"indexNme"/);
  });

  it('refuses a wrong type, naming the option', () => {
    expect(() => withSiteSearch({}, { placeholder: 42 } as never)).toThrow(/\.vitepress\/config.*"placeholder"/);
    expect(() => withSiteSearch({}, 'docs' as never)).toThrow('withSiteSearch(config, options) takes an object of options; received a string.');
    expect(() => withSiteSearch({}, { localIndex: { exclude: 'drafts' } } as never)).toThrow('option "localIndex.exclude" must be an array');
  });

  it("refuses VitePress's algolia provider without indexName, naming themeConfig.search", () => {
    const config = { themeConfig: { search: { provider: 'algolia', options: { appId: 'A', apiKey: 'k' } } } } as UserConfig;
    expect(() => withSiteSearch(config)).toThrow(/^sitesearch \(in \.vitepress\/config, themeConfig\.search: \{ provider: 'algolia'.*option "themeConfig\.search\.options\.indexName" is required/);
  });

  it("reads VitePress's algolia config as ours, hosted, with its lang filter; VitePress's own search goes", () => {
    const config = withSiteSearch({ lang: 'fr-FR', themeConfig: { search: { provider: 'algolia', options: { appId: 'APP', apiKey: 'key', indexName: 'docs', placeholder: 'Chercher' } } } } as UserConfig);
    expect(config.themeConfig).toEqual({});
    expect(config.head).toEqual([['script', { src: expect.stringMatching(/^\/sitesearch\/early\.js\?v=[0-9a-f]{8}$/) }]]);
    expect(virtualModule(config, 'client').root).toEqual({
      options: { appId: 'APP', apiKey: 'key', indexName: 'docs', placeholder: 'Chercher', searchParameters: { facetFilters: ['lang:fr-FR'] } },
      sidepanel: null,
      localIndexUrl: null,
    });
  });

  it('keeps the hooks of the config it is given', async () => {
    const calls: string[] = [];
    const dir = await mkdtemp(join(tmpdir(), 'sitesearch-vitepress-'));
    try {
      await writeFile(join(dir, 'index.html'), '<!doctype html><html lang="en-US"><body><div class="vp-doc"><h1>Home</h1><p>Words.</p></div></body></html>');
      const config = withSiteSearch({ buildEnd: () => void calls.push("buildEnd") }) as unknown as Hooked;
      await config.buildEnd({ outDir: dir, cleanUrls: false, logger: { info: () => {}, warn: () => {} } } as unknown as SiteConfig);
      expect(calls).toEqual(['buildEnd']);
      expect(JSON.parse(await readFile(join(dir, 'sitesearch/manifest.json'), 'utf8')).recordCount).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** The config a virtual module of the theme carries. */
function virtualModule(config: UserConfig, name: 'shell' | 'client'): Record<string, any> {
  const plugin = (config.vite?.plugins ?? []).find((item) => (item as { name?: string }).name === '@sitesearch/vitepress') as { load(id: string): string };
  return JSON.parse(plugin.load(`\0virtual:sitesearch/vitepress-${name}`).replace(/^export default |;$/g, ''));
}

describe("VitePress's locales: each locale's pages get its texts and search its language", () => {
  const locales = { root: { label: 'English', lang: 'en-US' }, fr: { label: 'Français', lang: 'fr-FR', link: '/fr/' } };

  it("DocSearch's locales: the button's words and the options of each locale, filtered to its lang", () => {
    const config = withSiteSearch({
      locales,
      themeConfig: {
        search: {
          provider: 'algolia',
          options: { appId: 'APP', apiKey: 'key', indexName: 'docs', locales: { fr: { placeholder: 'Rechercher', translations: { button: { buttonText: 'Rechercher', buttonAriaLabel: 'Rechercher' } } } } },
        },
      },
    } as UserConfig);
    const shell = virtualModule(config, 'shell');
    expect(shell.buttons.root).toContain('aria-label="Search"');
    expect(shell.buttons.fr).toContain('aria-label="Rechercher"');
    expect(shell.buttons.fr).toContain('>Rechercher</span>');
    const client = virtualModule(config, 'client');
    expect(client.root.options.searchParameters).toEqual({ facetFilters: ['lang:en-US'] });
    expect(client.fr.options).toMatchObject({ placeholder: 'Rechercher', searchParameters: { facetFilters: ['lang:fr-FR'] } });
  });

  it('the local index on a site of several locales: one index, each locale filtered to its lang', () => {
    const client = virtualModule(withSiteSearch({ locales } as UserConfig, { locales: { fr: { placeholder: 'Rechercher' } } }), 'client');
    expect(client.root).toMatchObject({ localIndexUrl: '/sitesearch/', options: { indices: ['docs'], searchParameters: { facetFilters: ['lang:en-US'] } } });
    expect(client.fr).toMatchObject({ localIndexUrl: '/sitesearch/', options: { placeholder: 'Rechercher', searchParameters: { facetFilters: ['lang:fr-FR'] } } });
  });

  it('a wrong option in a locale names it', () => {
    expect(() => withSiteSearch({ locales } as UserConfig, { locales: { fr: { placeholder: 3 } } } as never)).toThrow(/locales: \{ "fr".*"placeholder"/);
  });
});

describe('the local index at buildEnd: clear errors and notes, never a broken page', () => {
  const site = async (pages: Record<string, string>) => {
    const dir = await mkdtemp(join(tmpdir(), 'sitesearch-vitepress-'));
    for (const [path, html] of Object.entries(pages)) {
      await mkdir(join(dir, path, '..'), { recursive: true });
      await writeFile(join(dir, path), html);
    }
    const lines: string[] = [];
    const siteConfig = { outDir: dir, cleanUrls: true, logger: { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line) } } as unknown as SiteConfig;
    return { dir, lines, siteConfig };
  };

  it('a site with no pages: the build stops, saying what to do', async () => {
    const { dir, siteConfig } = await site({ '404.html': '<!doctype html><html><body><h1>404</h1></body></html>' });
    try {
      await expect((withSiteSearch({}) as Hooked).buildEnd(siteConfig)).rejects.toThrow(/^sitesearch: no pages to index in .*Add pages to the site, or set "appId" and "apiKey"/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a page with no .vp-doc: a note naming it, and its page still searchable from .VPContent', async () => {
    const home = '<!doctype html><html lang="en-US"><body><div class="VPContent"><h1 class="name">Fixture</h1><p class="tagline">A tagline to find.</p></div></body></html>';
    const { dir, lines, siteConfig } = await site({ 'index.html': home, 'guide/a.html': '<!doctype html><html lang="en-US"><body><div class="vp-doc"><h1>A</h1><p>Text.</p></div></body></html>' });
    try {
      const config = withSiteSearch({}) as Hooked;
      await config.transformHtml(home, join(dir, 'index.html'), { page: 'index.md' });
      await config.buildEnd(siteConfig);
      expect(lines).toContain('sitesearch: 1 page(s) have no .vp-doc (e.g. layout: home), indexed from .VPContent: index.md');
      expect(lines.some((line) => /^sitesearch: indexed 2 pages into \d+ records/.test(line))).toBe(true);
      expect(await readFile(join(dir, 'sitesearch/early.js'), 'utf8')).not.toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
