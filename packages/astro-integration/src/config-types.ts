import type { SiteSearchBaseOptions } from '@sitesearch/islands/core';

/**
 * The options of spec 2.2 that can be written in `astro.config.*`: everything that survives
 * JSON, with the same names, types and docs as the core's. Function options (`transformItems`,
 * `hitComponent`, `navigator`…) reach the browser through `clientOptionsModule` instead, because
 * the Astro config never runs there. Without `appId`/`apiKey`, the local index of the built site
 * is searched (and `indices` defaults to `['docs']`).
 */
export type SerializableSiteSearchOptions = Pick<
  SiteSearchBaseOptions,
  | 'appId'
  | 'apiKey'
  | 'indices'
  | 'indexName'
  | 'placeholder'
  | 'askAi'
  | 'searchParameters'
  | 'disableUserPersonalization'
  | 'initialQuery'
  | 'translations'
  | 'keyboardShortcuts'
  | 'maxResultsPerGroup'
  | 'recentSearchesLimit'
  | 'recentSearchesWithFavoritesLimit'
>;

/** What the local index is built from (only used without `appId`/`apiKey`). */
export interface LocalIndexOptions {
  /** Folders of the build output (relative to it) not to index, e.g. `['drafts']`. */
  exclude?: string[];
  /** Category of pages that have none (default: the first URL segment, title-cased). */
  defaultLvl0?: string;
}

/** Options of `sitesearch()` in `astro.config.*`. */
export interface SiteSearchAstroOptions extends SerializableSiteSearchOptions {
  /**
   * Path (from the project root) of a module whose default export holds the function options:
   * `transformItems`, `hitComponent`, `transformSearchClient`, `navigator`,
   * `getMissingResultsUrl`, `resultsFooterComponent`, `searchClient`. Named exports are option
   * sets a `<SiteSearch clientOptions="name" />` picks for its page. Loaded with the widget, on
   * first interaction.
   */
  clientOptionsModule?: string;
  /** The local index (no credentials): what it indexes. */
  localIndex?: LocalIndexOptions;
}

/** What the browser gets (virtual module `virtual:sitesearch/config`, loaded with the widget). */
export interface ClientConfig {
  options: SerializableSiteSearchOptions;
  /** URL of the local index folder, or `null` when the hosted provider is used. */
  localIndexUrl: string | null;
}

/** What the loader gets on every page (virtual module `virtual:sitesearch/shell-config`). */
export interface ShellConfig {
  keyboardShortcuts: { 'Ctrl/Cmd+K': boolean; '/': boolean };
  /** Origins to preconnect on intent (the provider's host; none for the local index). */
  preconnect: string[];
}
