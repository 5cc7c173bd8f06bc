/**
 * The search page of the site's other locales, for the page's "search in another language"
 * links. Each locale is a build of its own with its own index (`<locale baseUrl>sitesearch/`),
 * and a hosted index is filtered by `language:`, so a page lists its own locale's results and
 * links to the same search (query and versions) on the others. Pure: no Docusaurus imports.
 */
import { searchPageRoute } from '../../searchPage.js';

export interface LocaleInfo {
  label?: string;
  htmlLang?: string;
  /** Set by Docusaurus 3.7 and later; older versions put other locales under `<baseUrl><locale>/`. */
  baseUrl?: string;
  /** The locale's site URL (a locale may be deployed on a domain of its own). */
  url?: string;
}

export interface SiteI18n {
  currentLocale: string;
  defaultLocale: string;
  locales: readonly string[];
  localeConfigs: Record<string, LocaleInfo | undefined>;
}

export interface LocaleSearchPage {
  locale: string;
  /** The locale's name in its own language (the locale dropdown's label). */
  label: string;
  /** For the link's `lang` and `hreflang`. */
  htmlLang: string;
  href: string;
}

/** A locale's base URL, from its config, else as Docusaurus 3.0–3.6 derived it from the current one's. */
function localeBaseUrl(i18n: SiteI18n, siteBaseUrl: string, locale: string): string {
  const configured = i18n.localeConfigs[locale]?.baseUrl;
  if (configured) return configured;
  const suffix = `${i18n.currentLocale}/`;
  const root = i18n.currentLocale !== i18n.defaultLocale && siteBaseUrl.endsWith(suffix) ? siteBaseUrl.slice(0, -suffix.length) : siteBaseUrl;
  return locale === i18n.defaultLocale ? root : `${root}${locale}/`;
}

const originOf = (url: string | undefined): string | undefined => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Every locale but the current one, with the URL of its search page carrying `search` (the
 * query string: `?q=…&version=…`). A locale on another domain gets an absolute URL.
 */
export function otherLocaleSearchPages(i18n: SiteI18n, site: { baseUrl: string; url: string }, searchPagePath: string, search: string): LocaleSearchPage[] {
  const here = originOf(i18n.localeConfigs[i18n.currentLocale]?.url) ?? originOf(site.url);
  return i18n.locales
    .filter((locale) => locale !== i18n.currentLocale)
    .map((locale) => {
      const config = i18n.localeConfigs[locale] ?? {};
      const path = `${searchPageRoute(localeBaseUrl(i18n, site.baseUrl, locale), searchPagePath)}${search}`;
      const origin = originOf(config.url);
      return { locale, label: config.label ?? locale, htmlLang: config.htmlLang ?? locale, href: origin && origin !== here ? `${origin}${path}` : path };
    });
}
