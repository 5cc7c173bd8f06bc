/** The widget chunk of the JavaScript and CDN entries (loaded on first interaction). */
export { createModalMount } from '../ui/mountSearchModal.js';
// Integrations resolve their options in the same chunk as the modal, so the core ships once.
export { resolveSiteSearchOptions } from '../core/options/siteSearchOptions.js';
