import { checkOptionTypes, checkRequiredSiteSearchOptions, SITESEARCH_ENTRY_OPTION_TYPES, SITESEARCH_OPTION_TYPES } from '../core/options/optionTypes.js';
import type { SearchClientLike } from '../core/options/types.js';
import { findContainer } from './findContainer.js';

/** What the CDN loader knows of `sitesearch(options)` before the widget's file (`sitesearch-modal.js`) arrives. */
export interface EarlySiteSearchOptions {
  /** The options as given, resolved in full by `completeCdnOptions` (in `sitesearch-modal.js`). */
  given: Record<string, unknown>;
  container: HTMLElement;
  environment: typeof window;
  keyboardShortcuts: { 'Ctrl/Cmd+K': boolean; '/': boolean };
  button: { buttonText: string; buttonAriaLabel: string };
  appId: string | undefined;
  searchClient: SearchClientLike | undefined;
}

// The JavaScript entry's own options (`container`, `environment`) with the table's type letters.
const CDN_OPTION_TYPES = { ...SITESEARCH_OPTION_TYPES, container: SITESEARCH_ENTRY_OPTION_TYPES.container, environment: SITESEARCH_ENTRY_OPTION_TYPES.environment };

/**
 * The CDN script's first look at `sitesearch(options)`: the type of every option (the shared
 * table), the required options and the container, thrown at the call site. The value rules
 * (index entries, ranges, translation keys, unknown names with a suggestion) run with the widget
 * on first interaction (`completeCdnOptions`), whose errors the loader reports in the console.
 */
export function checkSiteSearchOptionsEarly(options: unknown): EarlySiteSearchOptions {
  const given = checkOptionTypes('sitesearch', CDN_OPTION_TYPES, options);
  checkRequiredSiteSearchOptions(given);
  const environment = (given.environment as typeof window | undefined) ?? window;
  const shortcuts = given.keyboardShortcuts as Partial<EarlySiteSearchOptions['keyboardShortcuts']> | undefined;
  // Written here rather than read from the default translations, which would bring every text of
  // the modal into the loader; a test keeps the two equal.
  const texts = (given.translations as { button?: Partial<EarlySiteSearchOptions['button']> } | undefined)?.button;
  return {
    given,
    container: findContainer('sitesearch', given.container, environment.document),
    environment,
    keyboardShortcuts: { 'Ctrl/Cmd+K': shortcuts?.['Ctrl/Cmd+K'] !== false, '/': shortcuts?.['/'] !== false },
    button: { buttonText: texts?.buttonText ?? 'Search', buttonAriaLabel: texts?.buttonAriaLabel ?? 'Search' },
    appId: given.appId as string | undefined,
    searchClient: given.searchClient as SearchClientLike | undefined,
  };
}
