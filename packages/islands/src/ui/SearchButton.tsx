import { forwardRef } from 'react';
import { BUTTON_ATTRIBUTE, BUTTON_KEYSHORTCUTS, SEARCH_ICON_PATH, type SearchButtonContent } from '../shell/buttonMarkup.js';

/**
 * The search button. Its markup must equal `searchButtonHtml` (the server renderer) exactly; the
 * modifier key label (Ctrl or ⌘) comes from CSS, so the markup is the same on every platform.
 */
export const SearchButton = forwardRef<HTMLButtonElement, SearchButtonContent & { onClick?: () => void }>(function SearchButton(
  { buttonText, buttonAriaLabel, showShortcutHint, onClick },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      className="sitesearch-button"
      aria-label={buttonAriaLabel}
      aria-keyshortcuts={showShortcutHint ? BUTTON_KEYSHORTCUTS : undefined}
      {...{ [BUTTON_ATTRIBUTE]: '' }}
      onClick={onClick}
    >
      <span className="sitesearch-button-container">
        <svg className="sitesearch-button-icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path d={SEARCH_ICON_PATH} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round"></path>
        </svg>
        <span className="sitesearch-button-placeholder">{buttonText}</span>
      </span>
      {showShortcutHint ? (
        <span className="sitesearch-button-keys" aria-hidden="true">
          <kbd className="sitesearch-button-key sitesearch-button-key-mod"></kbd>
          <kbd className="sitesearch-button-key sitesearch-button-key-k"></kbd>
        </span>
      ) : null}
    </button>
  );
});
