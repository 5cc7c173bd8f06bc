import type { SearchClientLike } from '../core/options/types.js';

/** Origin of the hosted provider's search API for an application (preconnected on intent). */
export const providerOrigin = (appId: string): string => `https://${appId.toLowerCase()}-dsn.algolia.net`;

/**
 * What the loader does on intent for a search backend: preconnect to the provider when no
 * client is given; otherwise let the client warm itself (the local index client has `warm()`).
 */
export function intentHints(options: { appId?: string; searchClient?: SearchClientLike }): { preconnect: string[]; warm?: () => unknown } {
  const client = options.searchClient;
  if (!client) return { preconnect: options.appId ? [providerOrigin(options.appId)] : [] };
  const warm = client.warm;
  return { preconnect: [], warm: typeof warm === 'function' ? () => (warm as () => unknown).call(client) : undefined };
}
