/**
 * The search modal's resolver for a widget chunk loaded on first interaction, with the chat's
 * rules on demand: the `askAi` checks and the chat's and the Sidepanel's default texts
 * (chatOptions.ts) are a chunk of their own, imported only when the page needs them. A modal
 * without an assistant shows the keyword search's texts alone, so its first load leaves them out.
 * The CDN build's resolver (shell/cdnOptions.ts) and the integrations' (`@sitesearch/islands/modal`)
 * both resolve this way.
 */
import { coversTranslations, KEYWORD_TRANSLATIONS } from '../keywordTranslations.js';
import type { SiteSearchTranslations } from '../translations.js';
import { checkSiteSearchOptions, completeSiteSearchOptions, type CheckedSiteSearchOptions, type Entry, type ResolvedSiteSearchOptions, type TextRules } from './siteSearchOptionsBase.js';

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

/**
 * `resolveSiteSearchOptions` (same rules, same errors, same result) for the integrations' widget
 * chunk: synchronous without an assistant; with one, a promise (the chat's rules load first), whose
 * rejection carries the error. The JavaScript entry's container lookup is not here: it runs up front.
 */
export function resolveModalOptions(options: unknown, entry: Exclude<Entry, 'js'>): ResolvedSiteSearchOptions | Promise<ResolvedSiteSearchOptions> {
  return completeModalOptions(checkSiteSearchOptions(options, entry));
}

/**
 * Checked options, completed with the chat's rules and the `insights` rule (each imported first)
 * when they need them, else at once with the keyword search's. The `insights` rule comes with the
 * events' sender, which the modal imports from the same chunk: one file for the option.
 */
export function completeModalOptions(checked: CheckedSiteSearchOptions): ResolvedSiteSearchOptions | Promise<ResolvedSiteSearchOptions> {
  const { given } = checked;
  const needsChat = needsChatOptionRules(given);
  const needsInsights = given.insights !== undefined && given.insights !== false;
  return needsChat || needsInsights
    ? Promise.all([needsChat ? import('./chatOptions.js') : keywordOnlyRules, needsInsights && import('../analytics/insights.js')]).then(([rules, insights]) =>
        completeSiteSearchOptions(checked, rules, insights ? insights.resolveInsights : undefined),
      )
    : completeSiteSearchOptions(checked, keywordOnlyRules);
}
