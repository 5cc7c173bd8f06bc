/**
 * "See all N results": the modal's results footer (its `resultsFooterComponent`), a link to the
 * search page with the query, through the Docusaurus router. None when `searchPagePath` is false.
 */
import { useMemo, type MouseEvent, type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { ResultsFooterState } from '@sitesearch/islands/core';
import { searchPageUrl } from '../../searchPage.js';
import type { ThemeConfig } from '../../types.js';

export type ResultsFooter = (props: { state: ResultsFooterState }) => ReactNode;

/**
 * The footer sends Escape before the router moves on: Escape closes the modal from anywhere
 * (the page's shortcut listener), and the template is given no other way to close it.
 */
function closeModal(event: MouseEvent<HTMLAnchorElement>) {
  event.currentTarget.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
}

export function SeeAllResults({ count, to }: { count: number; to: string }) {
  // Nothing to see on the page either (the modal can list its Ask AI entry alone).
  if (count === 0) return null;
  return (
    <Link to={to} onClick={closeModal} className="sitesearch-see-all">
      {translate({ id: 'theme.SearchBar.seeAll', message: 'See all {count} results', description: 'The link to the search page in the search modal, with the number of results' }, { count })}
    </Link>
  );
}

/** The modal's `resultsFooterComponent` for this site, or undefined when the search page is off. */
export function useSeeAllResultsFooter(): ResultsFooter | undefined {
  const { siteConfig } = useDocusaurusContext();
  // Filled with its default by validateThemeConfig; undefined only if that did not run.
  const path = (siteConfig.themeConfig as unknown as ThemeConfig).sitesearch?.searchPagePath ?? 'search';
  const { baseUrl } = siteConfig;
  return useMemo(() => {
    if (path === false) return undefined;
    return ({ state }) => <SeeAllResults count={state.context.nbHits} to={searchPageUrl(baseUrl, path, state.query)} />;
  }, [baseUrl, path]);
}
