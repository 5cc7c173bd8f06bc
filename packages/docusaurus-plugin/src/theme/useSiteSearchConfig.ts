/**
 * What the theme components need from `themeConfig.sitesearch`, computed the same way on the
 * server and in the browser (so hydration matches): the modal's and the Sidepanel's options, the
 * local index client (browser only) and the router-aware navigator.
 */
import { useMemo } from 'react';
import { useHistory } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { SearchClientLike } from '@sitesearch/islands/core';
import { createLocalSearchClient } from '@sitesearch/local/client';
import { createRouterNavigator, sidepanelOptions, usesLocalIndex, widgetOptions } from '../shared.js';
import type { ThemeConfig } from '../types.js';

let shared: { url: string; client: SearchClientLike } | undefined;

/** The page's one local index client: the modal and the Sidepanel's local assistant share it. */
function localSearchClient(url: string): SearchClientLike {
  if (shared?.url !== url) shared = { url, client: createLocalSearchClient({ url }) as unknown as SearchClientLike };
  return shared.client;
}

/** Never called: stands in for the local client during server rendering (nothing searches there). */
const SERVER_CLIENT: SearchClientLike = { search: async () => ({ results: [] }) } as unknown as SearchClientLike;

export interface SiteSearchConfig {
  modal: Record<string, unknown>;
  sidepanel: Record<string, unknown> | undefined;
}

export function useSiteSearchConfig(): SiteSearchConfig {
  const { siteConfig } = useDocusaurusContext();
  const config = (siteConfig.themeConfig as unknown as ThemeConfig).sitesearch;
  const history = useHistory();
  const localIndexUrl = useBaseUrl('/sitesearch/');
  return useMemo(() => {
    const local = usesLocalIndex(config);
    const searchClient = local ? (typeof window === 'undefined' ? SERVER_CLIENT : localSearchClient(localIndexUrl)) : undefined;
    const navigator = createRouterNavigator(history, () => window.location, config.externalUrlRegex);
    const modal: Record<string, unknown> = { ...widgetOptions(config), navigator, ...(searchClient ? { searchClient } : {}) };
    const resolvedLike = {
      askAi: modal.askAi === undefined ? undefined : typeof modal.askAi === 'string' ? { assistantId: modal.askAi } : modal.askAi,
      appId: modal.appId,
      apiKey: modal.apiKey,
      indices: ((modal.indices as unknown[] | undefined) ?? []).map((index) => (typeof index === 'string' ? { name: index } : (index as { name: string }))),
    } as Parameters<typeof sidepanelOptions>[1];
    const panel = sidepanelOptions(config, resolvedLike);
    if (panel && searchClient && usesLocalIndex(panel) && panel.baseUrl === undefined) panel.searchClient = searchClient;
    return { modal, sidepanel: panel };
  }, [config, history, localIndexUrl]);
}
