/**
 * What the search button needs before anyone searches, read straight from
 * `themeConfig.sitesearch` (checked at build time): its texts and shortcuts, and what to do on
 * intent (preconnect to the provider, or warm the local index client). The rest of the options
 * (contextual filters, the router's navigator, the "See all" footer) are completed in the modal's
 * chunk (Modal.tsx). Each value here is the one the modal's options hold, so either may win.
 */
import { useMemo } from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { SiteSearchReactProps } from '@sitesearch/islands/react/lazy';
import type { ThemeConfig } from '../../types.js';
import { localSearchClient } from './localClient.js';

export function useButtonOptions(): Partial<SiteSearchReactProps> {
  const { siteConfig } = useDocusaurusContext();
  const config = (siteConfig.themeConfig as unknown as ThemeConfig).sitesearch;
  const localIndexUrl = useBaseUrl('/sitesearch/');
  return useMemo(() => {
    const options: Partial<SiteSearchReactProps> = {};
    if (config.translations !== undefined) options.translations = config.translations;
    if (config.keyboardShortcuts !== undefined) options.keyboardShortcuts = config.keyboardShortcuts;
    if (config.appId !== undefined) options.appId = config.appId;
    // No credentials: the local index (as `usesLocalIndex` decides, without its module up front).
    else if (config.apiKey === undefined) options.searchClient = localSearchClient(localIndexUrl);
    return options;
  }, [config, localIndexUrl]);
}
