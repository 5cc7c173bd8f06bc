/**
 * `@sitesearch/islands`: the JavaScript entry. `sitesearch(options)` mounts the search button in
 * `container` right away; the modal (Preact) is a separate chunk imported on first interaction.
 */
import { createSiteSearchFunction } from './createSiteSearch.js';

export const sitesearch = createSiteSearchFunction(() => import('./modal.js'));
export default sitesearch;

export type { SiteSearchInstance } from './createSiteSearch.js';
export type * from '../core/options/types.js';
export type { SiteSearchTranslations, DeepPartial } from '../core/translations.js';
export type { DocHit, DocRecord } from '../core/records.js';
