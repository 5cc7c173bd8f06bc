/**
 * The CDN build's option resolver, second half: it ships in the widget's file
 * (`sitesearch-modal.js`), imported on first interaction. The loader checked the types, the required options and the container when
 * the page called `sitesearch()` (`checkSiteSearchOptionsEarly`); this runs every other rule
 * (index entries, ranges, unknown names, every translation key given, with the default texts, the
 * placeholder) and its errors are reported by the loader. The `askAi` checks and the chat's
 * default texts are a chunk of their own (chatOptions.ts), imported only when `askAi` is set or the
 * translations given reach beyond the keyword search's texts.
 */
import { coversTranslations, KEYWORD_TRANSLATIONS } from '../core/keywordTranslations.js';
import { checkSiteSearchOptions, completeSiteSearchOptions, type ResolvedSiteSearchOptions, type TextRules } from '../core/options/siteSearchOptionsBase.js';
import type { SiteSearchTranslations } from '../core/translations.js';
import type { EarlySiteSearchOptions } from './cdnSiteSearchOptions.js';

/**
 * Whether the page needs the chat's rules and texts (chatOptions.ts): when `askAi` is set, or when
 * the given translations name a key the keyword search's texts do not have (a text of the chat or
 * the Sidepanel, or a typo to report with its path).
 */
export const needsChatOptionRules = (given: Record<string, unknown>): boolean => given.askAi !== undefined || !coversTranslations(KEYWORD_TRANSLATIONS, given.translations);

/**
 * Otherwise: no assistant, and the keyword search's texts, which are all a modal without one
 * shows (typed as every text: no option asks for the others and nothing reads them).
 */
export const keywordOnlyRules: TextRules = { resolveAskAi: () => undefined, DEFAULT_TRANSLATIONS: KEYWORD_TRANSLATIONS as SiteSearchTranslations };

export function completeCdnOptions({ given, container, environment }: Pick<EarlySiteSearchOptions, 'given' | 'container' | 'environment'>): ResolvedSiteSearchOptions | Promise<ResolvedSiteSearchOptions> {
  // The container the loader resolved: a selector looked up again might now match another element.
  const checked = checkSiteSearchOptions(given, 'js', () => ({ container, environment }));
  return needsChatOptionRules(given)
    ? import('../core/options/chatOptions.js').then((chat) => completeSiteSearchOptions(checked, chat))
    : completeSiteSearchOptions(checked, keywordOnlyRules);
}
