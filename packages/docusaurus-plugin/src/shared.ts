/**
 * What the config-time checks (options.ts, Node) and the theme components (browser) both need:
 * how the theme's config becomes the modal's and the Sidepanel's options. What every static-site
 * plugin shares (the local-or-hosted choice, the local default index, the Sidepanel completed
 * from `askAi`) comes from `@sitesearch/islands/ssg`, as the Astro integration's does; the names
 * stay exported from here for the theme components. No Node-only imports.
 */
import type { DocHit, Navigator, ResolvedSiteSearchOptions } from '@sitesearch/islands/core';
import { completeSidepanelOptions, usesLocalIndex, withDefaultLocalIndex, type SerializableSidepanelOptions } from '@sitesearch/islands/ssg';
import { resultLink, type LinkContext } from './theme/SearchPage/display.js';
import type { SiteSearchThemeConfig } from './types.js';

export { DEFAULT_LOCAL_INDEX, DEFAULT_LOCAL_ASSISTANT, usesLocalIndex } from '@sitesearch/islands/ssg';
/** The page's one local index client and the modal's/Sidepanel's options with it (the Astro integration's browser helpers). */
export { sharedLocalSearchClient, withLocalSearchClient, withLocalAssistantClient } from '@sitesearch/islands/ssg/browser';

/**
 * The widget's options: what the user wrote less the theme's own, plus the local default index.
 * Given the site's `url` (siteConfig.url), results link to this site's pages as the search page
 * links them (`siteResultUrls`).
 */
export function widgetOptions(config: SiteSearchThemeConfig, siteUrl?: string): Record<string, unknown> {
  const { contextualSearch, searchPagePath, externalUrlRegex, replaceSearchResultPathname, localIndex, sidepanel, ...widget } = config;
  void contextualSearch, searchPagePath, localIndex, sidepanel;
  const options = withDefaultLocalIndex(widget as Record<string, unknown>);
  if (siteUrl !== undefined) options.transformItems = siteResultUrls({ siteUrl, externalUrlRegex, replaceSearchResultPathname });
  return options;
}

/** A swizzled SearchBar's `transformItems` runs on the items the theme's has rewritten, not instead of it. */
export function chainTransformItems(
  theme: ((items: DocHit[]) => DocHit[]) | undefined,
  own: ((items: DocHit[]) => DocHit[]) | undefined,
): ((items: DocHit[]) => DocHit[]) | undefined {
  return theme && own ? (items) => own(theme(items)) : (own ?? theme);
}

/**
 * The modal's result URLs made paths of the host serving the page, as the search page's are and
 * as theme-search-algolia makes them: a hosted index holds absolute URLs on the site's `url`
 * (what the crawler saw), which would send a reader of a preview deploy or of a local server to
 * production. Those become paths, with `replaceSearchResultPathname` applied; other origins and
 * URLs matching `externalUrlRegex` stay as they are (the navigator loads them in full). `then` is
 * the site's own `transformItems` (a swizzled SearchBar's), run on the rewritten items.
 */
export function siteResultUrls(context: Omit<LinkContext, 'pageOrigin'>, then?: (items: DocHit[]) => DocHit[]): (items: DocHit[]) => DocHit[] {
  return (items) => {
    const pageOrigin = typeof window === 'undefined' ? undefined : window.location.origin;
    const mapped = items.map((item) => {
      const link = typeof item.url === 'string' ? resultLink(item.url, { ...context, pageOrigin }) : undefined;
      return link?.internal && link.href !== item.url ? { ...item, url: link.href } : item;
    });
    return then ? then(mapped) : mapped;
  };
}

/**
 * The Sidepanel's options, completed from the modal's as the Astro integration completes them:
 * its assistant and credentials come from `askAi` when it names none (the local assistant over
 * the local index without credentials), so both surfaces share one conversation; its
 * translations add to the top-level ones.
 */
export function sidepanelOptions(config: SiteSearchThemeConfig, resolved: Pick<ResolvedSiteSearchOptions, 'askAi' | 'appId' | 'apiKey' | 'indices'>): Record<string, unknown> | undefined {
  const written = config.sidepanel;
  if (written === undefined || written === false) return undefined;
  return completeSidepanelOptions(written as true | SerializableSidepanelOptions, {
    options: { translations: config.translations },
    resolved,
    local: usesLocalIndex(resolved),
  }) as Record<string, unknown>;
}

/**
 * Opens results the Docusaurus way: pages of this site through the router (`history.push`, no
 * reload); other origins, and URLs matching `externalUrlRegex`, with a full page load. The
 * location is read at navigation time (the server renders without one).
 */
export function createRouterNavigator(history: { push(path: string): void }, getLocation: () => Pick<Location, 'href' | 'origin' | 'assign'>, externalUrlRegex: string | undefined): Navigator {
  const external = externalUrlRegex ? new RegExp(externalUrlRegex) : undefined;
  return {
    navigate({ itemUrl }) {
      const location = getLocation();
      const url = new URL(itemUrl, location.href);
      if (url.origin !== location.origin || external?.test(itemUrl)) location.assign(url.href);
      else history.push(`${url.pathname}${url.search}${url.hash}`);
    },
  };
}
