/** What the crawler reads from a page besides its records: charset, links, canonical URL, robots directives. */
import { parseHtml, type HtmlDocument } from '../indexer/parse-html.js';

/** The charset label of a `Content-Type` header (`text/html; charset=Shift_JIS` → `shift_jis`). */
export function headerCharset(contentType: string | null): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match ? match[1]!.toLowerCase() : undefined;
}

/**
 * The charset declared by a `<meta>` in the first 1024 bytes (the HTML standard's prescan, in
 * short): `<meta charset=…>` or `<meta http-equiv="Content-Type" content="…; charset=…">`.
 * The bytes are read as Latin-1, which maps each byte to one character, so ASCII markup is found
 * whatever the real encoding.
 */
export function metaCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  for (const tag of head.matchAll(/<meta\b[^>]*>/gi)) {
    const charset = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(tag[0]);
    if (charset) return charset[1]!.toLowerCase();
  }
  return undefined;
}

/**
 * Decodes a page: a byte order mark wins, then the header's charset, then the page's `<meta>`,
 * then UTF-8. A label TextDecoder does not know falls back to UTF-8, with the reason returned.
 */
export function decodePage(bytes: Uint8Array, contentType: string | null): { html: string; charset: string; warning?: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { html: new TextDecoder('utf-8').decode(bytes), charset: 'utf-8' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { html: new TextDecoder('utf-16be').decode(bytes), charset: 'utf-16be' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { html: new TextDecoder('utf-16le').decode(bytes), charset: 'utf-16le' };
  const label = headerCharset(contentType) ?? metaCharset(bytes);
  if (label) {
    try {
      const decoder = new TextDecoder(label);
      return { html: decoder.decode(bytes), charset: decoder.encoding };
    } catch {
      return { html: new TextDecoder('utf-8').decode(bytes), charset: 'utf-8', warning: `unknown charset "${label}", read as UTF-8` };
    }
  }
  return { html: new TextDecoder('utf-8').decode(bytes), charset: 'utf-8' };
}

export interface RobotsDirectives {
  noindex: boolean;
  nofollow: boolean;
}

/**
 * `noindex` / `nofollow` (or `none`) in an `X-Robots-Tag` header, for every crawler or for ours
 * (`SiteSearchBot: noindex`); a line naming another crawler does not apply.
 */
export function headerDirectives(values: string | null, agent: string): RobotsDirectives {
  const result = { noindex: false, nofollow: false };
  for (const value of (values ?? '').split(/\n/)) {
    const named = /^\s*([\w-]+)\s*:\s*(.*)$/.exec(value);
    // "unavailable_after: <date>" has a colon too: only a leading word that is not a directive names a crawler.
    let directives = value;
    if (named && !/^(noindex|nofollow|none|all|noarchive|nosnippet|unavailable_after|max-[\w-]+|noimageindex|notranslate|indexifembedded)$/i.test(named[1]!)) {
      if (named[1]!.toLowerCase() !== agent.toLowerCase()) continue;
      directives = named[2]!;
    }
    applyDirectives(directives, result);
  }
  return result;
}

function applyDirectives(text: string, result: RobotsDirectives): void {
  for (const word of text.toLowerCase().split(/[\s,]+/)) {
    if (word === 'noindex' || word === 'none') result.noindex = true;
    if (word === 'nofollow' || word === 'none') result.nofollow = true;
  }
}

export interface PageLinks {
  /** Absolute URLs of the links to follow (no fragment), in document order, without `rel=nofollow` ones. */
  links: string[];
  /** `<link rel=canonical>`, absolute, without fragment. */
  canonical?: string;
  /** `<meta name=robots>` (or one naming this crawler). */
  robots: RobotsDirectives;
  /** Where a `<meta http-equiv="refresh" content="…; url=…">` sends the visitor, absolute, when not to the page itself. */
  refresh?: string;
}

/** Reads the links, canonical URL and meta robots of a page served at `pageUrl`. */
export function readPageLinks(html: string | HtmlDocument, pageUrl: string, agent: string): PageLinks {
  const document = typeof html === 'string' ? parseHtml(html) : html;
  let base = pageUrl;
  const baseElement = document.elements.find((element) => element.name === 'base' && element.attribs.href);
  if (baseElement) base = absolute(baseElement.attribs.href!, pageUrl) ?? pageUrl;
  const robots = { noindex: false, nofollow: false };
  const links: string[] = [];
  let canonical: string | undefined;
  let refresh: string | undefined;
  const token = agent.toLowerCase();
  for (const element of document.elements) {
    const attribs = element.attribs;
    if (element.name === 'meta') {
      const name = (attribs.name ?? '').toLowerCase();
      if (name === 'robots' || name === token) applyDirectives(attribs.content ?? '', robots);
      if (refresh === undefined && (attribs['http-equiv'] ?? '').toLowerCase() === 'refresh') refresh = refreshTarget(attribs.content ?? '', base);
    } else if (element.name === 'link' && canonical === undefined && attribs.href && relOf(attribs.rel).includes('canonical')) {
      canonical = absolute(attribs.href, base);
    } else if ((element.name === 'a' || element.name === 'area') && attribs.href !== undefined) {
      if (relOf(attribs.rel).includes('nofollow')) continue;
      const url = absolute(attribs.href, base);
      if (url) links.push(url);
    }
  }
  return { links: robots.nofollow ? [] : links, ...(canonical ? { canonical } : {}), robots, ...(refresh && refresh !== absolute(pageUrl, pageUrl) ? { refresh } : {}) };
}

/**
 * The URL of a refresh's content, as the HTML standard parses it: a delay, then `;` or `,`, then
 * `url=` (optional) and the URL, quoted or not. A delay alone reloads the page: no target.
 */
function refreshTarget(content: string, base: string): string | undefined {
  const match = /^\s*\d[\d.]*(?:\s*[;,]\s*|\s+)(?:url\s*=\s*)?(?:(["'])(.*?)\1|(.+?))\s*$/i.exec(content);
  const href = match?.[2] ?? match?.[3];
  return href ? absolute(href, base) : undefined;
}

function relOf(rel: string | undefined): string[] {
  return (rel ?? '').toLowerCase().split(/\s+/);
}

/** An http(s) URL without its fragment, or undefined for anything else (mailto:, javascript:, broken). */
export function absolute(href: string, base: string): string | undefined {
  try {
    const url = new URL(href.trim(), base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}
