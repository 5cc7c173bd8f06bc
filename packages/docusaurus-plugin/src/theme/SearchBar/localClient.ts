/**
 * The page's one local index client (sites without credentials): the button's loader warms it on
 * intent, and the modal, the Sidepanel's local assistant and the search page search with it. Its
 * code (the local engine) is imported then, not with every page.
 */
import type { SearchClientLike } from '@sitesearch/islands/core';
import { createLazyClient } from '@sitesearch/islands/shell';
import { sharedLocalSearchClient } from '@sitesearch/islands/ssg/browser';

/** Never called: stands in for the local client during server rendering (nothing searches there). */
const SERVER_CLIENT: SearchClientLike = { search: async () => ({ results: [] }) } as unknown as SearchClientLike;

/** The client of the local index at `url` (the server's stand-in when rendering on the server). */
export const localSearchClient = (url: string): SearchClientLike =>
  typeof window === 'undefined'
    ? SERVER_CLIENT
    : sharedLocalSearchClient(url, (indexUrl) =>
        createLazyClient(() => import('@sitesearch/local/client').then(({ createLocalSearchClient }) => createLocalSearchClient({ url: indexUrl }))) as unknown as SearchClientLike,
      );
