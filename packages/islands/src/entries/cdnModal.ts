/**
 * The widget file of the CDN build (`sitesearch-modal.js`). The loader checked the option types at
 * the call; the rest of the resolver (`completeCdnOptions`) ships in this file too, since both are
 * always fetched together on first interaction: as one entry, esbuild does not split what they
 * share with the Sidepanel's file into further small chunks (each gzipped on its own: 3.5 KB more
 * over the page's first result). The loader imports both from here: a file of its own that only
 * re-exported the resolver cost a request and 0.1 KB gzip.
 */
export { createModalMount } from '../ui/mountSearchModal.js';
export { completeCdnOptions } from '../shell/cdnOptions.js';
