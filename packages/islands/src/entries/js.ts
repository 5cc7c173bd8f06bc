/**
 * `@sitesearch/islands`: the JavaScript entry. `sitesearch(options)` mounts the search button in
 * `container` right away, `sidepanel(options)` the Sidepanel's trigger; the modal and the panel
 * (Preact) are separate chunks imported on first interaction. Both go through the page
 * coordinator, so their shortcuts never clash and hybrid mode needs no code.
 */
import { createSidepanelFunction } from './createSidepanel.js';
import { createSiteSearchFunction } from './createSiteSearch.js';

export const sitesearch = createSiteSearchFunction(() => import('./modal.js'));
export const sidepanel = createSidepanelFunction(() => import('./sidepanel.js'));
export default sitesearch;

export type { SiteSearchInstance } from './createSiteSearch.js';
export type { SidepanelInstance } from './createSidepanel.js';
export type * from '../core/options/types.js';
export type { SiteSearchTranslations, DeepPartial } from '../core/translations.js';
export type { DocHit, DocRecord } from '../core/records.js';
export type { AskAiSurface, SiteSearchEventDetails, SiteSearchEventMap } from '../core/analytics/events.js';
