/**
 * `@sitesearch/docusaurus`: SiteSearch as a Docusaurus theme.
 *
 *   themes: ['@sitesearch/docusaurus'],
 *   themeConfig: { sitesearch: { askAi: 'docs-assistant', sidepanel: true } },
 *
 * The `SearchBar` theme component server-renders the search button in the navbar and loads the
 * modal on intent; `Root` adds the Sidepanel once per page. Without `appId`/`apiKey` the built
 * pages are indexed into `build/sitesearch/` after `docusaurus build`, and searched in the browser.
 */
/// <reference path="./theme-sitesearch.d.ts" preserve="true" />
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { buildSiteIndex, firstIndexName, pushHint, releasePostNote, resolveSynonyms } from '@sitesearch/local';
import { searchPageRoute } from './searchPage.js';
import { defaultCodeTranslations } from './codeTranslations.js';
import { DEFAULT_LOCAL_INDEX, usesLocalIndex } from './shared.js';
import { hasOpenSearch, openSearchHeadTag, openSearchSite, writeOpenSearchFile } from './opensearch.js';
import { createDocusaurusDevIndex, devServerWith, type DocusaurusDevIndex } from './dev.js';
import { copyEarlyScript, earlyScriptMiddleware, earlyScriptTag } from './earlyShortcuts.js';
import type { SiteSearchThemeConfig, ThemeConfig } from './types.js';

export { validateThemeConfig } from './options.js';
// Read by `docusaurus swizzle` from the theme module, like validateThemeConfig.
export { getSwizzleComponentList, getSwizzleConfig } from './swizzle.js';
export type { SiteSearchThemeConfig, LocalIndexOptions, ThemeConfig } from './types.js';

const require = createRequire(import.meta.url);

/**
 * The built files of @sitesearch/islands and @sitesearch/local, by their real paths. Docusaurus
 * runs Babel over every file whose path has no `node_modules`, which is where a linked package
 * (a pnpm workspace, `npm link`) lives: its loose transforms would turn `[...set]` into
 * `[].concat(set)` and break the widgets. Published builds are already ES2022 for browsers.
 */
const PREBUILT = ['@sitesearch/islands', '@sitesearch/local'].map((name) => realpathSync(dirname(require.resolve(`${name}/package.json`))) + sep);

type RuleLike = { test?: unknown; exclude?: unknown; resourceQuery?: unknown };

/** Adds our prebuilt packages to the `exclude` of Docusaurus' JS rule (left untouched if its shape ever changes). */
function skipBabelForPrebuilt(rules: unknown[]): void {
  for (const rule of rules as RuleLike[]) {
    if (!rule || !(rule.test instanceof RegExp) || !rule.test.test('module.js') || typeof rule.exclude !== 'function') continue;
    const exclude = rule.exclude as (path: string) => boolean;
    rule.exclude = (path: string) => PREBUILT.some((dir) => path.startsWith(dir)) || exclude(path);
  }
}

/** The query that makes a stylesheet import a URL (theme/SearchBar/stylesheets.ts). */
const STYLESHEET_URL_QUERY = /^\?sitesearch-url$/;

/**
 * The folder of @sitesearch/islands' stylesheets, as the theme imports them with a query: a
 * package's `exports` map would take the query for part of the name.
 */
const STYLESHEETS_ALIAS = { '@sitesearch/docusaurus-stylesheets': dirname(require.resolve('@sitesearch/islands/style.css')) };

/**
 * The Sidepanel's trigger (theme/Sidepanel): the islands' component on sites with `sidepanel`,
 * else one that renders nothing, so its loader is not in the bundle of sites that have none
 * (`Root` renders the Sidepanel component on every site).
 */
const sidepanelTriggerAlias = (sidepanel: unknown): Record<string, string> => ({
  '@sitesearch/docusaurus-sidepanel-trigger$': sidepanel ? require.resolve('@sitesearch/islands/react/lazy') : fileURLToPath(new URL('./theme/Sidepanel/noTrigger.js', import.meta.url)),
});

/**
 * Stylesheets imported with `?sitesearch-url` become files of their own, and the import their
 * URL: Docusaurus puts every other stylesheet, even one imported by a lazy chunk, into the one
 * file each page links, and the modal's, the chat's and the panel's styles are for on demand.
 * Docusaurus' CSS rules leave such imports alone; when none is recognised (its config changed
 * shape) no rule is added, and the stylesheets fall back to the site's file.
 */
function stylesheetUrlRules(rules: unknown[], isServer: boolean): unknown[] {
  const cssRules = (rules as RuleLike[]).filter((rule) => rule && rule.test instanceof RegExp && rule.test.test('styles.css') && rule.resourceQuery === undefined);
  if (cssRules.length === 0) return [];
  for (const rule of cssRules) rule.resourceQuery = { not: [STYLESHEET_URL_QUERY] };
  return [
    {
      test: /\.css$/,
      resourceQuery: STYLESHEET_URL_QUERY,
      type: 'asset/resource',
      // The server build only needs the URL, which is the same.
      generator: { filename: 'assets/css/sitesearch-[name].[contenthash:8][ext]', emit: !isServer },
    },
  ];
}

/**
 * Docusaurus' own logger when it can be found (a dependency of @docusaurus/core, so present in
 * every site, but not ours), so our lines read like the build's; else console with our prefix.
 */
function buildInfoLogger(): (text: string) => void {
  try {
    const fromCore = createRequire(require.resolve('@docusaurus/core/package.json'));
    const module = fromCore('@docusaurus/logger') as { default?: { info?: unknown }; logger?: { info?: unknown } };
    const logger = module.default ?? module.logger;
    if (logger && typeof logger.info === 'function') {
      const info = logger.info as (text: string) => void;
      return (text) => info.call(logger, `[sitesearch] ${text}`);
    }
  } catch {
    // Not resolvable from here (an unusual install): console does the same job.
  }
  return (text) => console.log(`[sitesearch] ${text}`);
}

/** The dev index's lines, through Docusaurus' logger like the build's. */
function devLogger(): { info(text: string): void; warn(text: string): void } {
  const info = buildInfoLogger();
  return { info, warn: (text) => console.warn(`[sitesearch] ${text}`) };
}

/** Options the user wrote that stay when switching to the pushed index (theme defaults left out). */
function hasOtherOptions(config: SiteSearchThemeConfig): boolean {
  const defaults: Record<string, unknown> = { contextualSearch: true, searchPagePath: 'search' };
  return Object.entries(config).some(([key, value]) => value !== undefined && !['indices', 'indexName', 'localIndex'].includes(key) && defaults[key] !== value);
}

/** The push command for the built folder and the themeConfig that switches the site to the pushed index. */
export function docusaurusPushHint(config: SiteSearchThemeConfig, outDir: string, baseUrl: string): string {
  return pushHint({
    outDir: relative(process.cwd(), outDir).replace(/[\\/]$/, '') || '.',
    indexName: firstIndexName(config as { indices?: readonly unknown[]; indexName?: unknown }, DEFAULT_LOCAL_INDEX),
    baseUrl,
    exclude: config.localIndex?.exclude,
    defaultLvl0: config.localIndex?.defaultLvl0,
    pageRank: config.localIndex?.pageRank,
    ...(typeof config.localIndex?.synonyms === 'string' ? { synonyms: config.localIndex.synonyms } : {}),
    configShape: 'docusaurus',
    otherOptions: hasOtherOptions(config),
  });
}

export default function themeSiteSearch(context: LoadContext): Plugin<void> {
  // validateThemeConfig has run by now and filled `sitesearch` (from `algolia` for the drop-in).
  const config = (context.siteConfig.themeConfig as unknown as ThemeConfig).sitesearch;
  let content: Parameters<DocusaurusDevIndex['setContent']>[0] = {};
  let devIndex: DocusaurusDevIndex | undefined;
  // Read and checked at start: a bad synonyms file fails before anything is built.
  const synonyms = usesLocalIndex(config) ? resolveSynonyms(config.localIndex?.synonyms, context.siteDir, 'themeConfig.sitesearch.localIndex.synonyms') : undefined;
  return {
    name: '@sitesearch/docusaurus',
    getThemePath: () => fileURLToPath(new URL('./theme', import.meta.url)),
    getTypeScriptThemePath: () => fileURLToPath(new URL('./theme-ts', import.meta.url)),

    contentLoaded({ actions: { addRoute } }) {
      // The search page (theme component SearchPage), unless searchPagePath is false.
      if (config.searchPagePath === false) return;
      addRoute({ path: searchPageRoute(context.baseUrl, config.searchPagePath ?? 'search'), component: '@theme/SearchPage', exact: true });
    },

    // The modal's, the Sidepanel's and the search page's texts in the locale being built
    // (theme-search-algolia's shipped translations, the theme's own French); a site's code.json wins.
    getDefaultCodeTranslationMessages: () => defaultCodeTranslations(context.i18n.currentLocale, context.siteDir),

    async allContentLoaded({ allContent }) {
      content = allContent as Parameters<DocusaurusDevIndex['setContent']>[0];
      devIndex?.setContent(content);
    },

    // Every page: the search button's styles, and the Sidepanel trigger's on sites that have one.
    // The modal's, the chat's and the panel's are linked on demand (theme/SearchBar/stylesheets.ts).
    getClientModules: () => [
      require.resolve('@sitesearch/islands/button.css'),
      ...(config.sidepanel ? [require.resolve('@sitesearch/islands/sidepanel-button.css')] : []),
    ],

    configureWebpack(webpackConfig, isServer) {
      skipBabelForPrebuilt(webpackConfig.module?.rules ?? []);
      const webpack = { module: { rules: stylesheetUrlRules(webpackConfig.module?.rules ?? [], isServer) }, resolve: { alias: { ...STYLESHEETS_ALIAS, ...sidepanelTriggerAlias(config.sidepanel) } } } as Record<string, unknown>;
      if (isServer || webpackConfig.mode !== 'development') return webpack;
      // `docusaurus start`: the dev server answers the early shortcut script and, without
      // credentials, <baseUrl>sitesearch/ (dev.ts).
      const middlewares = [earlyScriptMiddleware(context.baseUrl)];
      if (usesLocalIndex(config)) {
        devIndex ??= createDocusaurusDevIndex({ siteDir: context.siteDir, baseUrl: context.baseUrl, locale: context.i18n.currentLocale, localIndex: config.localIndex, ...(synonyms ? { synonyms } : {}), log: devLogger() });
        devIndex.setContent(content);
        middlewares.push({ name: 'sitesearch-dev-index', middleware: devIndex.middleware });
      }
      return { ...webpack, devServer: devServerWith(middlewares) } as Record<string, unknown>;
    },

    injectHtmlTags() {
      const site = openSearchSite(context, config.searchPagePath);
      // The early shortcut script (earlyShortcuts.ts): Ctrl/Cmd+K, `/` and the Sidepanel's Ctrl/Cmd+I work before React hydrates.
      const early = earlyScriptTag(context.baseUrl, config.keyboardShortcuts, config.sidepanel);
      return { headTags: [...(hasOpenSearch(site) ? [openSearchHeadTag(site)] : []), ...(early ? [early] : [])] };
    },

    async postBuild({ outDir, baseUrl }) {
      const site = openSearchSite(context, config.searchPagePath);
      await copyEarlyScript(outDir);
      if (hasOpenSearch(site)) await writeOpenSearchFile(outDir, site);
      if (!usesLocalIndex(config)) return;
      const report = await buildSiteIndex({
        dir: outDir,
        baseUrl,
        exclude: config.localIndex?.exclude,
        defaultLvl0: config.localIndex?.defaultLvl0,
        pageRank: config.localIndex?.pageRank,
        ...(synonyms ? { synonyms } : {}),
        reportGzipBytes: true,
      }).catch((error: unknown) => {
        // Loud on purpose: a search box over an empty index would fail silently for visitors.
        throw new Error(
          `sitesearch: the local search index could not be built from ${outDir}: ${error instanceof Error ? error.message : String(error)}. ` +
            'Set "appId" and "apiKey" in themeConfig.sitesearch to use the hosted provider instead.',
          { cause: error },
        );
      });
      for (const warning of report.warnings) console.warn(`[sitesearch] ${warning}`);
      console.log(`[sitesearch] indexed ${report.pages} pages into ${report.records} records (${(report.gzipBytes! / 1024).toFixed(1)} KB gzipped) in ${Math.round(report.durationMs)} ms → ${baseUrl}sitesearch/`);
      const releasePosts = releasePostNote(report.releasePosts, "themeConfig.sitesearch.localIndex: { pageRank: { '*': 0 } }");
      if (releasePosts) console.log(`[sitesearch] ${releasePosts}`);
      // Once per build: the way out when the site outgrows the local index.
      buildInfoLogger()(docusaurusPushHint(config, outDir, baseUrl));
    },
  };
}
