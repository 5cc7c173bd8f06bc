/**
 * Sitemaps (sitemaps.org): a `<urlset>` of pages or a `<sitemapindex>` of further sitemaps,
 * plain or gzipped. Only `<loc>` matters to the crawler, so a few regular expressions read it
 * rather than an XML parser dependency: the format has no nesting beyond `<url><loc>`.
 */
import { gunzipSync } from 'node:zlib';
import { decodeXML } from 'entities/decode';

export interface Sitemap {
  kind: 'index' | 'urlset';
  /** Absolute URLs, in document order: pages for a urlset, sitemaps for an index. */
  urls: string[];
}

/** Parses a sitemap's bytes; `null` when it is neither a urlset nor a sitemap index. */
export function parseSitemap(bytes: Uint8Array, base: URL): Sitemap | null {
  // Gzipped sitemaps (`sitemap.xml.gz`) are served with or without Content-Encoding.
  const data = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
  const text = new TextDecoder('utf-8').decode(data);
  const root = /<(?:[\w-]+:)?(sitemapindex|urlset)[\s>]/i.exec(text);
  if (!root) return null;
  const urls: string[] = [];
  for (const match of text.matchAll(/<(?:[\w-]+:)?loc\s*>([\s\S]*?)<\/(?:[\w-]+:)?loc\s*>/gi)) {
    const raw = match[1]!.replace(/^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/, '$1').trim();
    try {
      urls.push(new URL(decodeXML(raw), base).href);
    } catch {
      // A malformed <loc> is skipped; the rest of the sitemap still counts.
    }
  }
  return { kind: root[1]!.toLowerCase() === 'sitemapindex' ? 'index' : 'urlset', urls };
}
