import type { SidepanelComponentProps, SiteSearchComponentProps } from '../dist/page-options.js';

/** The search button, rendered on the server; the integration adds the loader and the modal. */
export declare function SiteSearch(props: SiteSearchComponentProps): unknown;

/** The Sidepanel's trigger, rendered on the server; needs `sidepanel` in sitesearch({ … }). */
export declare function Sidepanel(props: SidepanelComponentProps): unknown;
