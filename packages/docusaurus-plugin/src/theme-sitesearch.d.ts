/**
 * The theme components of @sitesearch/docusaurus, as a site (or a swizzled copy) imports them.
 * Referenced from the package's types, so importing anything from '@sitesearch/docusaurus'
 * (e.g. `SiteSearchThemeConfig` in docusaurus.config.ts) declares these modules too.
 */
declare module '@theme/SearchBar' {
  import type { JSX } from 'react';
  import type { SiteSearchReactProps } from '@sitesearch/islands/react';

  export type Props = Partial<SiteSearchReactProps>;
  export default function SearchBar(props: Props): JSX.Element;
}

declare module '@theme/Sidepanel' {
  import type { JSX } from 'react';
  import type { SidepanelProps } from '@sitesearch/islands/core';

  export type Props = Partial<SidepanelProps>;
  export default function Sidepanel(props: Props): JSX.Element | null;
}

declare module '@theme/SearchPage' {
  import type { ReactNode } from 'react';
  import type { DocHit, SearchClientLike, SiteSearchTransformClient } from '@sitesearch/islands/core';

  export interface Props {
    /** Receives each page of hits before display; returns the hits to show. */
    transformItems?: (items: DocHit[]) => DocHit[];
    /** Wraps the search client (to add headers, log, cache…). */
    transformSearchClient?: (client: SiteSearchTransformClient) => SiteSearchTransformClient;
    /** A search client of your own instead of the local index or the provider's lite client. */
    searchClient?: SearchClientLike;
  }
  export default function SearchPage(props: Props): ReactNode;
}
