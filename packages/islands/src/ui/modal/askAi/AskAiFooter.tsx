import type { SiteSearchTranslations } from '../../../core/translations.js';

/** Key hints of the Ask AI screen: Enter submits the question, a way back to keyword search, Escape closes. */
export function AskAiFooter({ translations, onBack }: { translations: SiteSearchTranslations; onBack(): void }) {
  const texts = translations.modal.footer;
  return (
    <div className="sitesearch-footer">
      <ul className="sitesearch-commands">
        <li>
          <kbd className="sitesearch-key" role="img" aria-label={texts.selectKeyAriaLabel}>
            ↵
          </kbd>
          <span className="sitesearch-command-label">{texts.submitQuestionText}</span>
        </li>
        <li>
          <button type="button" className="sitesearch-footer-back" onClick={onBack}>
            <kbd className="sitesearch-key" aria-hidden="true">
              ←
            </kbd>
            <span className="sitesearch-command-label">{texts.backToSearchText}</span>
          </button>
        </li>
        <li>
          <kbd className="sitesearch-key" role="img" aria-label={texts.closeKeyAriaLabel}>
            esc
          </kbd>
          <span className="sitesearch-command-label">{texts.closeText}</span>
        </li>
      </ul>
    </div>
  );
}
