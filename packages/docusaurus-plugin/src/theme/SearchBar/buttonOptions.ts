/**
 * What the search button needs before anyone searches, read straight from
 * `themeConfig.sitesearch` (checked at build time): its texts (the config's over the locale's
 * label, `theme.SearchBar.label` as theme-search-algolia names it) and shortcuts, and what to do on
 * intent (preconnect to the provider, or warm the local index client). The rest of the options
 * (contextual filters, the router's navigator, the "See all" footer) are completed in the modal's
 * chunk (Modal.tsx). Each value here is the one the modal's options hold, so either may win.
 */
import { useMemo } from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { translate } from '@docusaurus/Translate';
import type { SiteSearchReactProps } from '@sitesearch/islands/react/lazy';
import type { ThemeConfig } from '../../types.js';
import { localSearchClient } from './localClient.js';

export function useButtonOptions(): Partial<SiteSearchReactProps> {
  const { siteConfig } = useDocusaurusContext();
  const config = (siteConfig.themeConfig as unknown as ThemeConfig).sitesearch;
  const localIndexUrl = useBaseUrl('/sitesearch/');
  // Only the button's own words up front; the modal's are translated in its chunk (translatedTexts.ts).
  const label = translate({ id: 'theme.SearchBar.label', message: 'Search', description: 'The ARIA label and placeholder for search button' });
  return useMemo(() => {
    const options: Partial<SiteSearchReactProps> = {};
    // Left as it was when the label is untranslated: an English page renders the same button.
    const written = config.translations;
    if (label !== 'Search') options.translations = { ...written, button: { buttonText: label, buttonAriaLabel: label, ...written?.button } };
    else if (written !== undefined) options.translations = written;
    if (config.keyboardShortcuts !== undefined) options.keyboardShortcuts = config.keyboardShortcuts;
    if (config.appId !== undefined) options.appId = config.appId;
    // No credentials: the local index (as `usesLocalIndex` decides, without its module up front).
    else if (config.apiKey === undefined) options.searchClient = localSearchClient(localIndexUrl);
    return options;
  }, [config, localIndexUrl, label]);
}
