import type { SiteSearchTranslations } from '../../core/translations.js';

/** The notice that answers are written by AI. */
export function Disclaimer({ translations }: { translations: SiteSearchTranslations }) {
  return <p className="sitesearch-chat-disclaimer">{translations.modal.askAiScreen.disclaimerText}</p>;
}
