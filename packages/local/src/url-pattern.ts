/**
 * A URL pattern, as `--include`, `--exclude` and `--page-rank` take it: `*` stands for any
 * characters; a pattern with `://` is matched against the whole URL, any other against the path
 * and query (`/blog/*`, `*?month=*`). Both ends anchored.
 */
export function compilePattern(pattern: string, flag: string): (url: URL) => boolean {
  if (typeof pattern !== 'string' || pattern.trim() === '') throw new TypeError(`${flag} needs a URL pattern such as "/blog/*", got "${String(pattern)}"`);
  const whole = pattern.includes('://');
  const regex = new RegExp(`^${pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return (url) => regex.test(whole ? url.href : url.pathname + url.search);
}
