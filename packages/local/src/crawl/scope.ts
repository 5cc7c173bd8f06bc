/** Which URLs a crawl may visit: the start URLs' origins and folders, `--include` / `--exclude`, no assets. */
import { compilePattern } from '../url-pattern.js';

export interface Scope {
  /** Inside a start URL's origin and folder. */
  contains(url: URL): boolean;
  /** Passes `--include` and `--exclude`. */
  wanted(url: URL): boolean;
  /** Adds a root: where a start URL redirects to (`example.com` → `www.example.com`) is crawled as the start URL would be. */
  addRoot(url: URL): void;
}

/** Extensions of files that are never pages: not requested at all, rather than requested to be skipped. */
const ASSET = /\.(?:png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|pdf|zip|gz|tgz|bz2|xz|7z|rar|tar|mp[34]|m4a|webm|ogg|wav|mov|avi|woff2?|ttf|otf|eot|css|js|mjs|map|json|wasm|txt|xml|rss|atom|csv|exe|dmg|apk|iso)$/i;

export function isAsset(url: URL): boolean {
  return ASSET.test(url.pathname);
}

export function createScope(startUrls: readonly URL[], include: readonly string[] = [], exclude: readonly string[] = [], excludeRegexps: readonly RegExp[] = []): Scope {
  // A start URL's folder: /docs/ for /docs/ and for /docs/intro.html.
  const roots = startUrls.map((url) => ({ origin: url.origin, folder: url.pathname.replace(/[^/]*$/, '') }));
  const includes = include.map((pattern) => compilePattern(pattern, '--include'));
  const excludes = exclude.map((pattern) => compilePattern(pattern, '--exclude'));
  return {
    contains: (url) => roots.some((root) => root.origin === url.origin && url.pathname.startsWith(root.folder)),
    addRoot: (url) => void roots.push({ origin: url.origin, folder: url.pathname.replace(/[^/]*$/, '') }),
    wanted: (url) => (includes.length === 0 || includes.some((test) => test(url))) && !excludes.some((test) => test(url)) && !excludeRegexps.some((regex) => regex.test(url.href)),
  };
}
