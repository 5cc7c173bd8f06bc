/**
 * What the theme components need from `themeConfig.sitesearch`, computed the same way on the
 * server and in the browser (so hydration matches): the modal's and the Sidepanel's options, the
 * local index client (browser only), the router-aware navigator and the contextual filters of
 * the page being read.
 */
import { useMemo } from 'react';
import { useHistory, useLocation } from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useAllPluginInstancesData } from '@docusaurus/useGlobalData';
import { contextualFacetFilters, contextualSearchTags, withContextualFilters, withLocaleFilter, type DocsPluginData, type FacetFilters } from '../contextual.js';
import { readPreferredVersion } from './SearchPage/preferredVersion.js';
import { createRouterNavigator, sidepanelOptions, usesLocalIndex, widgetOptions } from '../shared.js';
import type { ThemeConfig } from '../types.js';
import { localSearchClient } from './SearchBar/localClient.js';

export interface SiteSearchConfig {
  modal: Record<string, unknown>;
  sidepanel: Record<string, unknown> | undefined;
}

/**
 * The page's contextual filters (theme-search-algolia's `useAlgoliaContextualFacetFilters`):
 * its locale and the docs versions in view; `undefined` with `contextualSearch: false`. Read
 * from the docs plugin's global data and the location rather than theme-common's hooks, which
 * need the classic theme's providers that the Sidepanel (rendered by `Root`) is outside of.
 */
function useContextualFilters(enabled: boolean): { facetFilters: FacetFilters | undefined; locale: string } {
  const { siteConfig, i18n } = useDocusaurusContext();
  const { pathname } = useLocation();
  const allDocsData = useAllPluginInstancesData('docusaurus-plugin-content-docs') as Record<string, DocsPluginData> | undefined;
  const persistence = (siteConfig.themeConfig as { docs?: { versionPersistence?: unknown } }).docs?.versionPersistence;
  const locale = i18n.currentLocale;
  const key = enabled ? contextualSearchTags(allDocsData ?? {}, pathname, (pluginId) => readPreferredVersion(pluginId, persistence)).join('\n') : undefined;
  // Keyed by the tags' text: the options (and the search they define) stay the same objects while
  // the reader moves between pages of the same version.
  const facetFilters = useMemo(() => (key === undefined ? undefined : contextualFacetFilters(locale, key.split('\n'))), [key, locale]);
  return { facetFilters, locale };
}

export function useSiteSearchConfig(): SiteSearchConfig {
  const { siteConfig } = useDocusaurusContext();
  const config = (siteConfig.themeConfig as unknown as ThemeConfig).sitesearch;
  const history = useHistory();
  const localIndexUrl = useBaseUrl('/sitesearch/');
  const contextual = config.contextualSearch !== false;
  const { facetFilters, locale } = useContextualFilters(contextual);
  return useMemo(() => {
    const local = usesLocalIndex(config);
    const searchClient = local ? localSearchClient(localIndexUrl) : undefined;
    const navigator = createRouterNavigator(history, () => window.location, config.externalUrlRegex);
    const written: Record<string, unknown> = { ...widgetOptions(config, siteConfig.url), navigator, ...(searchClient ? { searchClient } : {}) };
    const modal = withContextualFilters(written, facetFilters);
    // The panel follows the options as written: the modal's contextual filters are not its own.
    const resolvedLike = {
      askAi: written.askAi === undefined ? undefined : typeof written.askAi === 'string' ? { assistantId: written.askAi } : written.askAi,
      appId: written.appId,
      apiKey: written.apiKey,
      indices: ((written.indices as unknown[] | undefined) ?? []).map((index) => (typeof index === 'string' ? { name: index } : (index as { name: string }))),
    } as Parameters<typeof sidepanelOptions>[1];
    const writtenPanel = sidepanelOptions(config, resolvedLike);
    const panel = writtenPanel && contextual ? withLocaleFilter(writtenPanel, locale) : writtenPanel;
    if (panel && searchClient && usesLocalIndex(panel) && panel.baseUrl === undefined) panel.searchClient = searchClient;
    return { modal, sidepanel: panel };
  }, [config, siteConfig.url, history, localIndexUrl, facetFilters, contextual, locale]);
}
