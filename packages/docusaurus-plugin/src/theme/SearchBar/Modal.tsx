/**
 * The search modal's chunk, imported on intent: the theme's options for the page being read
 * (contextual filters, the router's navigator, the local index client), the "See all N results"
 * footer, and the props given to `SearchBar` on top, rendered by `SiteSearchModal`.
 */
import { SiteSearchModal, type SiteSearchModalProps } from '@sitesearch/islands/react/lazy-modal';
import type { SiteSearchReactProps } from '@sitesearch/islands/react/lazy';
import { useSiteSearchConfig } from '../useSiteSearchConfig.js';
import { useSeeAllResultsFooter } from '../SearchPage/SeeAllResults.js';

export default function Modal({ options, ...rest }: SiteSearchModalProps) {
  const { modal } = useSiteSearchConfig();
  // "See all N results" links to the search page (none when searchPagePath is false); a prop overrides it.
  const resultsFooterComponent = useSeeAllResultsFooter();
  // `options`: the button's options (the same values as the config's) and SearchBar's props.
  return <SiteSearchModal options={{ ...(modal as SiteSearchReactProps), resultsFooterComponent, ...options }} {...rest} />;
}
