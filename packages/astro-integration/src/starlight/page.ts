/**
 * What a Starlight page adds to the config's options: the words of its two triggers in the page's
 * language (the widgets pick the rest of their texts when they load, texts.ts), and, on a
 * multilingual site, a filter to the page's language (local index or hosted provider), so a
 * French page finds French pages (as Pagefind does, one index per language). Pure functions: the
 * Search override calls them while the page renders, and the unit tests call them directly.
 */
import { DEFAULT_TRANSLATIONS } from '@sitesearch/islands/core';
import type { ClientConfig, SerializableSidepanelOptions, SerializableSiteSearchOptions } from '@sitesearch/islands/ssg';
import { localizedTranslations, type PageTexts } from './texts.js';

/** What the Search override knows of the page being rendered. */
export interface StarlightPageContext {
  /** The page's language (`Astro.locals.starlightRoute.lang`), e.g. `fr` or `pt-BR`. */
  lang: string;
  /** Whether Starlight has more than one locale: only then are results filtered by language. */
  multilingual: boolean;
}

/** The words of the two server-rendered triggers, in the page's language. */
export interface TriggerTexts {
  buttonText: string;
  buttonAriaLabel: string;
}

export interface StarlightPageOptions {
  /** The `<SiteSearch options>` of the page (top-level keys replacing the config's), or `undefined`. */
  modal: SerializableSiteSearchOptions | undefined;
  /** The `<Sidepanel options>` of the page, or `undefined`. */
  sidepanel: SerializableSidepanelOptions | undefined;
  /** The search button's words (the widget picks the rest of the texts itself, see texts.ts). */
  button: TriggerTexts;
  /** The Sidepanel trigger's words. */
  sidepanelButton: TriggerTexts;
}

/** The record attribute the route middleware writes (`<meta name="sitesearch:language">`) and the filters test. */
export const LANGUAGE_ATTRIBUTE = 'language';

type FacetFilters = NonNullable<NonNullable<Extract<NonNullable<SerializableSiteSearchOptions['indices']>[number], object>['searchParameters']>['facetFilters']>;

const withFacet = (filters: FacetFilters | undefined, facet: string): FacetFilters => [...(filters ?? []), facet];
const withFilter = (filters: unknown, condition: string): string => (typeof filters === 'string' && filters.trim() !== '' ? `(${filters}) AND ${condition}` : condition);

/** The page's options for both widgets; `undefined` where the page changes nothing. */
export function starlightPageOptions(config: ClientConfig, texts: PageTexts, page: StarlightPageContext): StarlightPageOptions {
  const modal: SerializableSiteSearchOptions = {};
  const modalTexts = localizedTranslations(config.options.translations, texts, page.lang);
  // The panel's own texts already hold the top-level ones, with its own on top.
  const panelTexts = localizedTranslations(config.sidepanel?.translations, texts, page.lang);

  // The hosted index too: `sitesearch push` and the provider's docs crawler both record the
  // page's language as a facet (as the Docusaurus theme's contextual search relies on). A site
  // whose hosted index lacks it turns the filter off (`languageFilter: false`).
  const filter = page.multilingual && texts.languageFilter !== false;
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
    if (filter && !config.sidepanel.agentStudio) {
      const parameters = (config.sidepanel.searchParameters ?? {}) as Record<string, unknown>;
      sidepanel.searchParameters = { ...parameters, filters: withFilter(parameters.filters, condition) } as SerializableSidepanelOptions['searchParameters'];
    }
    if (Object.keys(sidepanel).length === 0) sidepanel = undefined;
  }
  return {
    modal: Object.keys(modal).length > 0 ? modal : undefined,
    sidepanel,
    button: { ...DEFAULT_TRANSLATIONS.button, ...modalTexts?.button },
    sidepanelButton: { buttonText: panelTexts?.sidepanel?.buttonText ?? DEFAULT_TRANSLATIONS.sidepanel.buttonText, buttonAriaLabel: panelTexts?.sidepanel?.buttonAriaLabel ?? DEFAULT_TRANSLATIONS.sidepanel.buttonAriaLabel },
  };
}
