/** Attributes `<SiteSearch />` writes and the loader reads (kept apart so the loader stays tiny). */
export const PAGE_ATTRIBUTE = 'data-sitesearch-astro';
export const OPTIONS_ATTRIBUTE = 'data-sitesearch-options';
export const CLIENT_OPTIONS_ATTRIBUTE = 'data-sitesearch-client-options';
/** `<Sidepanel />`'s wrapper, and the page's complete Sidepanel options when it has options of its own. */
export const SIDEPANEL_PAGE_ATTRIBUTE = 'data-sitesearch-sidepanel-astro';
export const SIDEPANEL_OPTIONS_ATTRIBUTE = 'data-sitesearch-sidepanel-options';
