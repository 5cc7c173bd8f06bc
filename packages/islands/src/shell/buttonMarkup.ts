/**
 * The search button's markup, shared by the server renderer (`renderSearchButton`) and the UI
 * component (`SearchButton`), so the server HTML and the hydrated DOM are the same by
 * construction. A test renders both and compares them.
 */

/** The magnifier icon's path (also used inside the modal). */
export const SEARCH_ICON_PATH = 'M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 1 1 3.733 3.733a7.533 7.533 0 0 1 10.653 10.653z';

/** Attribute that marks a search button for the loader. */
export const BUTTON_ATTRIBUTE = 'data-sitesearch-button';

/** `aria-keyshortcuts` value of the button when `Ctrl/Cmd+K` is on. */
export const BUTTON_KEYSHORTCUTS = 'Control+K Meta+K';

/**
 * What the button shows. The key hint is drawn by CSS (`::before`), so it is neither text of the
 * button nor part of its name. The `aria-label` stays set: on small screens the text is hidden.
 */
export interface SearchButtonContent {
  buttonText: string;
  buttonAriaLabel: string;
  /** Whether the `Ctrl/Cmd+K` hint is shown. */
  showShortcutHint: boolean;
}

// The same escapes React's server renderer writes, so both markups are equal byte for byte.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** The button as an HTML string. */
export function searchButtonHtml({ buttonText, buttonAriaLabel, showShortcutHint }: SearchButtonContent): string {
  const keys = showShortcutHint
    ? '<span class="sitesearch-button-keys" aria-hidden="true"><kbd class="sitesearch-button-key sitesearch-button-key-mod"></kbd><kbd class="sitesearch-button-key sitesearch-button-key-k"></kbd></span>'
    : '';
  return (
    `<button type="button" class="sitesearch-button" aria-label="${escapeHtml(buttonAriaLabel)}"${showShortcutHint ? ` aria-keyshortcuts="${BUTTON_KEYSHORTCUTS}"` : ''} ${BUTTON_ATTRIBUTE}="">` +
    '<span class="sitesearch-button-container">' +
    `<svg class="sitesearch-button-icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path d="${SEARCH_ICON_PATH}" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"></path></svg>` +
    `<span class="sitesearch-button-placeholder">${escapeHtml(buttonText)}</span>` +
    '</span>' +
    keys +
    '</button>'
  );
}
