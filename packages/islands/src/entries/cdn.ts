/**
 * The CDN script: a classic script that defines `window.sitesearch`. The widget lives in the
 * sibling file `sitesearch-modal.js`, imported from the same folder on first interaction.
 */
import { createSiteSearchFunction, type ModalModule } from './createSiteSearch.js';

const script = document.currentScript as HTMLScriptElement | null;
const base = script?.src || document.baseURI;
const modalUrl = new URL('./sitesearch-modal.js', base).href;

(window as unknown as { sitesearch: unknown }).sitesearch = createSiteSearchFunction(
  () => import(/* @vite-ignore */ modalUrl) as Promise<ModalModule>,
);
