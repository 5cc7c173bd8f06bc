/**
 * The OpenSearch description, as `@docusaurus/theme-search-algolia` writes it: `opensearch.xml`
 * at the root of each built locale, pointing browsers at the search page
 * (`<url><baseUrl><searchPagePath>?q={searchTerms}`), and a `<link rel="search">` to it on every
 * page, so the site can be added as a search engine. Only with a search page (`searchPagePath`
 * not `false`), and not with the hash router (no server path can carry the query there).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadContext } from '@docusaurus/types';

export const OPENSEARCH_FILE = 'opensearch.xml';

export interface OpenSearchSite {
  /** `siteConfig.title`: the engine's name in the browser. */
  title: string;
  /** `siteConfig.url`: the site's origin (and path, if any). */
  url: string;
  /** The locale's `baseUrl`, with slashes at both ends. */
  baseUrl: string;
  /** `siteConfig.favicon`, relative to the site or absolute. */
  favicon?: string;
  /** `themeConfig.sitesearch.searchPagePath`. */
  searchPagePath: string | false | undefined;
  /** `siteConfig.future.experimental_router`. */
  router?: string;
}

/** What the description says of a site, from Docusaurus' context (per locale: its `baseUrl`). */
export function openSearchSite(context: Pick<LoadContext, 'siteConfig' | 'baseUrl'>, searchPagePath: string | false | undefined): OpenSearchSite {
  const { title, url, favicon, future } = context.siteConfig;
  return { title, url, baseUrl: context.baseUrl, favicon, searchPagePath, router: (future as { experimental_router?: string } | undefined)?.experimental_router };
}

/** Whether the site gets an OpenSearch description. */
export const hasOpenSearch = (site: Pick<OpenSearchSite, 'searchPagePath' | 'router'>): boolean => site.searchPagePath !== false && site.router !== 'hash';

/** Text for XML content and attribute values (the title is the user's). */
const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const withSlash = (base: string): string => (base.endsWith('/') ? base : `${base}/`);

/** The site's own URL: `https://example.com` + `/docs/` → `https://example.com/docs/`. */
const siteUrl = (site: Pick<OpenSearchSite, 'url' | 'baseUrl'>): string => `${site.url.replace(/\/+$/, '')}/${site.baseUrl.replace(/^\/+/, '')}`;

/** The search page's URL, for queries: `searchPagePath` with or without slashes names one page. */
export function searchPageUrl(site: Pick<OpenSearchSite, 'url' | 'baseUrl' | 'searchPagePath'>): string {
  return `${withSlash(siteUrl(site))}${String(site.searchPagePath ?? 'search').replace(/^\/+|\/+$/g, '')}`;
}

const FAVICON_TYPES: Record<string, string> = { svg: 'image/svg+xml', png: 'image/png', ico: 'image/x-icon', gif: 'image/gif', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' };

/** The OpenSearch description document (OpenSearch 1.1, with Firefox's search form). */
export function openSearchDescription(site: OpenSearchSite): string {
  const home = withSlash(siteUrl(site));
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">',
    `  <ShortName>${escapeXml(site.title)}</ShortName>`,
    `  <Description>Search ${escapeXml(site.title)}</Description>`,
    '  <InputEncoding>UTF-8</InputEncoding>',
  ];
  if (site.favicon) {
    const favicon = /^[a-z][a-z\d+.-]*:/i.test(site.favicon) ? site.favicon : `${home}${site.favicon.replace(/^\/+/, '')}`;
    const type = FAVICON_TYPES[/\.([a-z]+)(?:[?#].*)?$/i.exec(favicon)?.[1]?.toLowerCase() ?? ''] ?? 'image/x-icon';
    lines.push(`  <Image width="16" height="16" type="${type}">${escapeXml(favicon)}</Image>`);
  }
  lines.push(
    `  <Url type="text/html" method="get" template="${escapeXml(searchPageUrl(site))}?q={searchTerms}"/>`,
    `  <Url type="application/opensearchdescription+xml" rel="self" template="${escapeXml(home)}${OPENSEARCH_FILE}"/>`,
    `  <moz:SearchForm>${escapeXml(home)}</moz:SearchForm>`,
    '</OpenSearchDescription>',
    '',
  );
  return lines.join('\n');
}

/** Writes `opensearch.xml` into the built locale's folder. */
export async function writeOpenSearchFile(outDir: string, site: OpenSearchSite): Promise<void> {
  try {
    await writeFile(join(outDir, OPENSEARCH_FILE), openSearchDescription(site));
  } catch (error) {
    throw new Error(`sitesearch: could not write ${join(outDir, OPENSEARCH_FILE)}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** The `<link rel="search">` every page carries (Docusaurus escapes the attributes). */
export function openSearchHeadTag(site: Pick<OpenSearchSite, 'title' | 'baseUrl'>): { tagName: 'link'; attributes: Record<string, string> } {
  return {
    tagName: 'link',
    attributes: { rel: 'search', type: 'application/opensearchdescription+xml', title: site.title, href: `${withSlash(site.baseUrl)}${OPENSEARCH_FILE}` },
  };
}
