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
import { fileURLToPath } from 'node:url';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { buildSiteIndex } from '@sitesearch/local';
import { usesLocalIndex } from './shared.js';
import type { ThemeConfig } from './types.js';

export { validateThemeConfig } from './options.js';
export type { SiteSearchThemeConfig, LocalIndexOptions, ThemeConfig } from './types.js';

export default function themeSiteSearch(context: LoadContext): Plugin<void> {
  // validateThemeConfig has run by now and filled `sitesearch` (from `algolia` for the drop-in).
  const config = (context.siteConfig.themeConfig as unknown as ThemeConfig).sitesearch;
  return {
    name: '@sitesearch/docusaurus',
    getThemePath: () => fileURLToPath(new URL('./theme', import.meta.url)),
    getTypeScriptThemePath: () => fileURLToPath(new URL('./theme-ts', import.meta.url)),

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
