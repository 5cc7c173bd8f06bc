/**
 * Where the search page lives: used by the plugin (the route it adds) and by the theme (the
 * modal's "See all N results" link), so both agree. No Node-only imports: it ships to browsers.
 */

/** The search page's path under `baseUrl` (`'/docs/'` + `'search'` → `'/docs/search'`). */
export function searchPageRoute(baseUrl: string, searchPagePath: string): string {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  // Written with or without slashes in the config ('search', '/search', 'search/'): one route.
  const path = searchPagePath.replace(/^\/+|\/+$/g, '');
  return `${base}${path}`;
}

/**
 * The search page's URL for a query (`/search?q=env%20vars`), with other parameters after it
 * (`&version=1.x`); the bare page for an empty query and no parameters.
 */
export function searchPageUrl(baseUrl: string, searchPagePath: string, query: string, params: Record<string, string> = {}): string {
  return `${searchPageRoute(baseUrl, searchPagePath)}${withQuery(`?${new URLSearchParams(params).toString()}`, query)}`;
}

/** A query string with `q` set to `query` (first, where a reader looks for it) or removed when empty; the other parameters kept in order. */
export function withQuery(search: string, query: string): string {
  const rest = new URLSearchParams(search);
  rest.delete('q');
  const params = new URLSearchParams(query === '' ? [] : [['q', query]]);
  for (const [name, value] of rest) params.append(name, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
