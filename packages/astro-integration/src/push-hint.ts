/**
 * What `astro build` prints after writing the local index: the exact steps that move the site
 * to a pushed (hosted) index, so outgrowing the local index never means reading docs first.
 * The push command gets the same indexer options as the local index, so the records match.
 */
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
}

/** The index the local default searches: the first one named, else the default name. */
export function localIndexName(options: SerializableSiteSearchOptions): string {
  const first = options.indices?.[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof first.name === 'string') return first.name;
  return options.indexName ?? DEFAULT_LOCAL_INDEX;
}

/** A word as a shell would read it back unchanged (quoted only when needed). */
function shellWord(word: string): string {
  return /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A string as a JavaScript literal in single quotes, as the config files are usually written. */
function jsString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** Two lines: the push command, then the options that switch the site to the pushed index. */
export function pushHint({ outDir, base, options, exclude, defaultLvl0 }: PushHintInput): string {
  const indexName = localIndexName(options);
  const command = [
    'npx sitesearch push',
    shellWord(outDir),
    '--app-id <APP_ID>',
    `--index ${shellWord(indexName)}`,
    ...(base !== '/' ? [`--base-url ${shellWord(base)}`] : []),
    ...(exclude ?? []).map((folder) => `--exclude ${shellWord(folder)}`),
    ...(defaultLvl0 !== undefined ? [`--lvl0 ${shellWord(defaultLvl0)}`] : []),
  ].join(' ');
  // The user's other options stay as they are: "…" says so when there are any.
  const others = Object.keys(options).some((key) => key !== 'indices' && key !== 'indexName') ? ', …' : '';
  return (
    `to move to a hosted index: SITESEARCH_ADMIN_API_KEY=<ADMIN_API_KEY> ${command}\n` +
    `then in the Astro config: sitesearch({ appId: '<APP_ID>', apiKey: '<SEARCH_API_KEY>', indices: [${jsString(indexName)}]${others} })`
  );
}
