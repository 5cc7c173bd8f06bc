/**
 * How a hit reads on the search page, and where its link goes. Highlights are parsed by the
 * core into text segments (the page wraps matches in `<mark>` itself), so nothing from a hit is
 * ever read as HTML; only `http(s):` and relative URLs become links.
 */
import { getHitSegments, HIERARCHY_LEVELS, toSafeUrl, type DocHit, type TextSegment } from '@sitesearch/islands/core';

export interface SearchPageHit {
  /** Stable React key. */
  id: string;
  /** Where the result opens, and whether through the Docusaurus router (a page of this site) or a full load. */
  link: ResultLink;
  /** The deepest heading of the hit (its page title for a page). */
  title: TextSegment[];
  /** The headings above it, shallowest first. */
  breadcrumb: TextSegment[][];
  /** For a content block: the matching words in their sentence. */
  snippet: TextSegment[];
}

export interface ResultLink {
  href: string;
  /** A page of this site: opened by the router, no reload. */
  internal: boolean;
}

export interface LinkContext {
  /** The site's `url` from docusaurus.config (its origin is "this site" for the hosted provider's absolute URLs). */
  siteUrl: string;
  /** The origin the page is served from (a preview or a local server is this site too). */
  pageOrigin?: string;
  /** Result URLs matching it open with a full page load. */
  externalUrlRegex?: string;
  /** Rewrites the pathname of this site's result URLs (theme-search-algolia's option: `from` is text, not a pattern). */
  replaceSearchResultPathname?: { from: unknown; to: unknown };
}

const text = (segments: TextSegment[]) => segments.map((segment) => segment.value).join('');

/**
 * A hit's title, breadcrumb and snippet. Title and breadcrumb come from the hierarchy (a
 * heading's own level is its title; the levels above are its path), the snippet from the
 * content; a hit that has neither shows its URL rather than nothing.
 */
export function describeHit(hit: DocHit, link: ResultLink): SearchPageHit {
  // A heading record's title is its own level; a content record sits under its deepest heading.
  const ownLevel = HIERARCHY_LEVELS.indexOf(hit.type as (typeof HIERARCHY_LEVELS)[number]);
  const path = HIERARCHY_LEVELS.slice(0, ownLevel >= 0 ? ownLevel + 1 : undefined)
    .map((level) => getHitSegments(hit, `hierarchy.${level}`, 'highlight'))
    .filter((segments) => text(segments).trim() !== '');
  const title = path.pop() ?? [{ value: hit.url, isHighlighted: false }];
  // Sites often repeat the section as the page title (lvl0 = lvl1): each heading is said once.
  const breadcrumb = path.filter((segments, position) => text(segments) !== text(title) && (position === 0 || text(segments) !== text(path[position - 1]!)));
  const snippet = hit.type === 'content' ? getHitSegments(hit, 'content', 'snippet') : [];
  return { id: hit.objectID, link, title, breadcrumb, snippet };
}

/**
 * Where a result opens. This site's pages (relative URLs, or absolute ones on the site's or the
 * page's origin) go through the router as paths, with `replaceSearchResultPathname` applied;
 * others, and URLs matching `externalUrlRegex`, load in full. Undefined for a URL that must not
 * become a link (`javascript:`, `data:`…).
 */
export function resultLink(url: string, context: LinkContext): ResultLink | undefined {
  const safe = toSafeUrl(url);
  if (safe === undefined) return undefined;
  if (context.externalUrlRegex && new RegExp(context.externalUrlRegex).test(safe)) return { href: safe, internal: false };
  let parsed: URL;
  let site: URL;
  try {
    site = new URL(context.siteUrl);
    parsed = new URL(safe, site);
  } catch {
    return undefined;
  }
  const ours = parsed.origin === site.origin || parsed.origin === context.pageOrigin;
  if (!ours) return { href: parsed.href, internal: false };
  const { from, to } = context.replaceSearchResultPathname ?? {};
  const pathname = typeof from === 'string' && from !== '' && typeof to === 'string' ? parsed.pathname.replace(from, to) : parsed.pathname;
  return { href: `${pathname}${parsed.search}${parsed.hash}`, internal: true };
}

/** Docusaurus' order of plural forms in translated messages (`One result|{count} results`): small values first. */
const PLURAL_ORDER: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * Picks the form of a `|`-separated plural message for `count`, as Docusaurus' `usePluralForm`
 * does (theme-common is not a dependency of this theme): forms in the order of
 * `PLURAL_ORDER` that the locale uses; the last form when the message has fewer.
 */
export function selectPlural(message: string, count: number, locale: string): string {
  const forms = message.split('|');
  if (forms.length === 1) return forms[0]!;
  let rules: Intl.PluralRules;
  try {
    rules = new Intl.PluralRules(locale);
  } catch {
    rules = new Intl.PluralRules('en');
  }
  const categories = rules.resolvedOptions().pluralCategories;
  const index = PLURAL_ORDER.filter((form) => categories.includes(form)).indexOf(rules.select(count));
  return forms[Math.min(Math.max(index, 0), forms.length - 1)]!;
}
