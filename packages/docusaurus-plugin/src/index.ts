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
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { buildSiteIndex } from '@sitesearch/local';
import { usesLocalIndex } from './shared.js';
import type { ThemeConfig } from './types.js';

export { validateThemeConfig } from './options.js';
export type { SiteSearchThemeConfig, LocalIndexOptions, ThemeConfig } from './types.js';

const require = createRequire(import.meta.url);

/**
 * The built files of @sitesearch/islands and @sitesearch/local, by their real paths. Docusaurus
 * runs Babel over every file whose path has no `node_modules`, which is where a linked package
 * (a pnpm workspace, `npm link`) lives: its loose transforms would turn `[...set]` into
 * `[].concat(set)` and break the widgets. Published builds are already ES2022 for browsers.
 */
const PREBUILT = ['@sitesearch/islands', '@sitesearch/local'].map((name) => realpathSync(dirname(require.resolve(`${name}/package.json`))) + sep);

type RuleLike = { test?: unknown; exclude?: unknown };

/** Adds our prebuilt packages to the `exclude` of Docusaurus' JS rule (left untouched if its shape ever changes). */
function skipBabelForPrebuilt(rules: unknown[]): void {
  for (const rule of rules as RuleLike[]) {
    if (!rule || !(rule.test instanceof RegExp) || !rule.test.test('module.js') || typeof rule.exclude !== 'function') continue;
    const exclude = rule.exclude as (path: string) => boolean;
    rule.exclude = (path: string) => PREBUILT.some((dir) => path.startsWith(dir)) || exclude(path);
  }
}

export default function themeSiteSearch(context: LoadContext): Plugin<void> {
  // validateThemeConfig has run by now and filled `sitesearch` (from `algolia` for the drop-in).
  const config = (context.siteConfig.themeConfig as unknown as ThemeConfig).sitesearch;
  return {
    name: '@sitesearch/docusaurus',
    getThemePath: () => fileURLToPath(new URL('./theme', import.meta.url)),
    getTypeScriptThemePath: () => fileURLToPath(new URL('./theme-ts', import.meta.url)),

    configureWebpack(config) {
      skipBabelForPrebuilt(config.module?.rules ?? []);
      return {};
    },

    async postBuild({ outDir, baseUrl }) {
      if (!usesLocalIndex(config)) return;
      const report = await buildSiteIndex({
        dir: outDir,
        baseUrl,
        exclude: config.localIndex?.exclude,
        defaultLvl0: config.localIndex?.defaultLvl0,
      }).catch((error: unknown) => {
        // Loud on purpose: a search box over an empty index would fail silently for visitors.
        throw new Error(
          `sitesearch: the local search index could not be built from ${outDir}: ${error instanceof Error ? error.message : String(error)}. ` +
            'Set "appId" and "apiKey" in themeConfig.sitesearch to use the hosted provider instead.',
          { cause: error },
        );
      });
      console.log(`[sitesearch] indexed ${report.pages} pages into ${report.records} records (${(report.gzipBytes / 1024).toFixed(1)} KB gzipped) in ${Math.round(report.durationMs)} ms → ${baseUrl}sitesearch/`);
    },
  };
}
