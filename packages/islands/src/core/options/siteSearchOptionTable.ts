/**
 * The search modal's options (interface section 2.2), once: every name with its type letters
 * (capital: its value holds code, so a data config cannot carry it), the entry an entry-only
 * option belongs to, and the plain defaults. The CDN loader's type check, the resolver's known
 * names, the plugins' split between data and code (`@sitesearch/islands/ssg`), the Docusaurus
 * schema and the site's reference derive from here. The doc line, the type and the default as
 * readers see them live in `optionDocs.ts`, which no browser bundle imports: a bundle gets only
 * the columns it reads, and the type letters are as small as the type table they replace.
 */
import { optionError } from './errors.js';
import type { Entry } from './siteSearchOptionsBase.js';
import type { SiteSearchBaseOptions, SiteSearchOptions, SiteSearchProps } from './types.js';
import type { TypeTable } from './optionTypes.js';

/** Every option of the search modal, in any entry (the TypeScript types are the list). */
export type SiteSearchOptionName = keyof SiteSearchOptions | keyof SiteSearchProps;

/**
 * Type letters of the options every entry takes (see `TypeTable` in optionTypes.ts); the
 * `satisfies` makes the compiler refuse a name missing here or one the types do not have.
 */
export const SITESEARCH_OPTION_TYPES = {
  appId: 's',
  apiKey: 's',
  indices: 'a',
  indexName: 's',
  placeholder: 's',
  askAi: 'so',
  searchParameters: 'o',
  transformItems: 'F',
  hitComponent: 'F',
  transformSearchClient: 'F',
  disableUserPersonalization: 'b',
  initialQuery: 's',
  navigator: 'O',
  // Only the button's texts: the loader draws the button with them.
  translations: { button: { buttonText: 's', buttonAriaLabel: 's' } },
  getMissingResultsUrl: 'F',
  keyboardShortcuts: { 'Ctrl/Cmd+K': 'b', '/': 'b' },
  resultsFooterComponent: 'F',
  maxResultsPerGroup: 'n',
  recentSearchesLimit: 'n',
  recentSearchesWithFavoritesLimit: 'n',
  searchClient: 'O',
  insights: 'bo',
} as const satisfies { [name in keyof SiteSearchBaseOptions]-?: string | TypeTable };

/**
 * The options only one entry takes, by entry ('js' is the JavaScript function, the CDN script's
 * too); the other entries refuse them, saying where they belong. Their type letters are in
 * SITESEARCH_ENTRY_OPTION_TYPES, apart so the resolvers carry only the names.
 */
export const SITESEARCH_ENTRY_OPTIONS = {
  js: ['container', 'environment'],
  react: ['portalContainer'],
  integration: [],
} as const satisfies Record<Entry, ReadonlyArray<Exclude<SiteSearchOptionName, keyof SiteSearchBaseOptions>>>;

/** Type letters of the entry-only options, as their entries check them (the CDN loader, up front, for `container` and `environment`). */
export const SITESEARCH_ENTRY_OPTION_TYPES = {
  container: 'se',
  // A window-like object with a document (the resolver checks it for `querySelector`).
  environment: { document: 'o' },
  portalContainer: 'eo',
} as const satisfies { [name in Exclude<SiteSearchOptionName, keyof SiteSearchBaseOptions>]-?: string | TypeTable };

/**
 * The defaults the resolver applies that are plain values (the others, such as identity
 * functions, are described in optionDocs.ts): the resolver reads them from here, and the site's
 * reference pages print them.
 */
export const SITESEARCH_DEFAULTS = {
  disableUserPersonalization: false,
  initialQuery: '',
  maxResultsPerGroup: 5,
  recentSearchesLimit: 7,
  recentSearchesWithFavoritesLimit: 4,
} as const satisfies { [name in SiteSearchOptionName]?: unknown };

/**
 * The search modal's required options, checked on the options as given (after their types): a
 * rule rather than a column, since each can be met two ways. The CDN loader runs it up front,
 * the resolver as part of its first pass.
 */
export function checkRequiredSiteSearchOptions(given: Record<string, unknown>): void {
  if (!given.searchClient) {
    if (given.appId === undefined) throw optionError('sitesearch', 'option "appId" is required (or pass a ready "searchClient", such as the local index client).');
    if (given.apiKey === undefined) throw optionError('sitesearch', 'option "apiKey" is required: use a search-only API key (or pass a ready "searchClient").');
  }
  if (given.indices === undefined && given.indexName === undefined) {
    throw optionError('sitesearch', '"indices" or "indexName" is required: pass the names of the indices to search, e.g. indices: [\'docs\'].');
  }
}
