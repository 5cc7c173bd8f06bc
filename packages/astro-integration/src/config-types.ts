import type { AskAiObject, KeyboardShortcuts, SearchParameters, SiteSearchIndex, SiteSearchTranslations, DeepPartial } from '@sitesearch/islands/core';

/**
 * The options of spec 2.2 that can be written in `astro.config.*`: everything that survives
 * JSON. Function options (`transformItems`, `hitComponent`, `navigator`…) reach the browser
 * through `clientOptionsModule` instead, because the Astro config never runs there.
 */
export interface SerializableSiteSearchOptions {
  /** Application ID of the search provider. Leave out (with `apiKey`) to use the local index of the built site. */
  appId?: string;
  /** Search-only API key (`<SEARCH_API_KEY>`); visible to visitors. */
  apiKey?: string;
  /** Indices for keyword search; result groups follow this order. Default with the local index: `['docs']`. */
  indices?: Array<string | SiteSearchIndex>;
  /** @deprecated Use `indices`. */
  indexName?: string;
  /** Input placeholder; replaces the dynamic placeholder that depends on `askAi`. */
  placeholder?: string;
  /** The assistant: its ID, or an `AskAiObject`. */
  askAi?: string | AskAiObject;
  /** @deprecated Use `indices[].searchParameters`. */
  searchParameters?: SearchParameters;
  /** When `true`, recent searches and favorites are not saved to local storage. */
  disableUserPersonalization?: boolean;
  /** Initial query of the search input. */
  initialQuery?: string;
  /** Overrides texts and aria-labels (the function keys of `modal.askAiScreen` go in `clientOptionsModule`). */
  translations?: DeepPartial<SiteSearchTranslations>;
  /** Enables or disables `Ctrl/Cmd+K` and `/`; `Escape` always closes. */
  keyboardShortcuts?: KeyboardShortcuts;
  /** Maximum results per search group (default 5). */
  maxResultsPerGroup?: number;
  /** Maximum stored recent searches (default 7). */
  recentSearchesLimit?: number;
  /** Maximum stored recent searches when the user has favorites (default 4). */
  recentSearchesWithFavoritesLimit?: number;
}

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
