/** The widget chunk of the JavaScript and CDN entries (loaded on first interaction). */
export { createModalMount } from '../ui/mountSearchModal.js';
