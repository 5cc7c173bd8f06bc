/**
 * The types of `themeConfig.sitesearch`: the widget's data options (spec 2.2) plus the options
 * only the Docusaurus theme has.
 */
import type { SidepanelProps, SiteSearchProps } from '@sitesearch/islands/core';
import type { SynonymObject } from '@sitesearch/islands/ssg';

/** Options of the local index built after `docusaurus build` (no credentials). */
export interface LocalIndexOptions {
  /** Folders of the built site left out of the index, e.g. ['drafts']. */
  exclude?: string[];
  /** The first hierarchy level of pages that have none. */
  defaultLvl0?: string;
  /**
   * URL patterns → the `page_rank` of the pages they match (higher first, default 0; the first
   * that matches wins), e.g. `{ '/blog/*': -1 }`. Release posts (the blog) rank -1 unless one
   * matches; `{ '*': 0 }` turns that off.
   */
  pageRank?: Record<string, number>;
  /**
   * Synonyms in the hosted provider's format: the path of a JSON file (from the site folder), or
   * the list itself, e.g. `[{ objectID: 'flaky', type: 'oneWaySynonym', input: 'flaky', synonyms:
   * ['retry'] }]` (types `synonym`, `oneWaySynonym`, `altCorrection1`, `altCorrection2`, `placeholder`).
   */
  synonyms?: string | SynonymObject[];
}

type FunctionOptions = 'transformItems' | 'hitComponent' | 'transformSearchClient' | 'navigator' | 'getMissingResultsUrl' | 'resultsFooterComponent' | 'searchClient' | 'container' | 'portalContainer';

export interface SiteSearchThemeConfig extends Omit<Partial<SiteSearchProps>, FunctionOptions> {
  /** `true`, or the Sidepanel's options (spec 2.1); its assistant defaults to `askAi`'s. */
  sidepanel?: boolean | Omit<Partial<SidepanelProps>, 'searchClient' | 'container' | 'portalContainer' | 'pushTarget'> & { pushTarget?: string };
  /** Filter by the current locale and docs version (default `true`). */
  contextualSearch?: boolean;
  /** The search page's path (default `'search'`); `false` disables it. */
  searchPagePath?: string | false;
  /** Result URLs matching this regular expression open with a full page load. */
  externalUrlRegex?: string;
  /** Rewrites result pathnames (`from` a string or pattern, `to` its replacement). */
  replaceSearchResultPathname?: { from: string; to: string };
  /** Options of the local index. */
  localIndex?: LocalIndexOptions;
}

/** The theme config as this theme reads it. */
export interface ThemeConfig {
  sitesearch: SiteSearchThemeConfig;
}
