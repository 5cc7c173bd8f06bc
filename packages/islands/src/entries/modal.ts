/** The widget chunk of the JavaScript and CDN entries (loaded on first interaction). */
export { createModalMount } from '../ui/mountSearchModal.js';
// Integrations resolve their options in the same chunk as the modal, so the core ships once; the
// chat's rules and texts only when the page has an assistant (keywordOnlyOptions.ts).
export { resolveModalOptions } from '../core/options/keywordOnlyOptions.js';
