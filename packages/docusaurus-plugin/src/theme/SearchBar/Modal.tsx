/**
 * The search modal's chunk, imported on intent: the theme's options for the page being read
 * (contextual filters, the router's navigator, the local index client), the "See all N results"
 * footer, and the props given to `SearchBar` on top, rendered by `SiteSearchModal`.
 */
import { SiteSearchModal, type SiteSearchModalProps } from '@sitesearch/islands/react/lazy-modal';
import type { SiteSearchReactProps } from '@sitesearch/islands/react/lazy';
import type { DocHit } from '@sitesearch/islands/core';
import { chainTransformItems } from '../../shared.js';
import { useSiteSearchConfig } from '../useSiteSearchConfig.js';
import { useSeeAllResultsFooter } from '../SearchPage/SeeAllResults.js';

export default function Modal({ options, ...rest }: SiteSearchModalProps) {
  const { modal } = useSiteSearchConfig();
  // "See all N results" links to the search page (none when searchPagePath is false); a prop overrides it.
  const resultsFooterComponent = useSeeAllResultsFooter();
  // `options`: the button's options (the same values as the config's) and SearchBar's props; a
  // `transformItems` prop runs after the theme's (result URLs made this host's paths).
  type Transform = (items: DocHit[]) => DocHit[];
  const transformItems = chainTransformItems(modal.transformItems as Transform | undefined, options.transformItems as Transform | undefined);
  return <SiteSearchModal options={{ ...(modal as SiteSearchReactProps), resultsFooterComponent, ...options, transformItems }} {...rest} />;
}
