/**
 * The navbar's search: the button is server-rendered; the loader waits for intent (hover, focus,
 * touch, Ctrl/Cmd+K) and the modal loads on demand. Results open through the Docusaurus router.
 * Swizzle it to pass function options (`transformItems`, `hitComponent`, …) to `SiteSearch`.
 */
import { SiteSearch, type SiteSearchReactProps } from '@sitesearch/islands/react';
import '@sitesearch/islands/style.css';
// The search button's, the modal's, the chat's and the Sidepanel's styles, in one file.
import { useSiteSearchConfig } from '../useSiteSearchConfig.js';
import { useSeeAllResultsFooter } from '../SearchPage/SeeAllResults.js';

export default function SearchBar(props: Partial<SiteSearchReactProps>) {
  const { modal } = useSiteSearchConfig();
  // "See all N results" links to the search page (none when searchPagePath is false); a prop overrides it.
  const resultsFooterComponent = useSeeAllResultsFooter();
  return <SiteSearch {...(modal as SiteSearchReactProps)} resultsFooterComponent={resultsFooterComponent} {...props} />;
}
