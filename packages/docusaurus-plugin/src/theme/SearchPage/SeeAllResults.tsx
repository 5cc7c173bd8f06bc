/**
 * "See all N results": the modal's results footer (its `resultsFooterComponent`), a link to the
 * search page with the query, through the Docusaurus router. None when `searchPagePath` is false.
 * From a page of a docs version other than the latest, or than the one the search page starts on
 * (the reader's preferred version), the link names that version (`&version=1.x`): the page then
 * lists what the modal counted.
 */
import { useMemo, type MouseEvent, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { useLocation } from '@docusaurus/router';
import { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useAllPluginInstancesData } from '@docusaurus/useGlobalData';
import type { ResultsFooterState } from '@sitesearch/islands/core';
import { contextualSearchTags } from '../../contextual.js';
import { searchPageUrl } from '../../searchPage.js';
import type { ThemeConfig } from '../../types.js';
import { selectPlural } from './display.js';
import { readPreferredVersion } from './preferredVersion.js';
import { choiceFromTags, defaultVersionChoice, versionParams, type AllDocsData } from './versions.js';

export type ResultsFooter = (props: { state: ResultsFooterState }) => ReactNode;

/**
 * The footer sends Escape before the router moves on: Escape closes the modal from anywhere
 * (the page's shortcut listener), and the template is given no other way to close it.
 */
function closeModal(event: MouseEvent<HTMLAnchorElement>) {
  event.currentTarget.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
}

export function SeeAllResults({ count, to, locale }: { count: number; to: string; locale: string }) {
  // Nothing to see on the page either (the modal can list its Ask AI entry alone).
  if (count === 0) return null;
  return (
    <Link to={to} onClick={closeModal} className="sitesearch-see-all">
      {selectPlural(
        translate(
          {
            id: 'theme.SearchBar.seeAll',
            message: 'See {count} result|See all {count} results',
            description: 'The link to the search page in the search modal, with the number of results. Use as many plural forms (separated by "|") as your language has (see https://www.unicode.org/cldr/cldr-aux/charts/34/supplemental/language_plural_rules.html)',
          },
          { count },
        ),
        count,
        locale,
      )}
    </Link>
  );
}

/** The modal's `resultsFooterComponent` for this site, or undefined when the search page is off. */
export function useSeeAllResultsFooter(): ResultsFooter | undefined {
  const { siteConfig, i18n } = useDocusaurusContext();
  const config = (siteConfig.themeConfig as unknown as ThemeConfig).sitesearch;
  // Filled with its default by validateThemeConfig; undefined only if that did not run.
  const path = config?.searchPagePath ?? 'search';
  const { baseUrl } = siteConfig;
  const { pathname } = useLocation();
  const allDocsData = (useAllPluginInstancesData('docusaurus-plugin-content-docs') ?? {}) as AllDocsData;
  const persistence = (siteConfig.themeConfig as { docs?: { versionPersistence?: unknown } }).docs?.versionPersistence;
  // The versions the modal searches here, read when the footer renders (in the browser, after a
  // search), so the stored preference is there.
  const contextual = config?.contextualSearch !== false;
  return useMemo(() => {
    if (path === false) return undefined;
    const params = (): Record<string, string> => {
      if (!contextual) return {};
      const preferred = (pluginId: string) => readPreferredVersion(pluginId, persistence);
      const choice = choiceFromTags(allDocsData, contextualSearchTags(allDocsData, pathname, preferred));
      // Named unless it is the latest and the reader's default alike: the page opens on the
      // same version, and the link means the same to someone it is shared with.
      return { ...versionParams(allDocsData, choice, defaultVersionChoice(allDocsData)), ...versionParams(allDocsData, choice, defaultVersionChoice(allDocsData, preferred)) };
    };
    return ({ state }) => <SeeAllResults count={state.context.nbHits} to={searchPageUrl(baseUrl, path, state.query, params())} locale={i18n.currentLocale} />;
  }, [baseUrl, path, contextual, allDocsData, pathname, persistence, i18n.currentLocale]);
}
