import type { SiteSearchTranslations } from '../../core/translations.js';

/**
 * The notice under the chat: answers are written by AI, or, from the local assistant (`local`),
 * quoted from the docs found by search.
 */
export function Disclaimer({ translations, local }: { translations: SiteSearchTranslations; local?: boolean }) {
  const texts = translations.modal.askAiScreen;
  return <p className="sitesearch-chat-disclaimer">{local ? texts.localDisclaimerText : texts.disclaimerText}</p>;
}
