import { escapeHtml } from './buttonMarkup.js';

/**
 * The Sidepanel trigger's markup ("Ask AI"), shared by the server renderer and the UI component
 * (`SidepanelButton`), so the server HTML and the hydrated DOM are the same by construction. A
 * test renders both and compares them. Unlike DocSearch's floating trigger it is a Tab stop.
 */

/** Attribute that marks a Sidepanel trigger for its island. */
export const SIDEPANEL_BUTTON_ATTRIBUTE = 'data-sitesearch-sidepanel-button';

/** `aria-keyshortcuts` value of the trigger when `Ctrl/Cmd+I` is on. */
export const SIDEPANEL_BUTTON_KEYSHORTCUTS = 'Control+I Meta+I';

/** The sparkle icon's path (a large and a small four-pointed star). */
export const SIDEPANEL_ICON_PATH = 'M8 3l1.6 4.4L14 9l-4.4 1.6L8 15l-1.6-4.4L2 9l4.4-1.6zM15 2l.8 2.2L18 5l-2.2.8L15 8l-.8-2.2L12 5l2.2-.8z';

/** What the trigger shows; texts come from `translations.sidepanel`. */
export interface SidepanelButtonContent {
  buttonText: string;
  buttonAriaLabel: string;
  /** The panel's side: the floating trigger sits in the bottom corner of that side. */
  side: 'right' | 'left';
  /** Whether `Ctrl/Cmd+I` is on (then the key hint and `aria-keyshortcuts` are there). */
  showShortcutHint: boolean;
}

/** The trigger as an HTML string. */
export function sidepanelButtonHtml({ buttonText, buttonAriaLabel, side, showShortcutHint }: SidepanelButtonContent): string {
  return (
    `<button type="button" class="sitesearch-sidepanel-button" ${SIDEPANEL_BUTTON_ATTRIBUTE}="" data-side="${escapeHtml(side)}" aria-label="${escapeHtml(buttonAriaLabel)}" aria-haspopup="dialog"` +
    (showShortcutHint ? ` aria-keyshortcuts="${SIDEPANEL_BUTTON_KEYSHORTCUTS}">` : '>') +
    `<svg class="sitesearch-sidepanel-button-icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path d="${SIDEPANEL_ICON_PATH}" fill="currentColor"></path></svg>` +
    `<span class="sitesearch-sidepanel-button-text">${escapeHtml(buttonText)}</span>` +
    (showShortcutHint
      ? '<span class="sitesearch-sidepanel-button-keys" aria-hidden="true"><kbd class="sitesearch-button-key sitesearch-button-key-mod"></kbd><kbd class="sitesearch-button-key">I</kbd></span>'
      : '') +
    '</button>'
  );
}
