import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { needsChatOptionRules, resolveModalOptions, resolveSidepanelOptions, resolveSiteSearchOptions } from '@sitesearch/islands/core';
import { buildSiteIndex, DEFAULT_API_KEY, DEFAULT_APP_ID, startServer } from '@sitesearch/local';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { describe, expect, it } from 'vitest';
import { clientConfig, validateIntegrationOptions } from '../options.js';
import sitesearchStarlight, { SEARCH_COMPONENT, type SiteSearchStarlightPlugin } from './index.js';
import { starlightPageOptions } from './page.js';
import { keywordSearchTexts, localizedTranslations, type PageTexts } from './texts.js';
import { SHIPPED_TRANSLATIONS } from './translations.js';
import { hiddenFromSearch, onRequest } from './route-middleware.js';

/**
 * `sitesearchStarlight()`: validated when the Starlight config loads, then its `config:setup`
 * hook run the way Starlight runs it (with recording stand-ins for Starlight's functions).
 */
type SetupOptions = Parameters<SiteSearchStarlightPlugin['hooks']['config:setup']>[0];

function runSetup(plugin: SiteSearchStarlightPlugin, config: SetupOptions['config'] = {}) {
  const updates: Parameters<SetupOptions['updateConfig']>[0][] = [];
  const integrations: AstroIntegration[] = [];
  const middleware: string[] = [];
  const logs: string[] = [];
  const log = (level: string) => (message: string) => void logs.push(`${level} ${message}`);
  const logger = { info: log('info'), warn: log('warn'), error: log('error'), debug: log('debug') } as unknown as AstroIntegrationLogger;
  plugin.hooks['config:setup']({
    config,
    updateConfig: (update) => void updates.push(update),
    addIntegration: (integration) => void integrations.push(integration),
    addRouteMiddleware: ({ entrypoint }) => void middleware.push(entrypoint),
    logger,
  });
  return { updates, integrations, middleware, logs };
}

describe('sitesearchStarlight(): options checked when the config loads', () => {
  it('a wrong option stops the build with its name and the Starlight config', () => {
    expect(() => sitesearchStarlight({ maxResultsPerGroup: -1 })).toThrow(/^sitesearch \(in the Starlight config, plugins: \[sitesearchStarlight\(\{ … \}\)\]\): .*"maxResultsPerGroup"/);
    expect(() => sitesearchStarlight({ sidepanel: { side: 'top' as 'left' } })).toThrow(/Starlight config.*"sidepanel\.side"/);
    expect(() => sitesearchStarlight({ localIndex: { exlude: [] } as never })).toThrow(/Starlight config.*"localIndex\.exlude"/);
  });

  it('a function option points at clientOptionsModule in sitesearchStarlight({ … })', () => {
    expect(() => sitesearchStarlight({ transformItems: (items: unknown[]) => items } as never)).toThrow(/"transformItems".*clientOptionsModule.*sitesearchStarlight\(\{ … \}\)/);
  });

  it('localeTranslations: tables by language tag, each checked like translations, errors naming the table', () => {
    expect(() => sitesearchStarlight({ localeTranslations: { de: { button: { buttonText: 'Suchen' } } } })).not.toThrow();
    expect(() => sitesearchStarlight({ localeTranslations: { de: { button: { butonText: 'Suchen' } } as never } })).toThrow(/"localeTranslations\.de".*butonText/);
    expect(() => sitesearchStarlight({ localeTranslations: { 'not a tag': {} } })).toThrow(/"localeTranslations" has the key "not a tag"/);
    expect(() => sitesearchStarlight({ localeTranslations: [] as never })).toThrow(/"localeTranslations" must be an object/);
  });

  it('languageFilter is true or false', () => {
    expect(() => sitesearchStarlight({ languageFilter: 'no' as unknown as boolean })).toThrow('option "languageFilter" must be true or false; received "no"');
    expect(() => sitesearchStarlight({ languageFilter: false })).not.toThrow();
  });
  it('refuses something that is not an object of options', () => {
    expect(() => sitesearchStarlight('docs' as never)).toThrow(/sitesearchStarlight\(\) takes an object of options; received a string/);
  });
});

describe('config:setup', () => {
  it('fills Starlight\'s Search slot, turns Pagefind off, installs the integration and the route middleware', () => {
    const { updates, integrations, middleware, logs } = runSetup(sitesearchStarlight({ askAi: 'docs' }), { components: { Footer: './src/Footer.astro' } });
    expect(updates).toEqual([{ pagefind: false, components: { Footer: './src/Footer.astro', Search: SEARCH_COMPONENT } }]);
    expect(integrations.map((integration) => integration.name)).toEqual(['@sitesearch/astro']);
    expect(middleware).toEqual(['@sitesearch/astro/starlight/route-middleware']);
    expect(logs).toContain('info Pagefind is turned off: SiteSearch builds the search index.');
  });

  it('a site with its own Search component keeps it (with a warning saying how to place the button), and Pagefind still goes', () => {
    const { updates, logs } = runSetup(sitesearchStarlight(), { components: { Search: './src/components/MySearch.astro' }, pagefind: false });
    expect(updates).toEqual([{ pagefind: false }]);
    expect(logs.some((line) => line.startsWith('warn components.Search is set to "./src/components/MySearch.astro"'))).toBe(true);
    expect(logs.some((line) => line.includes('Pagefind is turned off'))).toBe(false);
  });
});

describe('the route middleware', () => {
  const route = (slug: string, data: { pagefind?: boolean } = {}, lang = 'fr') => ({ locals: { starlightRoute: { lang, entry: { slug, data }, head: [] as Array<{ tag: 'meta'; attrs: Record<string, string>; content: string }> } } });

  it('writes the page language, and noindex for pages Starlight keeps out of Pagefind', () => {
    const hidden = route('fr/brouillon', { pagefind: false });
    onRequest(hidden);
    expect(hidden.locals.starlightRoute.head.map((tag) => tag.attrs)).toEqual([
      { name: 'sitesearch:language', content: 'fr' },
      { name: 'sitesearch:robots', content: 'noindex' },
    ]);
    const shown = route('fr/guide', { pagefind: true });
    onRequest(shown);
    expect(shown.locals.starlightRoute.head.map((tag) => tag.attrs.name)).toEqual(['sitesearch:language']);
  });

  it('hides what Starlight\'s Page.astro hides: pagefind: false and the 404 pages', () => {
    expect([hiddenFromSearch({ slug: '404', data: {} }), hiddenFromSearch({ slug: 'fr/404', data: {} }), hiddenFromSearch({ slug: 'guides/x', data: { pagefind: false } })]).toEqual([true, true, true]);
    expect([hiddenFromSearch({ slug: 'guides/404-errors', data: {} }), hiddenFromSearch({ slug: 'guides/x', data: {} })]).toEqual([false, false]);
  });
});

describe('a page\'s options (the Search override) and texts (the widgets)', () => {
  const texts: PageTexts = { shipped: SHIPPED_TRANSLATIONS, locale: {} };
  const local = (options: Parameters<typeof validateIntegrationOptions>[0]) => clientConfig(validateIntegrationOptions(options, 'the Starlight config'), '/');
  const localClient = { search: async () => ({ results: [] }) };

  it('an English page of a one-language site adds no option; its triggers say the defaults', () => {
    expect(starlightPageOptions(local({ askAi: 'docs', sidepanel: true }), texts, { lang: 'en', multilingual: false })).toEqual({
      modal: undefined,
      sidepanel: undefined,
      button: { buttonText: 'Search', buttonAriaLabel: 'Search' },
      sidepanelButton: { buttonText: 'Ask AI', buttonAriaLabel: 'Ask AI' },
    });
  });

  it('a French page of a multilingual site: French triggers, results and answers from French pages only, and no table in the page', () => {
    const config = local({ askAi: 'docs', sidepanel: true });
    const page = starlightPageOptions(config, texts, { lang: 'fr', multilingual: true });
    expect(page.modal).toEqual({ indices: [{ name: 'docs', searchParameters: { facetFilters: ['language:fr'] } }], askAi: { assistantId: 'docs', searchParameters: { filters: 'language:"fr"' } } });
    expect(page.sidepanel).toEqual({ searchParameters: { filters: 'language:"fr"' } });
    expect(page.button).toEqual({ buttonText: 'Rechercher', buttonAriaLabel: 'Rechercher' });
    expect(page.sidepanelButton.buttonText).toBe('Demander à l’IA');
    // As the widgets resolve them in the browser, from <html lang="fr">: valid options, in French.
    const modalOptions = { ...config.options, ...page.modal };
    const resolved = resolveSiteSearchOptions({ ...modalOptions, translations: localizedTranslations(modalOptions.translations, texts, 'fr'), searchClient: localClient }, 'integration');
    expect(resolved.translations.button.buttonText).toBe('Rechercher');
    expect(resolved.translations.modal.footer.selectText).toBe('Sélectionner');
    const panelOptions = { ...config.sidepanel, ...page.sidepanel };
    const panel = resolveSidepanelOptions({ ...panelOptions, translations: localizedTranslations(panelOptions.translations, texts, 'fr'), searchClient: localClient }, 'integration');
    expect(panel.translations.sidepanel.buttonText).toBe('Demander à l’IA');
    expect(panel.translations.modal.newConversation.newConversationTitle).toBe('Comment puis-je vous aider ?');
  });

  it('a modal without an assistant gets the French keyword texts alone: it resolves with no chat rules, in French', () => {
    const config = local({});
    const french = keywordSearchTexts(localizedTranslations(config.options.translations, texts, 'fr'));
    expect(french?.sidepanel).toBeUndefined();
    expect(french?.modal).not.toHaveProperty('askAiScreen');
    expect(french?.modal).not.toHaveProperty('newConversation');
    expect(needsChatOptionRules({ translations: french })).toBe(false);
    // Without the cut, the shipped table's chat texts would call for them.
    expect(needsChatOptionRules({ translations: localizedTranslations(config.options.translations, texts, 'fr') })).toBe(true);
    const resolved = resolveModalOptions({ ...config.options, translations: french, searchClient: localClient }, 'integration');
    expect(resolved).not.toBeInstanceOf(Promise);
    expect((resolved as Awaited<typeof resolved>).translations.modal.footer.selectText).toBe('Sélectionner');
    expect((resolved as Awaited<typeof resolved>).translations.modal.searchBox.placeholderText).toBe(localizedTranslations(undefined, texts, 'fr')?.modal?.searchBox?.placeholderText);
    expect(keywordSearchTexts(undefined)).toBeUndefined();
  });

  // Each shipped language, English (the core's defaults) included: both placeholders, each where it belongs.
  for (const lang of ['en', ...Object.keys(SHIPPED_TRANSLATIONS)]) {
    it(`${lang}: the search box says "or ask AI" exactly when askAi is set`, async () => {
      const placeholder = async (options: Parameters<typeof local>[0]) => {
        const config = local(options);
        // As the widget resolves them in the browser (client/widget.ts).
        const table = localizedTranslations(config.options.translations, texts, lang);
        const translations = config.options.askAi === undefined ? keywordSearchTexts(table) : table;
        return (await resolveModalOptions({ ...config.options, translations, searchClient: localClient }, 'integration')).placeholder;
      };
      const shipped = SHIPPED_TRANSLATIONS[lang]?.modal?.searchBox;
      const withAskAi = await placeholder({ askAi: 'docs' });
      const without = await placeholder({});
      expect([withAskAi, without]).toEqual(shipped ? [shipped.placeholderTextWithAskAi, shipped.placeholderText] : ['Search docs or ask AI a question', 'Search docs']);
      expect(withAskAi).not.toBe(without);
    });
  }

  it('fr-CA takes the French table; filters keep what the site wrote', () => {
    const config = local({ indices: [{ name: 'docs', searchParameters: { facetFilters: ['type:content'] } }], askAi: { assistantId: 'docs', searchParameters: { filters: 'type:content' } } });
    const page = starlightPageOptions(config, texts, { lang: 'fr-CA', multilingual: true });
    expect(page.button.buttonText).toBe('Rechercher');
    expect(page.modal?.indices).toEqual([{ name: 'docs', searchParameters: { facetFilters: ['type:content', 'language:fr-CA'] } }]);
    expect(page.modal?.askAi).toMatchObject({ searchParameters: { filters: '(type:content) AND language:"fr-CA"' } });
  });

  it('the site\'s translations beat the shipped ones; localeTranslations beat both, for their language', () => {
    const written = { button: { buttonText: 'Find' } };
    const withGerman: PageTexts = { shipped: SHIPPED_TRANSLATIONS, locale: { de: { button: { buttonText: 'Suchen' } }, fr: { modal: { footer: { closeText: 'Quitter' } } } } };
    expect(localizedTranslations(written, withGerman, 'de')?.button).toEqual({ buttonText: 'Suchen' });
    expect(localizedTranslations(written, withGerman, 'de-AT')?.button).toEqual({ buttonText: 'Suchen' });
    const french = localizedTranslations(written, withGerman, 'fr');
    expect(french?.button).toEqual({ buttonText: 'Find', buttonAriaLabel: 'Rechercher' });
    expect(french?.modal?.footer).toMatchObject({ closeText: 'Quitter', selectText: 'Sélectionner' });
    expect(localizedTranslations(written, withGerman, 'en')).toEqual(written);
    expect(starlightPageOptions(local({ translations: written }), withGerman, { lang: 'de', multilingual: true }).button).toEqual({ buttonText: 'Suchen', buttonAriaLabel: 'Search' });
  });

  it('the hosted provider is filtered by language too (a language facet), unless languageFilter is false', () => {
    const hosted = clientConfig(validateIntegrationOptions({ appId: 'APP', apiKey: 'key', indices: ['docs'], askAi: 'docs' }, 'the Starlight config'), '/');
    const page = starlightPageOptions(hosted, { ...texts, languageFilter: true }, { lang: 'fr', multilingual: true });
    expect(page.modal).toEqual({ indices: [{ name: 'docs', searchParameters: { facetFilters: ['language:fr'] } }], askAi: { assistantId: 'docs', searchParameters: { filters: 'language:"fr"' } } });
    const unfiltered = starlightPageOptions(hosted, { ...texts, languageFilter: false }, { lang: 'fr', multilingual: true });
    expect([unfiltered.modal, unfiltered.button.buttonText]).toEqual([undefined, 'Rechercher']);
    expect(starlightPageOptions(local({ askAi: 'docs' }), { ...texts, languageFilter: false }, { lang: 'fr', multilingual: true }).modal).toBeUndefined();
  });

  it('the hosted filter, sent to the loopback server that speaks the provider\'s API, finds French pages only', async () => {
    const site = mkdtempSync(join(tmpdir(), 'sitesearch-starlight-'));
    const pageHtml = (lang: string, title: string) =>
      `<!doctype html><html lang="${lang}"><head><title>${title}</title><meta name="sitesearch:language" content="${lang}"></head><body><main><h1>${title}</h1><p>Starfix ${title}.</p></main></body></html>`;
    for (const [path, lang, title] of [['index.html', 'en', 'Telescope guide'], ['fr/index.html', 'fr', 'Guide du telescope']] as const) {
      mkdirSync(dirname(join(site, path)), { recursive: true });
      writeFileSync(join(site, path), pageHtml(lang, title));
    }
    await buildSiteIndex({ dir: site, baseUrl: '/' });
    const server = await startServer({ indexes: { docs: join(site, 'sitesearch') } });
    try {
      const hosted = clientConfig(validateIntegrationOptions({ appId: DEFAULT_APP_ID, apiKey: DEFAULT_API_KEY, indices: ['docs'] }, 'the Starlight config'), '/');
      const search = async (lang: string, languageFilter: boolean) => {
        const index = starlightPageOptions(hosted, { ...texts, languageFilter }, { lang, multilingual: true }).modal?.indices?.[0];
        const searchParameters = typeof index === 'object' ? index.searchParameters : undefined;
        const response = await fetch(`${server.url}/1/indexes/*/queries`, {
          method: 'POST',
          headers: { 'x-algolia-application-id': DEFAULT_APP_ID, 'x-algolia-api-key': DEFAULT_API_KEY, 'content-type': 'application/json' },
          body: JSON.stringify({ requests: [{ indexName: 'docs', query: 'starfix', ...searchParameters }] }),
        });
        const { results } = (await response.json()) as { results: Array<{ hits: Array<{ url: string }> }> };
        return [...new Set(results[0]!.hits.map((hit) => new URL(hit.url, 'http://x').pathname))].sort();
      };
      expect(await search('fr', true)).toEqual(['/fr/']);
      expect(await search('en', true)).toEqual(['/']);
      expect(await search('fr', false)).toEqual(['/', '/fr/']);
    } finally {
      await server.close();
      rmSync(site, { recursive: true, force: true });
    }
  });
});
