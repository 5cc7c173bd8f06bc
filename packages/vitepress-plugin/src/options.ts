/**
 * Config-time checks: `withSiteSearch(config, options)` and the search config VitePress users
 * already have (`themeConfig.search`, `themeConfig.algolia`) are read once, by the same
 * validators the browser widget uses (`@sitesearch/islands/ssg`); every error names the option
 * and where it was written.
 */
import { chooseChatBackend, type ChatBackend } from '@sitesearch/islands/core';
import * as ssg from '@sitesearch/islands/ssg';
import type { LocalIndexOptions, OptionOrigin, SerializableSidepanelOptions, SerializableSiteSearchOptions } from '@sitesearch/islands/ssg';

/** Options of `withSiteSearch(config, options)`. */
export interface SiteSearchVitePressOptions extends SerializableSiteSearchOptions {
  /** The local index (no credentials): what it indexes. */
  localIndex?: LocalIndexOptions;
  /** The Sidepanel ("Ask AI" trigger in the page's corner): `true` for the defaults, or its options. */
  sidepanel?: true | SerializableSidepanelOptions;
  /**
   * Options by VitePress locale key (`root`, `fr`…), over the others on that locale's pages:
   * `placeholder`, `translations`, `searchParameters`, `indices`/`indexName`, `askAi`.
   */
  locales?: Record<string, SerializableSiteSearchOptions>;
}

const CONFIG_FILE = '.vitepress/config';

const origin = (where: string): OptionOrigin => ({
  where: `in ${CONFIG_FILE}, ${where}`,
  functionValueHint: 'The VitePress config only carries data to the browser: function options are not supported by @sitesearch/vitepress.',
  functionOptionHint: (key) => `the VitePress config only carries data to the browser; "${key}" holds code, which @sitesearch/vitepress does not support.`,
});

export const OPTIONS_ORIGIN = origin('withSiteSearch(config, { … })');
export const DOCSEARCH_ORIGIN = origin("themeConfig.search: { provider: 'algolia', options: { … } }");

/** DocSearch options VitePress documents that mean the same for us; the rest (`insights`…) are left out with a note. */
const DOCSEARCH_KEYS = ['appId', 'apiKey', 'indexName', 'placeholder', 'searchParameters', 'disableUserPersonalization', 'initialQuery', 'translations', 'maxResultsPerGroup', 'askAi'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the site's own search config says, as our options: the hosted drop-in, or nothing (local). */
export interface DropIn {
  options: SiteSearchVitePressOptions;
  /** The provider's options we do not read, for the build's note. */
  ignored: string[];
  /** VitePress's algolia provider filters every search by the page's `lang`: so do we, read from its config. */
  langFacet: boolean;
}

/** Reads `themeConfig.search` (`provider: 'algolia'` or `'local'`) and the older `themeConfig.algolia`. */
export function readDropIn(themeConfig: unknown): DropIn {
  const none: DropIn = { options: {}, ignored: [], langFacet: false };
  if (!isObject(themeConfig)) return none;
  const search = themeConfig.search;
  let docsearch: unknown;
  if (isObject(search)) {
    if (search.provider === 'local' || search.provider === undefined) return none;
    if (search.provider !== 'algolia') throw ssg.originError(DOCSEARCH_ORIGIN, `option "themeConfig.search.provider" must be 'local' or 'algolia'; received ${JSON.stringify(search.provider)}.`);
    docsearch = search.options;
  } else if (themeConfig.algolia !== undefined) {
    docsearch = themeConfig.algolia;
  } else {
    return none;
  }
  if (!isObject(docsearch)) throw ssg.originError(DOCSEARCH_ORIGIN, `option "themeConfig.search.options" must be an object of DocSearch options (appId, apiKey, indexName); received ${JSON.stringify(docsearch)}.`);
  for (const key of ['appId', 'apiKey', 'indexName'] as const) {
    if (typeof docsearch[key] !== 'string' || docsearch[key] === '') {
      throw ssg.originError(DOCSEARCH_ORIGIN, `option "themeConfig.search.options.${key}" is required with provider: 'algolia' (a non-empty string); received ${JSON.stringify(docsearch[key]) ?? 'nothing'}.`);
    }
  }
  const pick = (source: Record<string, unknown>, path: string, ignored: string[]): SerializableSiteSearchOptions => {
    const picked: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(source)) {
      if ((DOCSEARCH_KEYS as readonly string[]).includes(key)) picked[key] = value;
      else if (key !== 'locales') ignored.push(`${path}.${key}`);
    }
    return picked as SerializableSiteSearchOptions;
  };
  const ignored: string[] = [];
  const options: SiteSearchVitePressOptions = pick(docsearch, 'themeConfig.search.options', ignored);
  if (docsearch.locales !== undefined) {
    if (!isObject(docsearch.locales)) throw ssg.originError(DOCSEARCH_ORIGIN, 'option "themeConfig.search.options.locales" must be an object of options by locale key.');
    options.locales = Object.fromEntries(
      Object.entries(docsearch.locales).map(([locale, value]) => [locale, isObject(value) ? pick(value, `themeConfig.search.options.locales.${locale}`, ignored) : {}]),
    );
  }
  return { options, ignored, langFacet: true };
}

export interface ValidatedOptions extends ssg.ValidatedSiteOptions {
  localIndex: LocalIndexOptions | undefined;
  /** Options by locale key, over `options` on that locale's pages. */
  locales: Record<string, SerializableSiteSearchOptions>;
  chatBackend: ChatBackend | undefined;
}

const defined = <T extends object>(object: T): T => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;

/**
 * Validates `withSiteSearch`'s options over what the site's search config gave; throws an
 * `Error` naming the option and the config it was written in.
 */
export function validateOptions(input: unknown, dropIn: DropIn): ValidatedOptions {
  if (input !== undefined && !isObject(input)) {
    throw ssg.originError(OPTIONS_ORIGIN, `withSiteSearch(config, options) takes an object of options; received ${Array.isArray(input) ? 'an array' : input === null ? 'null' : `a ${typeof input}`}.`);
  }
  const written = defined((input ?? {}) as SiteSearchVitePressOptions);
  // Checked apart first, so a mistake in the DocSearch config names that config.
  const { locales: dropInLocales, ...dropInOptions } = dropIn.options;
  if (Object.keys(dropInOptions).length > 0) ssg.validateSerializable(dropInOptions, DOCSEARCH_ORIGIN);
  const { localIndex, sidepanel: sidepanelOption, locales: writtenLocales, ...rest } = { ...dropInOptions, ...written };
  if (localIndex !== undefined) {
    if (!isObject(localIndex)) throw ssg.originError(OPTIONS_ORIGIN, 'option "localIndex" must be an object, e.g. { exclude: ["drafts"] }.');
    for (const key of Object.keys(localIndex)) {
      if (!['exclude', 'defaultLvl0', 'pageRank'].includes(key)) throw ssg.originError(OPTIONS_ORIGIN, `unknown option "localIndex.${key}"; the options are exclude, defaultLvl0, pageRank.`);
    }
    if (localIndex.exclude !== undefined && (!Array.isArray(localIndex.exclude) || !localIndex.exclude.every((item) => typeof item === 'string'))) {
      throw ssg.originError(OPTIONS_ORIGIN, 'option "localIndex.exclude" must be an array of folder names, e.g. ["drafts"].');
    }
  }
  const local = ssg.usesLocalIndex(rest);
  const options: SerializableSiteSearchOptions = ssg.withDefaultLocalIndex(rest);
  const resolved = ssg.validateSerializable(options, OPTIONS_ORIGIN);
  ssg.checkAskAiCredentials(options, OPTIONS_ORIGIN);
  const locales: Record<string, SerializableSiteSearchOptions> = {};
  for (const [locale, over] of Object.entries({ ...dropInLocales, ...writtenLocales })) {
    const localeOrigin = writtenLocales?.[locale] ? origin(`withSiteSearch(config, { locales: { ${JSON.stringify(locale)}: { … } } })`) : DOCSEARCH_ORIGIN;
    if (!isObject(over)) throw ssg.originError(localeOrigin, `option "locales.${locale}" must be an object of options.`);
    ssg.validateSerializable({ ...options, ...over }, localeOrigin);
    locales[locale] = over;
  }
  const sidepanel = ssg.validateSidepanelOption(sidepanelOption, { options, resolved, local }, OPTIONS_ORIGIN);
  return { options, resolved, local, localIndex, locales, chatBackend: resolved.askAi && chooseChatBackend(resolved.askAi), sidepanel };
}
