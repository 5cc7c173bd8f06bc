/**
 * The types of `sitesearch()`'s options. What every static-site plugin shares (the data options,
 * the Sidepanel's, the local index's, and the config split between loader and widget) is
 * defined once in `@sitesearch/islands/ssg`; only the Astro-specific options are here.
 */
import type { LocalIndexOptions, SerializableSidepanelOptions, SerializableSiteSearchOptions } from '@sitesearch/islands/ssg';

export type { ClientConfig, LocalIndexOptions, SerializableSidepanelOptions, SerializableSiteSearchOptions, ShellConfig, SidepanelShellConfig } from '@sitesearch/islands/ssg';

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
