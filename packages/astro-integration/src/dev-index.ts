/**
 * Search in `astro dev`: there is no build output to index, so on the first request for the
 * index the dev server's own pages are crawled (every route without parameters, then every
 * same-site link they contain) and indexed in memory like a build, by `@sitesearch/local/dev`.
 * Any change to the project marks the index stale; the next page load rebuilds it.
 */
import { crawlDevServer, createDevIndex as createSharedDevIndex, type DevIndex } from '@sitesearch/local/dev';
import type { SynonymHit } from '@sitesearch/local/engine';
import type { LocalIndexOptions } from './config-types.js';

export type { DevIndex, DevMiddleware as Middleware } from '@sitesearch/local/dev';

export interface DevIndexOptions {
  /** Site base (`config.base`), with a trailing slash. */
  base: string;
  /** Routes without parameters, known from `astro:routes:resolved`. */
  routes: () => string[];
  localIndex: LocalIndexOptions | undefined;
  /** `localIndex.synonyms`, read and checked. */
  synonyms?: readonly SynonymHit[];
  log: { info(message: string): void; warn(message: string): void };
}

export function createDevIndex(options: DevIndexOptions): DevIndex {
  return createSharedDevIndex({
    base: options.base,
    exclude: options.localIndex?.exclude,
    defaultLvl0: options.localIndex?.defaultLvl0,
    pageRank: options.localIndex?.pageRank,
    ...(options.synonyms ? { synonyms: options.synonyms } : {}),
    log: options.log,
    pages: (origin) => crawlDevServer({ origin, base: options.base, start: [options.base, ...options.routes()] }),
  });
}
