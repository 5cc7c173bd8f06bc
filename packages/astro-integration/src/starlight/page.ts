/**
 * What a Starlight page adds to the config's options: the widgets' texts in the page's language,
 * and, on a multilingual site searching the local index, a filter to the page's language, so a
 * French page finds French pages (as Pagefind does, one index per language). Pure functions: the
 * Search override calls them while the page renders, and the unit tests call them directly.
 */
import { mergeObjects, type ClientConfig, type SerializableSidepanelOptions, type SerializableSiteSearchOptions } from '@sitesearch/islands/ssg';
import { shippedTranslations, type TranslationTable } from './translations.js';

/** The plugin's own settings, carried to the Search override by `virtual:sitesearch/starlight`. */
export interface StarlightSettings {
  /** Texts per language (BCP-47 tag as in Starlight's `locales`), over the shipped ones and `translations`. */
  localeTranslations: Record<string, TranslationTable>;
}

/** What the Search override knows of the page being rendered. */
export interface StarlightPageContext {
  /** The page's language (`Astro.locals.starlightRoute.lang`), e.g. `fr` or `pt-BR`. */
  lang: string;
  /** Whether Starlight has more than one locale: only then are results filtered by language. */
  multilingual: boolean;
}

export interface StarlightPageOptions {
  /** The `<SiteSearch options>` of the page (top-level keys replacing the config's), or `undefined`. */
  modal: SerializableSiteSearchOptions | undefined;
  /** The `<Sidepanel options>` of the page (its translations add to the config's), or `undefined`. */
  sidepanel: SerializableSidepanelOptions | undefined;
}

/** The record attribute the route middleware writes (`<meta name="sitesearch:language">`) and the filters test. */
export const LANGUAGE_ATTRIBUTE = 'language';

type FacetFilters = NonNullable<NonNullable<Extract<NonNullable<SerializableSiteSearchOptions['indices']>[number], object>['searchParameters']>['facetFilters']>;

const withFacet = (filters: FacetFilters | undefined, facet: string): FacetFilters => [...(filters ?? []), facet];
const withFilter = (filters: unknown, condition: string): string => (typeof filters === 'string' && filters.trim() !== '' ? `(${filters}) AND ${condition}` : condition);

/** A page's texts: shipped for its language, then `translations` (every page), then `localeTranslations` for it. */
export function pageTranslations(written: TranslationTable | undefined, settings: StarlightSettings, lang: string): TranslationTable | undefined {
  const exact = settings.localeTranslations[lang] ?? settings.localeTranslations[lang.split('-')[0] ?? ''];
  return mergeObjects(mergeObjects(shippedTranslations(lang), written), exact) as TranslationTable | undefined;
}

/** The page's options for both widgets; `undefined` where the page changes nothing. */
export function starlightPageOptions(config: ClientConfig, settings: StarlightSettings, page: StarlightPageContext): StarlightPageOptions {
  const modal: SerializableSiteSearchOptions = {};
  const translations = pageTranslations(config.options.translations, settings, page.lang);
  if (translations !== undefined && translations !== config.options.translations) modal.translations = translations;

  // The hosted index holds what its crawler wrote; only the local index is known to carry the language.
  const filter = page.multilingual && config.localIndexUrl !== null;
  const facet = `${LANGUAGE_ATTRIBUTE}:${page.lang}`;
  const condition = `${LANGUAGE_ATTRIBUTE}:${JSON.stringify(page.lang)}`;
  if (filter) {
    const { indices, askAi } = config.options;
    if (indices) {
      modal.indices = indices.map((index) =>
        typeof index === 'string' ? { name: index, searchParameters: { facetFilters: [facet] } } : { ...index, searchParameters: { ...index.searchParameters, facetFilters: withFacet(index.searchParameters?.facetFilters, facet) } },
      );
    }
    // The assistant's retrieval too: an answer in French quotes French pages. The agent backend
    // keys its parameters by index and is never the local assistant, so it is left as written.
    if (askAi !== undefined) {
      const object = typeof askAi === 'string' ? { assistantId: askAi } : askAi;
      if (!object.agentStudio) {
        const parameters = (object.searchParameters ?? {}) as Record<string, unknown>;
        modal.askAi = { ...object, searchParameters: { ...parameters, filters: withFilter(parameters.filters, condition) } };
      }
    }
  }

  let sidepanel: SerializableSidepanelOptions | undefined;
  if (config.sidepanel) {
    sidepanel = {};
    // The config's Sidepanel texts (the top-level ones with the panel's own on top) go over the
    // shipped language, as the modal's do: a site's own wording beats ours on every page.
    const panelTexts = pageTranslations(config.sidepanel.translations, settings, page.lang);
    if (panelTexts !== undefined && panelTexts !== config.sidepanel.translations) sidepanel.translations = panelTexts;
    if (filter && !config.sidepanel.agentStudio) {
      const parameters = (config.sidepanel.searchParameters ?? {}) as Record<string, unknown>;
      sidepanel.searchParameters = { ...parameters, filters: withFilter(parameters.filters, condition) } as SerializableSidepanelOptions['searchParameters'];
    }
    if (Object.keys(sidepanel).length === 0) sidepanel = undefined;
  }
  return { modal: Object.keys(modal).length > 0 ? modal : undefined, sidepanel };
}
