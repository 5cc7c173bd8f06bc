import type { SiteSearchComponentProps } from '../dist/page-options.js';

/** The search button, rendered on the server; the integration adds the loader and the modal. */
export declare function SiteSearch(props: SiteSearchComponentProps): unknown;
