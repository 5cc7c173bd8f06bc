import type { DocHit } from '../core/records.js';
import type { Navigator } from '../core/options/types.js';

/** How an item is opened: Enter, Ctrl/Cmd+Enter (new tab) or Shift+Enter (new window). */
export type OpenMode = 'same' | 'tab' | 'window';

export const openModeOf = (event: { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): OpenMode =>
  event.ctrlKey || event.metaKey ? 'tab' : event.shiftKey ? 'window' : 'same';

/**
 * Opens an item through the user's `navigator` when it has the matching method, else through
 * the browser. New tabs and windows get `noopener` so the opened page cannot reach this one.
 */
export function openItem(environment: Window, navigator: Navigator | undefined, url: string, item: DocHit, mode: OpenMode): void {
  const params = { itemUrl: url, item };
  if (mode === 'tab') {
    if (navigator?.navigateNewTab) navigator.navigateNewTab(params);
    else environment.open(url, '_blank', 'noopener');
  } else if (mode === 'window') {
    if (navigator?.navigateNewWindow) navigator.navigateNewWindow(params);
    else environment.open(url, '_blank', 'noopener,noreferrer,popup');
  } else if (navigator?.navigate) {
    navigator.navigate(params);
  } else {
    environment.location.assign(url);
  }
}
