/**
 * `@sitesearch/astro/starlight`: SiteSearch as a Starlight plugin.
 *
 *   starlight({ plugins: [sitesearchStarlight({ askAi: 'docs', sidepanel: true })] })
 *
 * Takes the options of `sitesearch()`, validated once when the config loads (errors name the
 * option and the Starlight config), and installs the same Astro integration with them. It puts
 * SiteSearch's button in Starlight's `Search` slot, turns Pagefind off so the site builds one
 * index, and adds a route middleware that tells our indexer each page's language and which pages
 * Starlight keeps out of search (`pagefind: false`, the 404 page).
 */
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import type { SiteSearchAstroOptions } from '../config-types.js';
import { integrationFor } from '../index.js';
import { sourceError, validateIntegrationOptions, validateSerializable, type ValidatedIntegrationOptions } from '../options.js';
import type { PageTexts } from './texts.js';
import { SHIPPED_TRANSLATIONS, type TranslationTable } from './translations.js';

export type { PageTexts } from './texts.js';
export type { TranslationTable } from './translations.js';

/** Options of `sitesearchStarlight()`: those of `sitesearch()`, plus texts per Starlight language. */
export interface SiteSearchStarlightOptions extends SiteSearchAstroOptions {
  /**
   * The widgets' texts per language, keyed by the `lang` of Starlight's `locales` (`de`, `pt-BR`;
   * a `pt` key also serves `pt-BR`). English and French ship; these go over them and over
   * `translations`, which applies to every page.
   */
  localeTranslations?: Record<string, TranslationTable>;
  /**
   * On a multilingual site, whether a page's search and Ask AI keep to pages of its language
   * (`language:<lang>`; default `true`). Turn off for a hosted index without a `language` facet.
   */
  languageFilter?: boolean;
}

/**
 * The part of Starlight's `StarlightPlugin` this plugin uses, written out: Starlight ships
 * TypeScript sources that only type-check inside an Astro project, so importing its types would
 * make every consumer's `tsc` check Starlight itself. Assignable to `StarlightPlugin` (0.37).
 */
export interface SiteSearchStarlightPlugin {
  name: string;
  hooks: {
    'config:setup': (options: {
      config: { components?: Record<string, string | undefined>; pagefind?: unknown };
      updateConfig: (config: { pagefind?: boolean; components?: Record<string, string | undefined> }) => void;
      addIntegration: (integration: AstroIntegration) => void;
      addRouteMiddleware: (middleware: { entrypoint: string; order?: 'pre' | 'post' | 'default' }) => void;
      logger: AstroIntegrationLogger;
    }) => void;
  };
}

/** The component Starlight renders in its header's search slot. */
export const SEARCH_COMPONENT = '@sitesearch/astro/starlight/Search.astro';
const ROUTE_MIDDLEWARE = '@sitesearch/astro/starlight/route-middleware';

/** Checks `localeTranslations`: an object of translation tables, each checked like `translations`. */
function validateLocaleTranslations(value: unknown, validated: ValidatedIntegrationOptions): Record<string, TranslationTable> {
  const source = 'the Starlight config';
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw sourceError(source, 'option "localeTranslations" must be an object of translations by language, e.g. { de: { button: { buttonText: "Suchen" } } }.');
  }
  for (const [lang, table] of Object.entries(value)) {
    if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/i.test(lang)) {
      throw sourceError(source, `option "localeTranslations" has the key ${JSON.stringify(lang)}, which is not a language tag like "de" or "pt-BR" (the "lang" of Starlight's locales).`);
    }
    try {
      validateSerializable({ ...validated.options, translations: table as TranslationTable }, source);
    } catch (error) {
      // The core names the key as "translations…": say which table it was in.
      const message = error instanceof Error ? error.message : String(error);
      throw sourceError(source, `in option "localeTranslations.${lang}": ${message.replace(/^sitesearch \([^)]*\): /, '')}`);
    }
  }
  return value as Record<string, TranslationTable>;
}

/** The Starlight plugin; throws an `Error` naming the option when one is wrong. */
export default function sitesearchStarlight(options: SiteSearchStarlightOptions = {}): SiteSearchStarlightPlugin {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw sourceError('the Starlight config', `sitesearchStarlight() takes an object of options; received ${Array.isArray(options) ? 'an array' : options === null ? 'null' : `a ${typeof options}`}.`);
  }
  const { localeTranslations, languageFilter, ...integrationOptions } = options;
  const validated = validateIntegrationOptions(integrationOptions, 'the Starlight config');
  if (languageFilter !== undefined && typeof languageFilter !== 'boolean') {
    throw sourceError('the Starlight config', `option "languageFilter" must be true or false; received ${JSON.stringify(languageFilter)}.`);
  }
  const texts: PageTexts = { shipped: SHIPPED_TRANSLATIONS, locale: validateLocaleTranslations(localeTranslations, validated), languageFilter: languageFilter ?? true };
  return {
    name: '@sitesearch/astro/starlight',
    hooks: {
      'config:setup'({ config, updateConfig, addIntegration, addRouteMiddleware, logger }) {
        const written = config.components?.Search;
        // A site that already replaced Search keeps its component (it may wrap <SiteSearch />).
        if (written !== undefined && written !== SEARCH_COMPONENT) {
          logger.warn(`components.Search is set to ${JSON.stringify(written)}, so SiteSearch's button is not placed there: render <SiteSearch /> from @sitesearch/astro/components in that component.`);
          updateConfig({ pagefind: false });
        } else {
          updateConfig({ pagefind: false, components: { ...config.components, Search: SEARCH_COMPONENT } });
        }
        // Two search indexes for one site would be built and only one ever used.
        if (config.pagefind !== false) logger.info('Pagefind is turned off: SiteSearch builds the search index.');
        addIntegration(integrationFor(validated, 'the Starlight config', texts));
        addRouteMiddleware({ entrypoint: ROUTE_MIDDLEWARE });
      },
    },
  };
}
