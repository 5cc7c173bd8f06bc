/**
 * The widget file of the CDN build (`sitesearch-modal.js`). Options arrive already checked by
 * `sitesearch.js`, so unlike `./modal` this file carries no option resolver.
 */
export { createModalMount } from '../ui/mountSearchModal.js';
