/**
 * Page-level scoring of the benches: URLs of hits (ours, Pagefind's, an answer's citations) are
 * reduced to page paths, so that engines that return sections, pages or links are compared alike.
 * Pure functions, unit-tested in scoring.test.ts.
 */

/** `http://host/guide/build.html#x` or `/guide/build#x` → `{ page: '/guide/build', anchor: 'x' }`; `/guide/index.html` → `/guide`. */
export function parseUrl(url: string): { page: string; anchor: string | null } {
  const [withQuery = '', anchor] = url.replace(/^https?:\/\/[^/]+/, '').split('#');
  const path = withQuery.split('?')[0]!;
  const page = path.replace(/\.html$/, '').replace(/\/index$/, '/');
  // One spelling per page: `/guide/` and `/guide` are the same page (a folder's index).
  return { page: page.length > 1 ? page.replace(/\/$/, '') : '/', anchor: anchor ?? null };
}

/** The page a URL points into, as `parseUrl` spells it. */
export function pagePath(url: string): string {
  return parseUrl(url).page;
}

/** The first `limit` distinct pages of a ranked list of URLs, each at its first occurrence. */
export function topPages(urls: string[], limit = 5): string[] {
  const pages: string[] = [];
  for (const url of urls) {
    const page = pagePath(url);
    if (!pages.includes(page)) pages.push(page);
    if (pages.length === limit) break;
  }
  return pages;
}

/** 1-based rank of the first page of `ranked` that is one of `expected`, or null when none is. */
export function rankOf(ranked: string[], expected: string[]): number | null {
  const wanted = new Set(expected.map(pagePath));
  const index = ranked.findIndex((page) => wanted.has(pagePath(page)));
  return index < 0 ? null : index + 1;
}

/** What one engine returned for one question. */
export interface ScoredResult {
  /** Rank (1–5) of the first expected page among the top 5 pages, null when it is not there. */
  rank: number | null;
  /** Whether the engine returned anything at all. */
  answered: boolean;
}

export interface Summary {
  n: number;
  /** Mean of 1/rank over the top 5 (0 when the page is not there). */
  mrr5: number;
  /** Share of questions whose expected page is first. */
  success1: number;
  /** Share of questions whose expected page is in the top 5. */
  top5: number;
  /** Share of questions with any hit at all. */
  answered: number;
}

/** MRR@5, success@1, top-5 and answered rates of a list of results (all 0 for an empty list). */
export function summarize(results: ScoredResult[]): Summary {
  const n = results.length;
  const share = (count: number): number => (n === 0 ? 0 : count / n);
  const inTop5 = results.filter((result) => result.rank !== null && result.rank <= 5);
  return {
    n,
    mrr5: share(inTop5.reduce((sum, result) => sum + 1 / result.rank!, 0)),
    success1: share(results.filter((result) => result.rank === 1).length),
    top5: share(inTop5.length),
    answered: share(results.filter((result) => result.answered).length),
  };
}

/** Links of a Markdown answer, in order. */
export function citedUrls(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}
