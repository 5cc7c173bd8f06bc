/**
 * The CDN script: a classic script that defines `window.sitesearch`. The widget lives in the
 * sibling file `sitesearch-modal.js`, imported from the same folder on first interaction.
 * `sitesearch.localIndex(url)` gives a search client for an index written by `sitesearch index`
 * (its code, `sitesearch-local.js`, also loads on first use).
 */
import { createSiteSearchFunction, type ModalModule } from './createSiteSearch.js';
import { createLazyClient } from '../shell/lazyClient.js';
import type { SearchClientLike } from '../core/options/types.js';

const script = document.currentScript as HTMLScriptElement | null;
const base = script?.src || document.baseURI;
const sibling = (file: string) => new URL(`./${file}`, base).href;

type LocalModule = { createLocalSearchClient(options: { url: string }): SearchClientLike & { warm(): Promise<void> } };

const sitesearch = Object.assign(
  createSiteSearchFunction(() => import(/* @vite-ignore */ sibling('sitesearch-modal.js')) as Promise<ModalModule>),
  {
    /** A client for the local index at `url` (the folder `sitesearch index` wrote), relative to the page. */
    localIndex(url: string) {
      if (typeof url !== 'string' || url === '') throw new Error('sitesearch.localIndex: pass the URL of the index folder, e.g. sitesearch.localIndex("/sitesearch/").');
      const indexUrl = new URL(url, document.baseURI).href;
      return createLazyClient(() =>
        (import(/* @vite-ignore */ sibling('sitesearch-local.js')) as Promise<LocalModule>).then((module) => module.createLocalSearchClient({ url: indexUrl })),
      );
    },
  },
);

(window as unknown as { sitesearch: typeof sitesearch }).sitesearch = sitesearch;
