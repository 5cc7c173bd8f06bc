/**
 * `themeConfig.sitesearch`, checked once when Docusaurus loads the config: Docusaurus' Joi checks
 * the options only this theme has, and names the widget's (from the option table, so no option
 * list is restated here); then the core's own resolvers check the widget options exactly as the
 * browser will. Every error says the option came from `themeConfig.sitesearch`.
 */
import { Joi } from '@docusaurus/utils-validation';
import type { ThemeConfigValidationContext } from '@docusaurus/types';
import { resolveSiteSearchOptions, type ResolvedSiteSearchOptions } from '@sitesearch/islands/core';
import { siteSearchOptionRows, VALIDATION_CLIENT, validateSidepanel, type OptionOrigin, type SerializableSidepanelOptions } from '@sitesearch/islands/ssg';
import { validateSynonyms } from '@sitesearch/local/engine';
import { sidepanelOptions, usesLocalIndex, widgetOptions } from './shared.js';
import type { SiteSearchThemeConfig } from './types.js';

/** Where the options are written, for error messages. */
export const SOURCE = 'themeConfig.sitesearch in docusaurus.config';

/** The same, for the checks every static-site plugin shares (`@sitesearch/islands/ssg`). */
const ORIGIN: OptionOrigin = {
  where: SOURCE,
  functionValueHint: 'Set it by swizzling the SearchBar (or Sidepanel) theme component.',
  functionOptionHint: (key) => `the config is data sent to the browser. Set "${key}" by swizzling the SearchBar theme component.`,
};

const plainData = Joi.alternatives(Joi.string(), Joi.number(), Joi.boolean(), Joi.array(), Joi.object());

/** The widget's options an entry takes: the data ones this config carries, and the code ones it refuses. */
const WIDGET_OPTIONS = siteSearchOptionRows().filter((row) => row.entries.includes('js') && row.entries.includes('react'));

/**
 * The options only the Docusaurus theme has, with their defaults, then the widget's: the data
 * options pass through to the core resolvers (`any`: their checks word the errors better than
 * Joi's would), and the function options are refused by name. Unknown names pass too, so the core
 * can suggest the closest one.
 */
export const sitesearchSchema = Joi.object({
  contextualSearch: Joi.boolean().default(true),
  searchPagePath: Joi.alternatives(Joi.string().min(1), Joi.valid(false)).default('search'),
  externalUrlRegex: Joi.string(),
  replaceSearchResultPathname: Joi.object({ from: Joi.alternatives(Joi.string(), Joi.object().regex()).required(), to: Joi.string().allow('').required() }),
  localIndex: Joi.object({
    exclude: Joi.array().items(Joi.string()),
    defaultLvl0: Joi.string(),
    pageRank: Joi.object().pattern(Joi.string(), Joi.number()),
    // A path is read when the plugin starts (it knows the site folder); a list is checked here.
    synonyms: Joi.alternatives(
      Joi.string().min(1),
      Joi.array().custom((value: unknown[]) => validateSynonyms(value, 'localIndex.synonyms')),
    ),
  }),
  sidepanel: Joi.alternatives(Joi.boolean(), Joi.object().pattern(Joi.string(), plainData)),
  ...Object.fromEntries(
    WIDGET_OPTIONS.map((row) => [
      row.name,
      row.kind === 'data'
        ? Joi.any().description(row.doc)
        : Joi.any()
            .forbidden()
            .description(row.doc)
            .messages({
              'any.unknown': `{{#label}} cannot be written in ${SOURCE}: the config is data sent to the browser. Set "${row.name}" by swizzling the SearchBar theme component.`,
            }),
    ]),
  ),
}).unknown(true);

/** theme-search-algolia's own options that mean the same here under another name (`insights` keeps its name and meaning). */
const ALGOLIA_ONLY = ['indexName', 'searchParameters'];

/**
 * theme-search-algolia's `algolia` config read as SiteSearch options (the drop-in): `indexName`
 * becomes `indices`, `searchParameters` goes with it; the rest keeps its name.
 */
export function fromAlgoliaConfig(algolia: Record<string, unknown>): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(algolia)) if (!ALGOLIA_ONLY.includes(key)) options[key] = value;
  if (typeof algolia.indexName === 'string') {
    options.indices = [algolia.searchParameters ? { name: algolia.indexName, searchParameters: algolia.searchParameters } : algolia.indexName];
  }
  return options;
}

/** A core validator's error, re-worded to say where the option was written. */
function fromSource(error: unknown, prefix = ''): Error {
  const message = error instanceof Error ? error.message : String(error);
  const text = message.replace(/^(sitesearch|sidepanel): /, '');
  return new Error(`sitesearch (${SOURCE}): ${prefix ? text.replace(/\b(options?) "([^"]+)"/, `$1 "${prefix}$2"`) : text}`, { cause: error });
}

/** Runs the core resolvers over the options as the browser will get them; throws naming the option. */
export function checkWithCore(config: SiteSearchThemeConfig): void {
  const options = widgetOptions(config);
  const local = usesLocalIndex(options);
  let resolved: ResolvedSiteSearchOptions;
  try {
    resolved = resolveSiteSearchOptions(local ? { ...options, searchClient: VALIDATION_CLIENT } : options, 'integration');
  } catch (error) {
    throw fromSource(error);
  }
  const panel = sidepanelOptions(config, resolved);
  if (!panel) return;
  // Plain data, a selector for pushTarget, and the core's resolver, as the Astro integration checks it.
  validateSidepanel(panel as SerializableSidepanelOptions, ORIGIN);
}

/**
 * Docusaurus calls this when the config loads. With no `sitesearch` but theme-search-algolia's
 * `algolia`, that is read instead (the drop-in). Returns the theme config with `sitesearch` filled.
 */
export function validateThemeConfig({ themeConfig, validate }: ThemeConfigValidationContext<Record<string, unknown>>): Record<string, unknown> {
  const written = themeConfig.sitesearch ?? (themeConfig.algolia && typeof themeConfig.algolia === 'object' ? fromAlgoliaConfig(themeConfig.algolia as Record<string, unknown>) : {});
  let validated: { sitesearch: SiteSearchThemeConfig };
  try {
    validated = validate(Joi.object({ sitesearch: sitesearchSchema }).unknown(true), { sitesearch: written }) as { sitesearch: SiteSearchThemeConfig };
  } catch (error) {
    throw new Error(`sitesearch (${SOURCE}): ${error instanceof Error ? error.message.trim() : String(error)}`, { cause: error });
  }
  checkWithCore(validated.sitesearch);
  return { ...themeConfig, sitesearch: validated.sitesearch };
}
