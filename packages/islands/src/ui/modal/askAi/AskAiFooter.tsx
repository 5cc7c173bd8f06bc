import type { SiteSearchTranslations } from '../../../core/translations.js';
import { Footer } from '../../parts.js';

/**
 * Key hints of the Ask AI screen: Enter submits the question, a way back to keyword search, Escape
 * closes. The keyword screen's footer (already loaded with the modal) with its middle hint replaced.
 */
export function AskAiFooter({ translations, onBack }: { translations: SiteSearchTranslations; onBack(): void }) {
  const texts = translations.modal.footer;
  return (
    <Footer translations={translations} selectText={texts.submitQuestionText}>
      <li>
        <button type="button" className="sitesearch-footer-back" onClick={onBack}>
          <kbd className="sitesearch-key" aria-hidden="true">
            ←
          </kbd>
          <span className="sitesearch-command-label">{texts.backToSearchText}</span>
        </button>
      </li>
    </Footer>
  );
}
