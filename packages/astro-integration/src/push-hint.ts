/**
 * What `astro build` prints after writing the local index: the exact steps that move the site
 * to a pushed (hosted) index. The text is built by `@sitesearch/local`'s `pushHint`, shared with
 * the Docusaurus theme; this module only maps the integration's options onto it.
 */
import { firstIndexName, pushHint as sharedPushHint } from '@sitesearch/local';
import type { SerializableSiteSearchOptions } from './config-types.js';
import { DEFAULT_LOCAL_INDEX } from './options.js';

export interface PushHintInput {
  /** The built site, as the user would type it (relative to where `astro build` ran). */
  outDir: string;
  /** Astro's `base`, with its trailing slash. */
  base: string;
  options: SerializableSiteSearchOptions;
  exclude?: readonly string[];
  defaultLvl0?: string;
  pageRank?: Readonly<Record<string, number>>;
  /** `localIndex.synonyms` when it names a file. */
  synonyms?: string;
  /** Where the options were written: `sitesearch()` in the Astro config (default) or the Starlight plugin. */
  configShape?: 'astro' | 'starlight';
}

/** The index the local default searches: the first one named, else the default name. */
export function localIndexName(options: SerializableSiteSearchOptions): string {
  return firstIndexName(options, DEFAULT_LOCAL_INDEX);
}

/** Two lines: the push command, then the `sitesearch({ … })` options that switch to the pushed index. */
export function pushHint({ outDir, base, options, exclude, defaultLvl0, pageRank, synonyms, configShape = 'astro' }: PushHintInput): string {
  return sharedPushHint({
    outDir,
    indexName: localIndexName(options),
    baseUrl: base,
    exclude,
    defaultLvl0,
    pageRank,
    synonyms,
    configShape,
    // The user's other options stay as they are: "…" says so when there are any.
    otherOptions: Object.keys(options).some((key) => key !== 'indices' && key !== 'indexName'),
  });
}
