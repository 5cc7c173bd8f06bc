/**
 * Only `http(s):` and relative URLs from a hit become links: a record is untrusted data, and a
 * `javascript:` or `data:` URL in it would run code on click.
 */
export function toSafeUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const trimmed = url.trim();
  if (trimmed === '') return undefined;
  // Strip what browsers ignore before the scheme (controls, whitespace) before reading it.
  const normalized = trimmed.replace(/[\u0000-\u001F\u007F\s]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(normalized);
  if (!scheme) return trimmed;
  const name = scheme[1]!.toLowerCase();
  return name === 'http' || name === 'https' ? trimmed : undefined;
}
