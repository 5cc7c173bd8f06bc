import { forwardRef } from 'react';
import { SIDEPANEL_BUTTON_ATTRIBUTE, SIDEPANEL_BUTTON_KEYSHORTCUTS, SIDEPANEL_ICON_PATH, type SidepanelButtonContent } from '../shell/sidepanelButtonMarkup.js';

/**
 * The Sidepanel's trigger ("Ask AI"). Its markup must equal `sidepanelButtonHtml` exactly; the
 * modifier key label (Ctrl or ⌘) comes from CSS, so the markup is the same on every platform.
 */
export const SidepanelButton = forwardRef<HTMLButtonElement, SidepanelButtonContent>(function SidepanelButton({ buttonText, buttonAriaLabel, side, showShortcutHint }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      className="sitesearch-sidepanel-button"
      {...{ [SIDEPANEL_BUTTON_ATTRIBUTE]: '' }}
      data-side={side}
      aria-label={buttonAriaLabel}
      aria-haspopup="dialog"
      aria-keyshortcuts={showShortcutHint ? SIDEPANEL_BUTTON_KEYSHORTCUTS : undefined}
    >
      <svg className="sitesearch-sidepanel-button-icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d={SIDEPANEL_ICON_PATH} fill="currentColor"></path>
      </svg>
      <span className="sitesearch-sidepanel-button-text">{buttonText}</span>
      {showShortcutHint ? (
        <span className="sitesearch-sidepanel-button-keys" aria-hidden="true">
          <kbd className="sitesearch-button-key sitesearch-button-key-mod"></kbd>
          <kbd className="sitesearch-button-key">I</kbd>
        </span>
      ) : null}
    </button>
  );
});
