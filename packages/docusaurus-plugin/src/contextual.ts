/**
 * Contextual search (`contextualSearch`, default `true`): a search from a page looks at that
 * page's locale and docs version only, as with `@docusaurus/theme-search-algolia` 3.10. The
 * classic theme writes `docsearch:language` and `docsearch:docusaurus_tag` meta tags on every
 * page; the hosted index and the local index (packages/local reads those tags) both hold them as
 * `language` and `docusaurus_tag`, so the same filters work on both.
 *
 * Pure functions over the docs plugin's global data and the pathname, so they can be unit-tested
 * and run the same during server rendering and in the browser (no Docusaurus imports here).
 */

/** A provider `facetFilters` value: an AND list whose items are a filter or an OR list of filters. */
export type FacetFilters = Array<string | string[]>;

/** What contextual search reads of a docs version in `@docusaurus/plugin-content-docs`' global data. */
export interface DocsVersionData {
  name: string;
  path: string;
  isLast: boolean;
}

/** What contextual search reads of a docs plugin instance's global data. */
export interface DocsPluginData {
  path: string;
  versions: DocsVersionData[];
}

/** The tag every page of the classic theme carries unless a more specific one replaces it (blog posts keep it). */
export const DEFAULT_SEARCH_TAG = 'default';

/** The `docusaurus_tag` of a docs version's pages, as `@docusaurus/plugin-content-docs` writes it. */
export const docsVersionSearchTag = (pluginId: string, versionName: string): string => `docs-${pluginId}-${versionName}`;

/**
 * react-router's `matchPath(pathname, { path, exact: false, strict: false })` for the plain paths
 * of docs plugins and versions: the path itself or anything below it, any case, trailing slash
 * optional. `/1.x` matches `/1.x/guide` but not `/1.xy`.
 */
export function isUnderPath(pathname: string, path: string): boolean {
  const base = path.replace(/\/+$/, '').toLowerCase();
  const current = pathname.toLowerCase();
  return base === '' || current === base || current.startsWith(`${base}/`);
}

/** The docs plugin whose pages the pathname is in; the longest path wins (`/android` before `/`). */
function activePluginId(allDocsData: Record<string, DocsPluginData>, pathname: string): string | undefined {
  return Object.entries(allDocsData)
    .sort(([, a], [, b]) => b.path.localeCompare(a.path))
    .find(([, data]) => isUnderPath(pathname, data.path))?.[0];
}

/** The version of a plugin the pathname is in; a version nested in another's path (`/docs/1.0`) is tried first. */
function activeVersion(data: DocsPluginData, pathname: string): DocsVersionData | undefined {
  const sorted = [...data.versions].sort((a, b) => (a.path === b.path ? 0 : a.path.includes(b.path) ? -1 : b.path.includes(a.path) ? 1 : 0));
  return sorted.find((version) => isUnderPath(pathname, version.path));
}

/**
 * The version of a docs plugin a search looks at when the page is not in its docs: the one the
 * reader last chose (the classic theme's "preferred version") while it still exists, else the
 * latest. The modal's contextual tags and the search page's default choice both take it.
 */
export function preferredOrLatestVersion(data: DocsPluginData, preferred: string | null | undefined): DocsVersionData | undefined {
  return (preferred ? data.versions.find((version) => version.name === preferred) : undefined) ?? data.versions.find((version) => version.isLast) ?? data.versions[0];
}

/**
 * The search tags of a page (`useDocsContextualSearchTags` plus the default tag): `default`, and
 * for each docs plugin the version being read, else the one the reader last chose (the classic
 * theme's "preferred version"), else the latest.
 */
export function contextualSearchTags(
  allDocsData: Record<string, DocsPluginData>,
  pathname: string,
  preferredVersionName: (pluginId: string) => string | null | undefined = () => undefined,
): string[] {
  const active = activePluginId(allDocsData, pathname);
  const tags = [DEFAULT_SEARCH_TAG];
  for (const [pluginId, data] of Object.entries(allDocsData)) {
    const version = (pluginId === active ? activeVersion(data, pathname) : undefined) ?? preferredOrLatestVersion(data, preferredVersionName(pluginId));
    if (version) tags.push(docsVersionSearchTag(pluginId, version.name));
  }
  return tags;
}

/** theme-search-algolia's filters for a page: its locale, and any of its tags. */
export function contextualFacetFilters(locale: string, tags: readonly string[]): FacetFilters {
  return [`language:${locale}`, tags.map((tag) => `docusaurus_tag:${tag}`)];
}

/**
 * Both lists in one AND list (a lone string counts as a one-item list), the contextual filters
 * first: theme-search-algolia's `mergeFacetFilters`, so a site moving over filters the same way.
 */
export function mergeFacetFilters(first: FacetFilters | string | undefined, second: FacetFilters | string | undefined): FacetFilters | undefined {
  if (first === undefined) return second === undefined ? undefined : typeof second === 'string' ? [second] : second;
  if (second === undefined) return typeof first === 'string' ? [first] : first;
  const list = (filters: FacetFilters | string): FacetFilters => (typeof filters === 'string' ? [filters] : filters);
  return [...list(first), ...list(second)];
}

/** One facet filter (`attr:value`, or `-attr:value` to exclude) in the `filters` syntax, the value quoted. */
function filterCondition(filter: string): string {
  const negated = filter.startsWith('-');
  const body = negated ? filter.slice(1) : filter;
  const colon = body.indexOf(':');
  if (colon <= 0) throw new Error(`sitesearch: the facet filter ${JSON.stringify(filter)} is not "attribute:value".`);
  const value = body.slice(colon + 1).replace(/^"(.*)"$/, '$1');
  const condition = `${body.slice(0, colon)}:${JSON.stringify(value)}`;
  return negated ? `NOT ${condition}` : condition;
}

/**
 * Facet filters as a `filters` expression (`a:"x" AND (b:"y" OR b:"z")`), for the assistant's
 * search parameters: their `facetFilters` take flat strings only, so an OR group cannot go there.
 */
export function facetFiltersExpression(filters: FacetFilters): string {
  return filters
    .map((item) => (typeof item === 'string' ? filterCondition(item) : item.length === 1 ? filterCondition(item[0]!) : `(${item.map(filterCondition).join(' OR ')})`))
    .join(' AND ');
}

/** Both expressions must hold. */
export function andFilters(written: unknown, added: string): string {
  return typeof written === 'string' && written.trim() !== '' ? `(${written}) AND ${added}` : added;
}

type Parameters = Record<string, unknown>;
const isObject = (value: unknown): value is Parameters => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The assistant's search parameters with the contextual filters added as a `filters` expression:
 * flat for the assistant backend; keyed by index name for the agent backend (`agentStudio`), where
 * they go to `indexName`'s entry. Anything unexpected is left for the core's checks to name.
 */
export function withAssistantFilters(searchParameters: unknown, facetFilters: FacetFilters, agentStudio: boolean, indexName: string | undefined): unknown {
  if (searchParameters !== undefined && !isObject(searchParameters)) return searchParameters;
  const expression = facetFiltersExpression(facetFilters);
  const written = searchParameters ?? {};
  if (!agentStudio) return { ...written, filters: andFilters(written.filters, expression) };
  if (indexName === undefined) return searchParameters;
  const entry = written[indexName];
  if (entry !== undefined && !isObject(entry)) return searchParameters;
  return { ...written, [indexName]: { ...entry, filters: andFilters(entry?.filters, expression) } };
}

/**
 * The modal's options with the contextual filters in every index's `searchParameters.facetFilters`
 * (merged with the ones written there, or in the deprecated top-level `searchParameters`), and in
 * `askAi`'s search parameters. `undefined` filters (contextual search off) leave them unchanged.
 */
export function withContextualFilters(options: Parameters, facetFilters: FacetFilters | undefined): Parameters {
  if (!facetFilters) return options;
  const topLevel = isObject(options.searchParameters) ? options.searchParameters : undefined;
  const scoped = (parameters: Parameters | undefined): Parameters => ({
    ...parameters,
    facetFilters: mergeFacetFilters(facetFilters, (parameters?.facetFilters ?? topLevel?.facetFilters) as FacetFilters | undefined),
  });
  const result: Parameters = { ...options };
  if (Array.isArray(options.indices)) {
    result.indices = options.indices.map((index: unknown) =>
      typeof index === 'string' ? { name: index, searchParameters: scoped(undefined) } : isObject(index) ? { ...index, searchParameters: scoped(isObject(index.searchParameters) ? index.searchParameters : undefined) } : index,
    );
  } else if (options.indexName !== undefined) {
    result.searchParameters = scoped(topLevel);
  }
  const askAi = options.askAi;
  if (typeof askAi === 'string' || isObject(askAi)) {
    const object: Parameters = typeof askAi === 'string' ? { assistantId: askAi } : askAi;
    const firstIndex = Array.isArray(options.indices) ? options.indices[0] : options.indexName;
    const indexName = (object.indexName ?? (typeof firstIndex === 'string' ? firstIndex : isObject(firstIndex) ? firstIndex.name : undefined)) as string | undefined;
    result.askAi = { ...object, searchParameters: withAssistantFilters(object.searchParameters, facetFilters, object.agentStudio === true, indexName) };
  }
  return result;
}

/**
 * The Sidepanel's options with the page's locale filter. Only the locale: the panel stays open
 * across client-side navigation, and the islands Sidepanel starts a new chat whenever its search
 * parameters change, so a version filter would drop the conversation on every move between
 * versions (a change of locale is a full page load anyway).
 */
export function withLocaleFilter(panel: Parameters, locale: string): Parameters {
  const indexName = typeof panel.indexName === 'string' ? panel.indexName : undefined;
  return { ...panel, searchParameters: withAssistantFilters(panel.searchParameters, [`language:${locale}`], panel.agentStudio === true, indexName) };
}
