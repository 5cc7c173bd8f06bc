/**
 * Function options of the site's search (named by `clientOptionsModule` in astro.config.mjs).
 * Loaded with the widget on first interaction, never before. The default export applies to
 * every page; named exports are picked by a page's `<SiteSearch clientOptions="name" />`.
 */
import type { SiteSearchBaseOptions } from '@sitesearch/islands/core';

export default {
  getMissingResultsUrl: ({ query }) => `https://github.com/sitesearch/sitesearch/issues/new?title=${encodeURIComponent(`Search: ${query}`)}`,
} satisfies Partial<SiteSearchBaseOptions>;

/** The custom hitComponent demo: a card with the page, the section and a snippet. */
export const customHits = {
  hitComponent: ({ hit }, { html }) => {
    const section = [hit.hierarchy.lvl1, hit.hierarchy.lvl2, hit.hierarchy.lvl3].filter(Boolean).join(' › ');
    const text = hit.content ? hit.content.slice(0, 120) : null;
    return html`<a href=${hit.url} class="demo-hit">
      <span class="demo-hit-badge">${hit.hierarchy.lvl0}</span>
      <span class="demo-hit-title">${section}</span>
      ${text ? html`<span class="demo-hit-text">${text}</span>` : null}
    </a>`;
  },
} satisfies Partial<SiteSearchBaseOptions>;
