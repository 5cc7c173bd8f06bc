import { optionError } from '../core/options/errors.js';
import { checkOptionTypes, SIDEPANEL_ENTRY_OPTION_TYPES, SIDEPANEL_OPTION_TYPES } from '../core/options/optionTypes.js';
import type { SearchClientLike } from '../core/options/types.js';
import { findContainer } from './findContainer.js';
import type { SidepanelButtonContent } from './sidepanelButtonMarkup.js';

/** The default texts of the trigger, equal to `DEFAULT_TRANSLATIONS.sidepanel` (a test keeps them so). */
export const DEFAULT_SIDEPANEL_BUTTON_TEXTS = { buttonText: 'Ask AI', buttonAriaLabel: 'Ask AI' } as const;

/** What the CDN loader knows of `sidepanel(options)` before the panel's chunk arrives. */
export interface EarlySidepanelOptions {
  /** The options as given, resolved in full by the panel's chunk (`resolveSidepanelOptions`). */
  given: Record<string, unknown>;
  container: HTMLElement;
  keyboardShortcuts: { 'Ctrl/Cmd+I': boolean };
  button: SidepanelButtonContent;
  appId: string | undefined;
  searchClient: SearchClientLike | undefined;
}

/**
 * The CDN script's first look at `sidepanel(options)`: the type of every option (the shared
 * table), the required assistant ID and the container, so a wrong call throws at the call site
 * without the whole resolver in the loader. The value rules (a known `side`, a CSS width, unknown
 * names…) run in the panel's chunk on first interaction (`resolveSidepanelOptions`), whose errors
 * the loader reports in the console.
 */
export function checkSidepanelOptionsEarly(options: unknown): EarlySidepanelOptions {
  const given = checkOptionTypes('sidepanel', { ...SIDEPANEL_OPTION_TYPES, container: SIDEPANEL_ENTRY_OPTION_TYPES.container }, options);
  if (given.assistantId === undefined && given.agentId === undefined) throw optionError('sidepanel', 'option "assistantId" (or its later name "agentId") is required.');
  const texts = (given.translations as { sidepanel?: Partial<typeof DEFAULT_SIDEPANEL_BUTTON_TEXTS> } | undefined)?.sidepanel;
  const shortcut = (given.keyboardShortcuts as { 'Ctrl/Cmd+I'?: boolean } | undefined)?.['Ctrl/Cmd+I'] !== false;
  return {
    given,
    container: findContainer('sidepanel', given.container, document),
    keyboardShortcuts: { 'Ctrl/Cmd+I': shortcut },
    // `side` is checked by the chunk; a wrong value draws the trigger on the right meanwhile.
    button: { buttonText: texts?.buttonText ?? DEFAULT_SIDEPANEL_BUTTON_TEXTS.buttonText, buttonAriaLabel: texts?.buttonAriaLabel ?? DEFAULT_SIDEPANEL_BUTTON_TEXTS.buttonAriaLabel, side: given.side === 'left' ? 'left' : 'right', showShortcutHint: shortcut },
    appId: given.appId as string | undefined,
    searchClient: given.searchClient as SearchClientLike | undefined,
  };
}
