/**
 * What a site build prints after writing the local index: the exact steps that move the site to a
 * pushed (hosted) index, so outgrowing the local index never means reading docs first. Shared by
 * the Astro integration and the Docusaurus theme; only their config snippets differ. The push
 * command gets the same indexer options as the local index, so the pushed records match it.
 * No imports on purpose: the integrations load this at build time from the package root.
 */

/** How the options that switch to the pushed index are written in each framework's config. */
export type PushHintConfigShape = 'astro' | 'starlight' | 'docusaurus';

export interface PushHintOptions {
  /** The built site, as the user would type it (relative to where the build ran): `dist`, `build`. */
  outDir: string;
  /** The index the local index stood for, which the pushed one replaces. */
  indexName: string;
  /** The site's base URL with its trailing slash; `/` needs no flag. */
  baseUrl?: string;
  /** Folders the local index left out. */
  exclude?: readonly string[];
  /** The category (lvl0) of pages that name none. */
  defaultLvl0?: string;
  /** URL patterns → page rank (the indexer's `pageRank`). */
  pageRank?: Readonly<Record<string, number>>;
  /** The synonyms file, as the config names it (a list written inline has no flag to pass). */
  synonyms?: string;
  configShape: PushHintConfigShape;
  /** Whether the user wrote other options, which stay as they are (shown as `…`). */
  otherOptions?: boolean;
}

/** The index named first in `indices` (a name or `{ name }`), else `indexName`, else the fallback. */
export function firstIndexName(options: { indices?: readonly unknown[]; indexName?: unknown }, fallback: string): string {
  const first = options.indices?.[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && typeof (first as { name?: unknown }).name === 'string') return (first as { name: string }).name;
  return typeof options.indexName === 'string' ? options.indexName : fallback;
}

/** A word as a shell would read it back unchanged (quoted only when needed). */
function shellWord(word: string): string {
  return /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A string as a JavaScript literal in single quotes, as the config files are usually written. */
function jsString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The `npx sitesearch push …` command that indexes the built folder as the local index did. */
export function pushCommand({ outDir, indexName, baseUrl, exclude, defaultLvl0, pageRank, synonyms }: Omit<PushHintOptions, 'configShape' | 'otherOptions'>): string {
  return [
    'npx sitesearch push',
    shellWord(outDir),
    '--app-id <APP_ID>',
    `--index ${shellWord(indexName)}`,
    ...(baseUrl !== undefined && baseUrl !== '/' ? [`--base-url ${shellWord(baseUrl)}`] : []),
    ...(exclude ?? []).map((folder) => `--exclude ${shellWord(folder)}`),
    ...(defaultLvl0 !== undefined ? [`--lvl0 ${shellWord(defaultLvl0)}`] : []),
    ...Object.entries(pageRank ?? {}).map(([pattern, rank]) => `--page-rank ${shellWord(`${pattern}=${rank}`)}`),
    ...(synonyms !== undefined ? [`--synonyms ${shellWord(synonyms)}`] : []),
  ].join(' ');
}

/** Two lines: the push command, then the config change that switches the site to the pushed index. */
export function pushHint(options: PushHintOptions): string {
  const { indexName, configShape, otherOptions } = options;
  const credentials = `appId: '<APP_ID>', apiKey: '<SEARCH_API_KEY>', indices: [${jsString(indexName)}]${otherOptions ? ', …' : ''}`;
  const config = {
    astro: `then in the Astro config: sitesearch({ ${credentials} })`,
    // Starlight sites write the options in the plugin, not in an integration of their own.
    starlight: `then in the Starlight config: sitesearchStarlight({ ${credentials} })`,
    docusaurus: `then in the Docusaurus config: themeConfig: { sitesearch: { ${credentials} } }`,
  }[configShape];
  return `to move to a hosted index: SITESEARCH_ADMIN_API_KEY=<ADMIN_API_KEY> ${pushCommand(options)}\n${config}`;
}
