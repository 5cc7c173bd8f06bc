/**
 * The keyboard shortcuts of the widgets (spec section 3), as a pure decision on a `keydown`
 * event plus a small listener. The loader installs the listener before any widget code loads, so
 * the decision logic must stay tiny and free of UI imports.
 */

/** What a keydown asks for. */
export type ShortcutAction = 'toggleModal' | 'openModal' | 'closeModal' | 'toggleSidepanel' | 'closeSidepanel';

/** Which shortcuts are enabled, and the current open states. */
export interface ShortcutContext {
  /** Modal shortcuts; absent when the page has no search modal. */
  modal?: { 'Ctrl/Cmd+K': boolean; '/': boolean };
  /** Sidepanel shortcuts; absent when the page has no Sidepanel. */
  sidepanel?: { 'Ctrl/Cmd+I': boolean };
  isModalOpen: boolean;
  /** Whether the Sidepanel is open (Escape closes it). */
  isSidepanelOpen?: boolean;
}

/** The parts of a `KeyboardEvent` the decision reads. */
export type ShortcutEvent = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'isComposing' | 'keyCode' | 'target'> & {
  composedPath?: () => EventTarget[];
};

/** The `type`s of the inputs one types text into (no type at all is a text field). */
const TEXT_INPUT_TYPES = /^(|text|search|email|url|tel|password|number|date|datetime-local|month|week|time)$/i;

/** Whether a node is a field the user types into (so a bare `/` must be left alone). */
export function isEditable(node: unknown): boolean {
  const element = node as HTMLElement | null;
  // Not an element: the window, the document, a text node (or nothing).
  if (element?.nodeType !== 1) return false;
  const tag = element.tagName;
  if (/^(textarea|select)$/i.test(tag)) return true;
  if (/^input$/i.test(tag)) return TEXT_INPUT_TYPES.test(element.getAttribute('type') ?? '');
  // happy-dom and some older engines do not compute isContentEditable; read the attribute chain.
  const editable = element.closest('[contenteditable]');
  return element.isContentEditable || (!!editable && editable.getAttribute('contenteditable') !== 'false');
}

/**
 * Matches a letter shortcut by `key`, falling back to the physical `code` when the layout does
 * not produce a Latin letter (e.g. Cyrillic), and ignoring case so Caps Lock does not break it.
 */
function isLetter({ key = '', code }: ShortcutEvent, letter: string): boolean {
  return key.toLowerCase() === letter || (!/^[a-z]$/i.test(key) && code === `Key${letter.toUpperCase()}`);
}

/** Decides which action, if any, a keydown triggers. */
export function getShortcutAction(event: ShortcutEvent, { modal, sidepanel, isModalOpen, isSidepanelOpen }: ShortcutContext): ShortcutAction | undefined {
  const { key } = event;
  // Keys pressed while an input method composes text (Japanese, Chinese…) belong to the IME.
  if (event.isComposing || event.keyCode === 229) return undefined;
  // Ctrl or Cmd, neither Alt nor Shift.
  const primary = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
  if (key === 'Escape' || key === 'Esc') return modal && isModalOpen ? 'closeModal' : sidepanel && isSidepanelOpen ? 'closeSidepanel' : undefined;
  if (primary && modal?.['Ctrl/Cmd+K'] && isLetter(event, 'k')) return isModalOpen ? 'closeModal' : 'openModal';
  // Inside shadow DOM the event's target is the host: the field typed into is the path's first node.
  if (key === '/' && modal?.['/'] && !event.ctrlKey && !event.metaKey && !event.altKey && !isModalOpen && !isEditable(event.composedPath?.()[0] ?? event.target)) {
    return 'openModal';
  }
  return primary && sidepanel?.['Ctrl/Cmd+I'] && isLetter(event, 'i') ? 'toggleSidepanel' : undefined;
}

/** Whether the `Ctrl/Cmd+K` hint belongs on the search button. */
export const shouldShowShortcutHint = (keyboardShortcuts: { 'Ctrl/Cmd+K': boolean }): boolean => keyboardShortcuts['Ctrl/Cmd+K'];

/** The modifier key to show in the hint: `⌘` on Apple platforms, `Ctrl` elsewhere. */
export function getModifierLabel(navigatorLike: { platform?: string; userAgent?: string; userAgentData?: { platform?: string } } | undefined): 'Ctrl' | '⌘' {
  if (!navigatorLike) return 'Ctrl';
  const platform = navigatorLike.userAgentData?.platform || navigatorLike.platform || navigatorLike.userAgent || '';
  return /mac|iphone|ipad|ipod/i.test(platform) ? '⌘' : 'Ctrl';
}

/** Handlers the shortcut listener calls. */
export interface ShortcutHandlers {
  /** Reads the current context (open states, enabled shortcuts) at the time of the key. */
  getContext(): ShortcutContext;
  /** Carries out an action; the event is given so the caller can replay it. */
  onAction(action: ShortcutAction, event: KeyboardEvent): void;
}

/**
 * Listens for the shortcuts on a window or document and returns a function that removes the
 * listener. Handled keys are prevented so the browser's own `Ctrl+K` (address bar) does not fire.
 */
export function listenForShortcuts(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>, handlers: ShortcutHandlers): () => void {
  const onKeyDown = (event: Event) => {
    const keyboardEvent = event as KeyboardEvent;
    if (keyboardEvent.defaultPrevented && keyboardEvent.key !== 'Escape') return;
    const action = getShortcutAction(keyboardEvent, handlers.getContext());
    if (!action) return;
    keyboardEvent.preventDefault();
    handlers.onAction(action, keyboardEvent);
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
