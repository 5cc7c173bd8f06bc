/**
 * Runs for every Starlight page (added by the plugin's `config:setup`): writes the page's
 * language into a meta tag the indexer turns into the records' `language` attribute (what a
 * multilingual site's searches filter on), and keeps out of the index what Starlight keeps out
 * of Pagefind: pages with `pagefind: false` in their frontmatter and the 404 page. A meta tag,
 * because with Pagefind off nothing else in the HTML says so.
 */

/**
 * What this middleware reads and writes of Starlight's route data (`StarlightRouteData`),
 * written out rather than imported: Starlight's types are TypeScript sources that only check
 * inside an Astro project.
 */
interface RouteContext {
  locals: {
    starlightRoute: {
      lang: string;
      entry: { slug: string; data: { pagefind?: boolean } };
      head: Array<{ tag: 'meta'; attrs: Record<string, string>; content: string }>;
    };
  };
}

/** Whether Starlight would leave the page out of Pagefind's index (its Page.astro's rule). */
export const hiddenFromSearch = (entry: { slug: string; data: { pagefind?: boolean } }): boolean =>
  entry.slug === '404' || entry.slug.endsWith('/404') || entry.data.pagefind === false;

export const onRequest = (context: RouteContext): void => {
  const { entry, head, lang } = context.locals.starlightRoute;
  head.push({ tag: 'meta', attrs: { name: 'sitesearch:language', content: lang }, content: '' });
  if (hiddenFromSearch(entry)) head.push({ tag: 'meta', attrs: { name: 'sitesearch:robots', content: 'noindex' }, content: '' });
};
