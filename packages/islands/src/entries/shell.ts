/**
 * `@sitesearch/islands/shell`: what SSG integrations put on every page — the button's server
 * markup and the loader. Nothing heavy may be imported here.
 */
export { renderSearchButton, type RenderSearchButtonOptions } from '../shell/renderSearchButton.js';
export { searchButtonHtml, BUTTON_ATTRIBUTE, type SearchButtonContent } from '../shell/buttonMarkup.js';
export { createLoader, type Loader, type LoaderOptions, type MountContext, type MountWidget } from '../shell/loader.js';
export { providerOrigin } from '../shell/preconnect.js';
