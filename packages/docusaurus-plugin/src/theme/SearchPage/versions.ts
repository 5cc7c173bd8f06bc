/**
 * The search page's docs versions: which version of each docs plugin it searches, read from and
 * written to the URL (`?q=…&version=1.x`), and the `docusaurus_tag` filters that choice means.
 * Pure functions over the docs plugin's global data (no Docusaurus imports), so they are
 * unit-tested and give the same answer in the server render and in the browser.
 *
 * A choice maps every docs plugin to one of its version names, or to `all` (every version).
 * Without a `version` in the URL the page searches the version the reader last chose in the
 * version dropdown (the classic theme's preferred version), else the latest: the same version a
 * search from a page outside the docs gets in the modal.
 */
import { DEFAULT_SEARCH_TAG, docsVersionSearchTag, preferredOrLatestVersion, type DocsPluginData, type DocsVersionData } from '../../contextual.js';

/** The value that searches every version of a docs plugin. */
export const ALL_VERSIONS = 'all';

/** A docs version as the docs plugin's global data has it (with its label, e.g. `2.x` for `current`). */
export interface LabelledVersion extends DocsVersionData {
  label?: string;
}

export type AllDocsData = Record<string, { path: string; versions: LabelledVersion[] }>;

/** Plugin id → version name, or `all`. */
export type VersionChoice = Record<string, string>;

/** One select of the page: a docs plugin that has several versions. */
export interface VersionPicker {
  pluginId: string;
  /** Its URL parameter: `version` for the default docs plugin, `version-<pluginId>` for another instance. */
  param: string;
  versions: Array<{ name: string; label: string }>;
}

export const versionParam = (pluginId: string): string => (pluginId === 'default' ? 'version' : `version-${pluginId}`);

/** A select per docs plugin with more than one version (an unversioned plugin has nothing to pick), in the data's order. */
export function versionPickers(allDocsData: AllDocsData): VersionPicker[] {
  return Object.entries(allDocsData)
    .filter(([, data]) => data.versions.length > 1)
    .map(([pluginId, data]) => ({
      pluginId,
      param: versionParam(pluginId),
      versions: data.versions.map((version) => ({ name: version.name, label: version.label ?? version.name })),
    }));
}

/** Whether `value` can be chosen for this plugin: one of its versions, or `all`. */
function isChoice(data: DocsPluginData, value: string | null | undefined): value is string {
  return typeof value === 'string' && (value === ALL_VERSIONS || data.versions.some((version) => version.name === value));
}

/** The page's choice without a `version` in the URL: the reader's preferred version where it still exists, else the latest. */
export function defaultVersionChoice(allDocsData: AllDocsData, preferred: (pluginId: string) => string | null | undefined = () => undefined): VersionChoice {
  const choice: VersionChoice = {};
  for (const [pluginId, data] of Object.entries(allDocsData)) {
    const name = preferredOrLatestVersion(data, preferred(pluginId))?.name;
    if (name !== undefined) choice[pluginId] = name;
  }
  return choice;
}

/** The choice a query string asks for; a missing or unknown version (a link from an older site) falls back to the default. */
export function readVersionChoice(search: string, allDocsData: AllDocsData, defaults: VersionChoice): VersionChoice {
  const params = new URLSearchParams(search);
  const choice: VersionChoice = { ...defaults };
  for (const [pluginId, data] of Object.entries(allDocsData)) {
    const asked = params.get(versionParam(pluginId));
    if (isChoice(data, asked)) choice[pluginId] = asked;
  }
  return choice;
}

/** The query string with one plugin's version set (the other parameters, `q` first, kept in their order). */
export function withVersion(search: string, pluginId: string, value: string): string {
  const params = new URLSearchParams(search);
  params.set(versionParam(pluginId), value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The URL parameters that take the search page to `choice`, for the plugins where it differs from
 * the page's default: a link from a page of the 1.x docs says `version=1.x`, one from the latest
 * docs adds nothing.
 */
export function versionParams(allDocsData: AllDocsData, choice: VersionChoice, defaults: VersionChoice): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [pluginId, data] of Object.entries(allDocsData)) {
    const value = choice[pluginId];
    if (data.versions.length > 1 && isChoice(data, value) && value !== defaults[pluginId]) params[versionParam(pluginId)] = value;
  }
  return params;
}

/** The choice that contextual search tags stand for (the modal's `docs-<plugin>-<version>` tags), for a link to the search page. */
export function choiceFromTags(allDocsData: AllDocsData, tags: readonly string[]): VersionChoice {
  const choice: VersionChoice = {};
  for (const [pluginId, data] of Object.entries(allDocsData)) {
    const version = data.versions.find((candidate) => tags.includes(docsVersionSearchTag(pluginId, candidate.name)));
    if (version) choice[pluginId] = version.name;
  }
  return choice;
}

/**
 * The tags the page searches (any of them): the default tag (pages outside the docs, blog posts),
 * and each plugin's chosen version, or all its versions. The modal's tags for the same versions,
 * in the same order, so "See all N results" lands on the same N.
 */
export function versionSearchTags(allDocsData: AllDocsData, choice: VersionChoice): string[] {
  const tags = [DEFAULT_SEARCH_TAG];
  for (const [pluginId, data] of Object.entries(allDocsData)) {
    const value = choice[pluginId];
    const versions = value === ALL_VERSIONS ? data.versions : data.versions.filter((version) => version.name === value);
    for (const version of versions) tags.push(docsVersionSearchTag(pluginId, version.name));
  }
  return tags;
}

/**
 * The version label to show next to a hit when several versions are listed: read from the hit's
 * `docusaurus_tag` (the local index and DocSearch-style indices both return it). Undefined for a
 * page outside the docs, or a backend that does not return the attribute.
 */
export function hitVersionLabel(hit: object, allDocsData: AllDocsData): string | undefined {
  const tag = (hit as { docusaurus_tag?: unknown }).docusaurus_tag;
  const tags: unknown[] = Array.isArray(tag) ? tag : [tag];
  for (const [pluginId, data] of Object.entries(allDocsData)) {
    if (data.versions.length < 2) continue;
    const version = data.versions.find((candidate) => tags.includes(docsVersionSearchTag(pluginId, candidate.name)));
    if (version) return version.label ?? version.name;
  }
  return undefined;
}
