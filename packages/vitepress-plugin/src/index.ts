/**
 * `@sitesearch/vitepress`: SiteSearch for VitePress sites.
 *
 *   // .vitepress/config.ts
 *   export default withSiteSearch(defineConfig({ … }), { askAi: 'docs-assistant' });
 *   // .vitepress/theme/index.ts
 *   export { default } from '@sitesearch/vitepress/theme';
 *
 * The options (and VitePress's own `themeConfig.search`, read as ours) are checked here, once,
 * when the config loads. VitePress then bundles neither of its search providers: the theme draws
 * our button in the nav bar, a few KB of loader go on every page, and the widget loads on the
 * first interaction. Without `appId`/`apiKey` the built pages are indexed in `buildEnd`.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as ssg from '@sitesearch/islands/ssg';
import type { SerializableSidepanelOptions, SerializableSiteSearchOptions } from '@sitesearch/islands/ssg';
import { earlyScriptAttributes, renderSearchButton, sidepanelButtonHtml } from '@sitesearch/islands/shell';
import { buildSiteIndex, releasePostNote } from '@sitesearch/local';
import { LATE_CLIENT_DEPENDENCIES } from '@sitesearch/local/dev';
import type { HeadConfig, Plugin, SiteConfig, UserConfig } from 'vitepress';
import { createVitePressDevIndex } from './dev-index.js';
import { OPTIONS_ORIGIN, readDropIn, validateOptions, type SiteSearchVitePressOptions, type ValidatedOptions } from './options.js';

export type { SiteSearchVitePressOptions } from './options.js';
export type { LocalIndexOptions, SerializableSidepanelOptions, SerializableSiteSearchOptions } from '@sitesearch/islands/ssg';

const require = createRequire(import.meta.url);
/**
 * Files the site serves under `<base>sitesearch/` (copied in `buildEnd`, served by `vitepress dev`):
 * the early shortcuts script, and the widget's stylesheets, which cannot be Vite assets of the
 * theme: VitePress links the first CSS asset of its build as the site's stylesheet.
 */
const FILES = {
  'early.js': require.resolve('@sitesearch/islands/cdn/sitesearch-early.js'),
  'modal.css': require.resolve('@sitesearch/islands/modal.css'),
  'chat.css': require.resolve('@sitesearch/islands/chat.css'),
  'sidepanel.css': require.resolve('@sitesearch/islands/sidepanel.css'),
};
type FileName = keyof typeof FILES;
/** A module of the theme, by its file name in dist/theme/. */
const themeModule = (name: string) => fileURLToPath(new URL(`./theme/${name}`, import.meta.url));
/** The module that replaces VitePress's `VPNavBarSearch.vue`: our server-rendered button. */
const SEARCH_BOX = themeModule('SiteSearchButton.js');
/** A file's URL, with its content's hash: a new version is fetched anew, whatever the host's caching. */
const fileUrl = (base: string, name: FileName) => `${base}sitesearch/${name}?v=${createHash('sha256').update(readFileSync(FILES[name])).digest('hex').slice(0, 8)}`;

/** VitePress's content element: what is indexed; a page without one (a `layout: home` page) is indexed from `.VPContent`. */
const SELECTORS = {
  content: ['.vp-doc', '.VPContent'],
  // The sidebar group holding the current page (VitePress marks it `has-active`).
  lvl0: ['[data-sitesearch-lvl0]', '.VPSidebarItem.level-0.has-active > .item .text'],
  ignore: ['[data-sitesearch-ignore]', 'nav', 'footer', 'script', 'style', 'pre', 'button', 'svg', 'template', '.header-anchor', '.sr-only', '.VPDocFooter', '.VPLocalNav', '.aside', '.table-of-contents', 'div[class*="language-"]'],
};

/** What the theme's loader and button get on every page (`virtual:sitesearch/vitepress-shell`). */
export interface VitePressShell extends ssg.ShellConfig {
  /** The button's markup by locale key (`root` for the default locale). */
  buttons: Record<string, string>;
  /** The Sidepanel trigger's markup by locale key; empty without `sidepanel`. */
  sidepanelButtons: Record<string, string>;
  /** The widgets' stylesheets' URLs. */
  stylesheets: { modal: string; chat: string; sidepanel: string };
}

/** What the widget gets on first interaction (`virtual:sitesearch/vitepress-client`), by locale key. */
export type VitePressClient = Record<string, ssg.ClientConfig>;

/** The site's locales: key → `lang` (the root's is the site's `lang`, VitePress's default `en-US`). */
function localeLangs(config: UserConfig): Record<string, string> {
  const langs: Record<string, string> = { root: config.lang ?? 'en-US' };
  for (const [key, locale] of Object.entries(config.locales ?? {})) langs[key] = locale.lang ?? langs.root!;
  return langs;
}

/** The filter (Algolia's `filters` syntax) the assistant searches one language's records with. */
const langFilter = (lang: string) => `lang:${JSON.stringify(lang)}`;

/** The options on one locale's pages: the locale's over the site's, filtered to its language where VitePress's provider did (or where one local index holds several). */
function localeOptions(validated: ValidatedOptions, key: string, lang: string, langFacet: boolean): SerializableSiteSearchOptions {
  const options = { ...validated.options, ...validated.locales[key] };
  if (!langFacet) return options;
  const raw = options.searchParameters?.facetFilters ?? [];
  const facetFilters = [...(Array.isArray(raw) ? raw : [raw]).filter((filter) => !(typeof filter === 'string' && filter.startsWith('lang:'))), `lang:${lang}`];
  // The assistant searches with its own parameters: the same language, unless it names some.
  const askAi = typeof options.askAi === 'string' ? { assistantId: options.askAi } : options.askAi;
  const askAiInLocale = askAi && !askAi.searchParameters ? { askAi: { ...askAi, searchParameters: { filters: langFilter(lang) } } } : {};
  return { ...options, ...askAiInLocale, searchParameters: { ...options.searchParameters, facetFilters } } as SerializableSiteSearchOptions;
}

/** One locale's Sidepanel: its options (the locale's translations under the Sidepanel's own) and its trigger's texts. */
function localeSidepanel(written: true | SerializableSidepanelOptions, localized: SerializableSiteSearchOptions, validated: ValidatedOptions, lang: string | undefined) {
  const options = ssg.completeSidepanelOptions(written, { options: localized, resolved: validated.resolved, local: validated.local });
  // A site of several languages: the panel's assistant quotes the page's language only, unless it says otherwise.
  if (lang && (written === true || written.searchParameters === undefined)) options.searchParameters = { filters: langFilter(lang) };
  const resolved = ssg.validateSidepanel(options, OPTIONS_ORIGIN);
  const button = { buttonText: resolved.translations.sidepanel.buttonText, buttonAriaLabel: resolved.translations.sidepanel.buttonAriaLabel, side: resolved.side, showShortcutHint: resolved.keyboardShortcuts['Ctrl/Cmd+I'] };
  return { options, button };
}

const chain =
  <A extends unknown[], R>(first: ((...args: A) => R) | undefined, then: (...args: A) => R) =>
  async (...args: A) => {
    await first?.(...args);
    return then(...args);
  };

/**
 * The VitePress config with SiteSearch: `config` as `defineConfig` gave it, `options` over what its
 * `themeConfig.search` says (`provider: 'algolia'` and its options read as ours, hosted;
 * `'local'` or nothing: our local index). Throws, naming the option, on a mistake.
 */
export function withSiteSearch<T extends UserConfig>(config: T, options?: SiteSearchVitePressOptions): T {
  const dropIn = readDropIn(config.themeConfig);
  const validated = validateOptions(options, dropIn);
  const base = (config.base ?? '/').replace(/\/?$/, '/');
  const langs = localeLangs(config);
  const perLocale = Object.keys(langs).length > 1;
  const shell: VitePressShell = {
    ...ssg.shellConfig(validated),
    buttons: {},
    sidepanelButtons: {},
    stylesheets: { modal: fileUrl(base, 'modal.css'), chat: fileUrl(base, 'chat.css'), sidepanel: fileUrl(base, 'sidepanel.css') },
  };
  const client: VitePressClient = {};
  for (const [key, lang] of Object.entries(langs)) {
    const byLang = dropIn.langFacet || (validated.local && perLocale);
    const localized = localeOptions(validated, key, lang, byLang);
    shell.buttons[key] = renderSearchButton({ translations: localized.translations, keyboardShortcuts: localized.keyboardShortcuts });
    // The Sidepanel speaks the locale's language too: completed again from the locale's options.
    const sidepanel = validated.sidepanel && localeSidepanel(options?.sidepanel ?? true, localized, validated, byLang ? lang : undefined);
    if (sidepanel) shell.sidepanelButtons[key] = sidepanelButtonHtml(sidepanel.button);
    client[key] = { ...ssg.clientConfig({ ...validated, options: localized }, base), sidepanel: sidepanel ? sidepanel.options : null };
  }
  const early = earlyScriptAttributes(validated.options.keyboardShortcuts, shell.sidepanel?.keyboardShortcuts['Ctrl/Cmd+I']);
  const head: HeadConfig[] = [...(config.head ?? []), ...(early ? [['script', { src: fileUrl(base, 'early.js'), ...early }] as HeadConfig] : [])];
  // VitePress bundles neither of its providers once its search config is gone.
  const { search: _search, algolia: _algolia, ...themeConfig } = (config.themeConfig ?? {}) as Record<string, unknown>;
  const withoutVp = new Set<string>();
  const userAlias = config.vite?.resolve?.alias ?? [];
  return {
    ...config,
    head,
    themeConfig,
    vite: {
      ...config.vite,
      plugins: [...(config.vite?.plugins ?? []), virtualModules(shell, client, base, validated)],
      // Our button takes the place of VitePress's search box component (the way VitePress documents
      // overriding its theme's components), so the default theme ships none of its search code:
      // neither the box, nor its button, nor DocSearch's stylesheet, which it imports always.
      resolve: {
        ...config.vite?.resolve,
        alias: [...(Array.isArray(userAlias) ? userAlias : Object.entries(userAlias).map(([find, replacement]) => ({ find, replacement }))), { find: /^.*\/VPNavBarSearch\.vue$/, replacement: SEARCH_BOX }],
      },
      // The theme imports virtual modules: Vite must transform it, never externalize or pre-bundle it.
      ssr: { ...config.vite?.ssr, noExternal: [...[config.vite?.ssr?.noExternal ?? []].flat(), '@sitesearch/vitepress'] as string[] },
      optimizeDeps: {
        ...config.vite?.optimizeDeps,
        exclude: [...(config.vite?.optimizeDeps?.exclude ?? []), '@sitesearch/vitepress'],
        include: [...(config.vite?.optimizeDeps?.include ?? []), ...DEV_PREBUNDLED],
      },
    },
    transformHtml: chain(config.transformHtml, (code: string, id: string, context: { page: string }) => {
      if (context.page !== '404.md' && !code.includes('class="vp-doc')) withoutVp.add(context.page);
      return undefined;
    }),
    buildEnd: chain(config.buildEnd, async (siteConfig: SiteConfig) => {
      await mkdir(join(siteConfig.outDir, 'sitesearch'), { recursive: true });
      for (const [name, file] of Object.entries(FILES)) await copyFile(file, join(siteConfig.outDir, 'sitesearch', name));
      if (dropIn.ignored.length > 0) siteConfig.logger.info(`sitesearch: not read from the DocSearch config (no meaning here): ${dropIn.ignored.join(', ')}.`);
      if (validated.local) await buildLocalIndex(siteConfig, validated, base, [...withoutVp]);
    }),
  } as T;
}

async function buildLocalIndex(siteConfig: SiteConfig, validated: ValidatedOptions, base: string, withoutVpDoc: string[]): Promise<void> {
  const { logger } = siteConfig;
  const report = await buildSiteIndex({
    dir: siteConfig.outDir,
    baseUrl: base,
    cleanUrls: siteConfig.cleanUrls,
    selectors: SELECTORS,
    exclude: validated.localIndex?.exclude,
    defaultLvl0: validated.localIndex?.defaultLvl0,
    pageRank: validated.localIndex?.pageRank,
    reportGzipBytes: true,
  }).catch((error: unknown) => {
    // Loud on purpose: a search box over an empty index would fail silently for visitors.
    throw new Error(
      `sitesearch: the local search index could not be built from ${siteConfig.outDir}: ${error instanceof Error ? error.message : String(error)}. ` +
        'Add pages to the site, or set "appId" and "apiKey" in withSiteSearch(config, { … }) to use the hosted provider.',
      { cause: error },
    );
  });
  if (report.pages === 0) {
    throw new Error(`sitesearch: no pages to index in ${siteConfig.outDir}${report.skipped.length > 0 ? ` (skipped: ${report.skipped.map((page) => `${page.file}: ${page.reason}`).join('; ')})` : ''}. Add pages to the site, or set "appId" and "apiKey" in withSiteSearch(config, { … }) to use the hosted provider.`);
  }
  for (const warning of report.warnings) logger.warn(`sitesearch: ${warning}`);
  if (withoutVpDoc.length > 0) logger.info(`sitesearch: ${withoutVpDoc.length} page(s) have no .vp-doc (e.g. layout: home), indexed from .VPContent: ${withoutVpDoc.slice(0, 5).join(', ')}${withoutVpDoc.length > 5 ? ', …' : ''}`);
  logger.info(`sitesearch: indexed ${report.pages} pages into ${report.records} records (${(report.gzipBytes! / 1024).toFixed(1)} KB gzipped) in ${Math.round(report.durationMs)} ms → ${base}sitesearch/`);
  const releasePosts = releasePostNote(report.releasePosts, "localIndex: { pageRank: { '*': 0 } }");
  if (releasePosts) logger.info(`sitesearch: ${releasePosts}`);
}

/**
 * The widget's dependencies, pre-bundled by `vitepress dev` up front: found only when the widget
 * first loads, they would make Vite reload the page in the middle of a search.
 */
const DEV_PREBUNDLED = [
  ...['preact', 'preact/hooks', 'preact/compat', 'preact/compat/client', 'preact/jsx-runtime', 'htm', 'algoliasearch/lite'].map((id) => `@sitesearch/vitepress > @sitesearch/islands > ${id}`),
  ...LATE_CLIENT_DEPENDENCIES.map((id) => `@sitesearch/vitepress > @sitesearch/local > ${id}`),
];

/** A module whose default export is `name` of the theme's module `file` where `used`, else `null`: what a site does not use, it does not ship. */
const exportIf = (used: boolean, name: string, file: string) => (used ? `export { ${name} as default } from ${JSON.stringify(themeModule(file))};` : 'export default null;');

/** Carries the config into the theme's code; in `vitepress dev`, serves the files `buildEnd` copies. */
function virtualModules(shell: VitePressShell, client: VitePressClient, base: string, validated: ValidatedOptions): Plugin {
  const modules: Record<string, string> = {
    'virtual:sitesearch/vitepress-shell': `export default ${JSON.stringify(shell)};`,
    'virtual:sitesearch/vitepress-client': `export default ${JSON.stringify(client)};`,
    'virtual:sitesearch/vitepress-local-client': exportIf(validated.local, 'localSearchClient', 'localClient.js'),
    'virtual:sitesearch/vitepress-sidepanel': exportIf(shell.sidepanel !== null, 'createLocaleSidepanelLoader', 'sidepanelIsland.js'),
  };
  let siteConfig: SiteConfig | undefined;
  return {
    name: '@sitesearch/vitepress',
    resolveId: (id) => (id in modules ? `\0${id}` : undefined),
    load: (id) => (id.startsWith('\0') ? modules[id.slice(1)] : undefined),
    configResolved(config) {
      // VitePress hands its resolved site config to Vite's (what `buildEnd` gets in a build).
      siteConfig = (config as { vitepress?: SiteConfig }).vitepress;
    },
    configureServer(server) {
      if (validated.local && siteConfig) {
        const devIndex = createVitePressDevIndex(siteConfig, base, validated.localIndex);
        server.middlewares.use(devIndex.middleware);
        // An edited page changes the index: rebuilt on the next request for it.
        const onChange = (file: string) => file.endsWith('.md') && devIndex.invalidate();
        for (const event of ['add', 'change', 'unlink']) server.watcher.on(event, onChange);
      }
      for (const [name, file] of Object.entries(FILES)) {
        server.middlewares.use(`${base}sitesearch/${name}`, (_request, response) => {
          response.setHeader('Content-Type', name.endsWith('.css') ? 'text/css' : 'text/javascript');
          response.end(readFileSync(file));
        });
      }
    },
  };
}
