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

/** The search page's URL for a query (`/search?q=env%20vars`); the bare page for an empty query. */
export function searchPageUrl(baseUrl: string, searchPagePath: string, query: string): string {
  const route = searchPageRoute(baseUrl, searchPagePath);
  return query === '' ? route : `${route}?${new URLSearchParams({ q: query }).toString()}`;
}
