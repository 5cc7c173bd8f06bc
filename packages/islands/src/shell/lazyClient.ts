import type { SearchClientLike } from '../core/options/types.js';

/** A search client that may be warmed (the local index client). */
type WarmableClient = SearchClientLike & { warm?: () => Promise<void> };

/**
 * A search client whose code is imported on first use: `search()` and `warm()` wait for the
 * import, then delegate. It lets a page name its search client up front (in `sitesearch()`)
 * without paying for the client's code until someone searches.
 */
export function createLazyClient(importClient: () => Promise<WarmableClient>): Required<Pick<WarmableClient, 'search' | 'warm'>> {
  let client: Promise<WarmableClient> | undefined;
  const get = () => {
    client ??= importClient().catch((error: unknown) => {
      // Let the next search try again rather than fail forever on one network hiccup.
      client = undefined;
      throw error;
    });
    return client;
  };
  return {
    search: (params, requestOptions) => get().then((loaded) => loaded.search(params, requestOptions)),
    warm: () => get().then((loaded) => loaded.warm?.()),
  };
}
