/**
 * The page's one local index client: the modal and the Sidepanel (the local assistant) search the
 * same index, so they share the client, and the index is fetched and parsed once per page.
 * Its own module so the two widget chunks import it from a chunk they share.
 */
import { createLocalSearchClient } from '@sitesearch/local/client';
import type { SearchClientLike } from '@sitesearch/islands/core';
import { sharedLocalSearchClient } from '@sitesearch/islands/ssg/browser';

/** The client for the index at `url`, created on first use; its index starts loading now (intent already happened). */
export function localSearchClient(url: string): SearchClientLike {
  return sharedLocalSearchClient(url, (indexUrl) => {
    const client = createLocalSearchClient({ url: indexUrl });
    void client.warm().catch(() => {});
    return client as unknown as SearchClientLike;
  });
}
