/**
 * `@sitesearch/islands/shell`: what SSG integrations put on every page — the triggers' server
 * markup, the islands that load the widgets and the page coordinator. Nothing heavy may be
 * imported here.
 */
export { renderSearchButton, type RenderSearchButtonOptions } from '../shell/renderSearchButton.js';
export { searchButtonHtml, BUTTON_ATTRIBUTE, type SearchButtonContent } from '../shell/buttonMarkup.js';
export { createLoader, type Loader, type LoaderOptions, type MountContext, type MountWidget } from '../shell/loader.js';
export { sidepanelButtonHtml, SIDEPANEL_BUTTON_ATTRIBUTE, type SidepanelButtonContent } from '../shell/sidepanelButtonMarkup.js';
export { createSidepanelLoader, type SidepanelLoader, type SidepanelLoaderOptions } from '../shell/sidepanelLoader.js';
export { getPageCoordinator, type PageCoordinator } from '../shell/coordinator.js';
export { earlyScriptAttributes } from '../shell/earlyShortcuts.js';
export { providerOrigin } from '../shell/preconnect.js';
export { createLazyClient } from '../shell/lazyClient.js';
export type { MountSidepanel, MountedSidepanel, SidepanelMountContext } from '../ui/sidepanel/contract.js';
