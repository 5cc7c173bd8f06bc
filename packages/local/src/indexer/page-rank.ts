/**
 * Each page's `page_rank`: the hosted provider's record attribute (docsearch-scraper's
 * `start_urls[].page_rank`, pushed as `weight.pageRank`), which the local engine weighs too.
 * Release posts rank -1 by default: they announce in a paragraph what a guide explains, and on
 * the evaluation sets' dev halves they were in the top 5 of a quarter of the Vitest questions
 * without ever being the page asked for (see `ranking.ts`' `pageRankWeight`).
 */
import type { DocRecord } from '../records.js';
import { compilePattern } from '../url-pattern.js';
import { IndexerError } from './errors.js';

/** Pages whose first path segment (after the base URL) is one of these are release posts. */
const RELEASE_POSTS = /^(?:blog|changelog|changelogs|releases|release-notes|news)(?:\.html|\/|$)/i;
/** The default rank of a release post. */
export const RELEASE_POST_RANK = -1;

/** The `pageRank` option: URL patterns → rank, checked in order before the default. */
export type PageRankRules = Record<string, number>;

/** A page's rank, and whether it is the release-post default's (for the build's note). */
export interface PageRank {
  rank: number;
  releasePost: boolean;
}

/**
 * `(url, path)` → the page's rank, where `path` is the page's path under the base URL. The first
 * of `rules` that matches wins (`{ '*': 0 }` turns the default off); then release posts rank -1.
 */
export function compilePageRanks(rules: PageRankRules | undefined): (url: string, path: string) => PageRank {
  if (rules !== undefined && (rules === null || typeof rules !== 'object' || Array.isArray(rules))) {
    throw new IndexerError(`pageRank must be an object of URL patterns and ranks, e.g. { "/blog/*": -1 }, got ${JSON.stringify(rules)}`);
  }
  const compiled = Object.entries(rules ?? {}).map(([pattern, rank]) => {
    if (typeof rank !== 'number' || !Number.isFinite(rank)) throw new IndexerError(`pageRank["${pattern}"] must be a number (higher ranks first, default 0), got ${JSON.stringify(rank)}`);
    let test: (url: URL) => boolean;
    try {
      test = compilePattern(pattern, 'pageRank');
    } catch (error) {
      throw new IndexerError((error as Error).message);
    }
    return { test, rank };
  });
  return (url, path) => {
    if (compiled.length > 0) {
      const parsed = new URL(url, 'http://localhost');
      for (const { test, rank } of compiled) if (test(parsed)) return { rank, releasePost: false };
    }
    return RELEASE_POSTS.test(path) ? { rank: RELEASE_POST_RANK, releasePost: true } : { rank: 0, releasePost: false };
  };
}

/** Gives the records of a page ranked `rank` that rank, unless a record says its own (a page's meta tag, a docsearch config). */
export function rankRecords(records: readonly DocRecord[], rank: number): void {
  if (rank !== 0) for (const record of records) record.page_rank ??= rank;
}

/**
 * Whether the release-post default is what ranked these records of a page (`releasePost`: the
 * page is one): what the build's note counts. Not a page left without records (noindex), nor one
 * whose own meta tag gave another rank.
 */
export function rankedAsReleasePost(releasePost: boolean, records: readonly DocRecord[]): boolean {
  return releasePost && records.some((record) => record.page_rank === RELEASE_POST_RANK);
}

/**
 * The build's note when the default ranked some pages -1, or null: `keepLevel` says how to turn it
 * off where the site is configured (`--page-rank "*=0"`, `localIndex: { pageRank: { '*': 0 } }`).
 */
export function releasePostNote(releasePosts: number, keepLevel: string): string | null {
  if (releasePosts === 0) return null;
  const pages = releasePosts === 1 ? '1 release post (blog/, changelog/…) ranks' : `${releasePosts} release posts (blog/, changelog/…) rank`;
  return `${pages} below the docs on a close match (page_rank -1; ${keepLevel} keeps every page level)`;
}
