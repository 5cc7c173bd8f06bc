import { resolveTranslations } from '../core/translations.js';
import { checkShortcuts } from '../core/options/checks.js';
import { searchButtonHtml } from './buttonMarkup.js';
import type { KeyboardShortcuts } from '../core/options/types.js';
import type { DeepPartial, SiteSearchTranslations } from '../core/translations.js';

/** What the server needs to render the search button. */
export interface RenderSearchButtonOptions {
  /** Texts (only `translations.button` is read). */
  translations?: DeepPartial<SiteSearchTranslations>;
  /** When `Ctrl/Cmd+K` is disabled, the hint is left out. */
  keyboardShortcuts?: KeyboardShortcuts;
}

/**
 * The search button's HTML for server rendering (Astro, Docusaurus, any template). It is the
 * markup the UI renders, so hydration changes nothing visible.
 */
export function renderSearchButton(options: RenderSearchButtonOptions = {}): string {
  const translations = resolveTranslations('sitesearch', options.translations);
  const shortcuts = checkShortcuts({ widget: 'sitesearch', path: 'keyboardShortcuts' }, options.keyboardShortcuts, ['Ctrl/Cmd+K', '/'] as const);
  return searchButtonHtml({ ...translations.button, showShortcutHint: shortcuts['Ctrl/Cmd+K'] });
}
