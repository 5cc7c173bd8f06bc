/**
 * The page's one local index client (sites without credentials): the modal and the Sidepanel's
 * local assistant search the same index, so they share it, and the index is fetched and parsed
 * once per page. Only sites on the local index import this module (through
 * `virtual:sitesearch/vitepress-local-client`): a hosted site's widget ships no local engine.
 */
import type { SearchClientLike } from '@sitesearch/islands/core';
import { sharedLocalSearchClient } from '@sitesearch/islands/ssg/browser';
import { createLocalSearchClient } from '@sitesearch/local/client';

/** The client for the index at `url`, created on first use; its index starts loading now (intent already happened). */
export function localSearchClient(url: string): SearchClientLike {
  return sharedLocalSearchClient(url, (indexUrl) => {
    const local = createLocalSearchClient({ url: indexUrl });
    void local.warm().catch(() => {});
    return local as unknown as SearchClientLike;
  });
}
