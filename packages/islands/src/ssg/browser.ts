/**
 * `@sitesearch/islands/ssg/browser`: the browser half of a static-site plugin's config. Without
 * credentials the modal searches the local index and the Sidepanel's local assistant searches
 * it too: both get one client per page, so the index is fetched and parsed once. The client is
 * made by the plugin (from `@sitesearch/local/client`), which this package does not depend on.
 */
import type { SearchClientLike } from '../core/options/types.js';

let shared: { url: string; client: SearchClientLike } | undefined;

/** The page's one local index client for `url`, made by `create` on first use. */
export function sharedLocalSearchClient(url: string, create: (url: string) => SearchClientLike): SearchClientLike {
  if (shared?.url !== url) shared = { url, client: create(url) };
  return shared.client;
}

/**
 * The modal's options with the local index client, when the site uses the local index
 * (`localIndexUrl` set) and these options name neither a client nor credentials of their own.
 */
export function withLocalSearchClient<T extends object>(options: T, localIndexUrl: string | null | undefined, client: (url: string) => SearchClientLike): T & { searchClient?: SearchClientLike } {
  const { appId, searchClient } = options as { appId?: unknown; searchClient?: unknown };
  if (!localIndexUrl || searchClient || appId !== undefined) return options;
  return { ...options, searchClient: client(localIndexUrl) };
}

/**
 * The Sidepanel's options with the local index client, for the local assistant: when the site
 * uses the local index and the panel names no host (`appId`, `apiKey`, `baseUrl`) nor a client.
 */
export function withLocalAssistantClient<T extends object>(
  options: T,
  localIndexUrl: string | null | undefined,
  client: (url: string) => SearchClientLike,
): T & { searchClient?: SearchClientLike } {
  const { appId, apiKey, baseUrl, searchClient } = options as { appId?: unknown; apiKey?: unknown; baseUrl?: unknown; searchClient?: unknown };
  if (!localIndexUrl || searchClient || appId !== undefined || apiKey !== undefined || baseUrl !== undefined) return options;
  return { ...options, searchClient: client(localIndexUrl) };
}
