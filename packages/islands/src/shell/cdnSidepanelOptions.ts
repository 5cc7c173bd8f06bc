import { checkPlainObject, checkShortcuts, type OptionPath } from '../core/options/checks.js';
import { resolveContainer } from '../core/options/container.js';
import { optionError } from '../core/options/errors.js';
import type { SearchClientLike } from '../core/options/types.js';
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

const at = (path: string): OptionPath => ({ widget: 'sidepanel', path });

/**
 * The CDN script's first look at `sidepanel(options)`: only what the trigger and the loader need
 * now (the container, the shortcut) and the one option every configuration needs,
 * so a wrong call throws at the call site without the whole resolver in the loader. Every other
 * rule runs in the panel's chunk on first interaction (`resolveSidepanelOptions`), whose errors
 * the loader reports in the console.
 */
export function checkSidepanelOptionsEarly(options: unknown): EarlySidepanelOptions {
  const given = checkPlainObject(at('options'), options, 'an object of options');
  if (given.assistantId === undefined && given.agentId === undefined) throw optionError('sidepanel', 'option "assistantId" (or its later name "agentId") is required.');
  const texts = (given.translations as { sidepanel?: Record<string, unknown> } | undefined)?.sidepanel;
  // A text of the wrong type falls back here and is reported by the chunk's resolver.
  const text = (key: keyof typeof DEFAULT_SIDEPANEL_BUTTON_TEXTS) => (typeof texts?.[key] === 'string' ? (texts[key] as string) : DEFAULT_SIDEPANEL_BUTTON_TEXTS[key]);
  const keyboardShortcuts = checkShortcuts(at('keyboardShortcuts'), given.keyboardShortcuts, ['Ctrl/Cmd+I'] as const);
  const client = given.searchClient as SearchClientLike | undefined;
  return {
    given,
    container: resolveContainer('sidepanel', given.container, window),
    keyboardShortcuts,
    // `side` is checked by the chunk too; a wrong value draws the trigger on the right meanwhile.
    button: { buttonText: text('buttonText'), buttonAriaLabel: text('buttonAriaLabel'), side: given.side === 'left' ? 'left' : 'right', showShortcutHint: keyboardShortcuts['Ctrl/Cmd+I'] },
    appId: typeof given.appId === 'string' ? given.appId : undefined,
    // Checked in full by the chunk; here only used to warm it on intent.
    searchClient: client && typeof client.search === 'function' ? client : undefined,
  };
}
