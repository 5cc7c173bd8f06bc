/**
 * The search modal's chunk, imported on intent: the theme's options for the page being read
 * (contextual filters, the router's navigator, the local index client, the texts of the page's
 * locale), the "See all N results" footer, and the props given to `SearchBar` on top, rendered by
 * `SiteSearchModal`.
 */
import { useMemo } from 'react';
import { SiteSearchModal, type SiteSearchModalProps } from '@sitesearch/islands/react/lazy-modal';
import type { SiteSearchReactProps } from '@sitesearch/islands/react/lazy';
import type { DocHit } from '@sitesearch/islands/core';
import { mergeObjects } from '@sitesearch/islands/ssg';
import { chainTransformItems } from '../../shared.js';
import { chatTexts, keywordTexts } from '../translatedTexts.js';
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
  // The locale's texts under the written ones (the config's, then the button's and the props').
  // The chat's only with an assistant: a modal without one resolves with the keyword search's texts alone.
  const withChat = (options.askAi ?? modal.askAi) !== undefined;
  const localeTexts = useMemo(() => (withChat ? mergeObjects(keywordTexts(), chatTexts()) : keywordTexts()), [withChat]);
  const translations = mergeObjects(mergeObjects(localeTexts, modal.translations), options.translations) as SiteSearchReactProps['translations'];
  return <SiteSearchModal options={{ ...(modal as SiteSearchReactProps), resultsFooterComponent, ...options, transformItems, translations }} {...rest} />;
}
