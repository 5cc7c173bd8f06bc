import type { SidepanelBaseOptions, SiteSearchBaseOptions } from '@sitesearch/islands/core';

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

/**
 * The Sidepanel's options (spec 2.1 and the later shapes of 9.5) that can be written in
 * `astro.config.*`: all but `searchClient` (the local index client is made in the browser) and
 * `container`/`portalContainer` (the panel renders into the page body); `pushTarget` is a CSS
 * selector. Without `appId`/`apiKey`/`baseUrl` of its own, the Sidepanel talks to the assistant
 * of `askAi` (credentials, `assistantId`, `agentStudio`, `searchParameters`, `baseUrl`), and with
 * the local index to the local assistant over it, so both share their conversations.
 */
export type SerializableSidepanelOptions = Omit<SidepanelBaseOptions, 'searchClient' | 'pushTarget'> & {
  /** What the `inline` variant pushes aside, as a CSS selector (default: chosen by the panel). */
  pushTarget?: string;
};

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
  /**
   * The Sidepanel (`<Sidepanel />` from `@sitesearch/astro/components` places its trigger):
   * `true` for the defaults, or its options. Unset options follow `askAi` and the local index
   * (see `SerializableSidepanelOptions`); `translations` add to the top-level ones.
   */
  sidepanel?: true | SerializableSidepanelOptions;
}

/** What the browser gets (virtual module `virtual:sitesearch/config`, loaded with the widget). */
export interface ClientConfig {
  options: SerializableSiteSearchOptions;
  /** The Sidepanel's options, complete (what `askAi` and the local index gave filled in), or `null` without `sidepanel`. */
  sidepanel: SerializableSidepanelOptions | null;
  /** URL of the local index folder, or `null` when the hosted provider is used. */
  localIndexUrl: string | null;
}

/** What the loader gets on every page (virtual module `virtual:sitesearch/shell-config`). */
export interface ShellConfig {
  keyboardShortcuts: { 'Ctrl/Cmd+K': boolean; '/': boolean };
  /** Origins to preconnect on intent (the provider's host; none for the local index). */
  preconnect: string[];
  /** The Sidepanel's share, or `null` without `sidepanel`. */
  sidepanel: SidepanelShellConfig | null;
}

/** What the loader needs of the Sidepanel before any interaction. */
export interface SidepanelShellConfig {
  keyboardShortcuts: { 'Ctrl/Cmd+I': boolean };
  /** `inline` panels close before a `<ClientRouter />` swap (the content they push goes). */
  variant: 'floating' | 'inline';
  /** Origins to preconnect on intent (the assistant's host; none for the local assistant). */
  preconnect: string[];
}
