/**
 * The keyboard shortcuts of the widgets (spec section 3), as pure decisions on a `keydown`
 * event (one per widget, and `getShortcutAction` for a page's set of widgets) plus a small
 * listener. The page coordinator routes keys before any widget code loads, so the decisions must
 * stay tiny and free of UI imports.
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

/**
 * The `type`s of the inputs one does NOT type text into; any other type (an unknown one too, which
 * browsers treat as `text`) is a text field. Read from the `type` property, normalised to lower case.
 */
const NOT_TEXT_INPUT_TYPES = /^(button|checkbox|color|file|hidden|image|radio|range|reset|submit)$/;

/** Whether a node is a field the user types into (so a bare `/` must be left alone). */
export function isEditable(node: unknown): boolean {
  const element = node as HTMLInputElement | null;
  // Not an element: the window, the document, a text node (or nothing).
  if (element?.nodeType !== 1) return false;
  if (element.matches('input')) return !NOT_TEXT_INPUT_TYPES.test(element.type);
  // A textarea, a select (or an option in it), or inside `contenteditable`: the nearest such
  // attribute decides ("", "true", "plaintext-only": editable). The attribute rather than
  // isContentEditable, which happy-dom and some older engines do not compute.
  const editable = element.closest('textarea,select,[contenteditable]');
  return !!editable && editable.getAttribute('contenteditable') !== 'false';
}

/**
 * Matches a letter shortcut by `key`, falling back to the physical `code` when the layout does
 * not produce a Latin letter (e.g. Cyrillic), and ignoring case so Caps Lock does not break it.
 */
function isLetter({ key = '', code }: ShortcutEvent, letter: 'K' | 'I'): boolean {
  return key.toUpperCase() === letter || (!/^[a-z]$/i.test(key) && code === 'Key' + letter);
}

/** What a key asks of one widget: to open it, or to close it. */
export type ShortcutVerb = 'open' | 'close';

/**
 * One widget's toggle (`Ctrl/Cmd+<letter>`, when `enabled`) and Escape (closes it when open).
 * Keys pressed while an input method composes text (Japanese, Chinese…) belong to the IME.
 */
const isComposing = (event: ShortcutEvent) => event.isComposing || event.keyCode === 229;

// Exported for the early shortcut script, which has the Sidepanel's toggle on at once (18 B gzip fewer than its wrapper).
export function toggleOrEscape(event: ShortcutEvent, letter: 'K' | 'I', enabled: boolean, isOpen: boolean): ShortcutVerb | undefined {
  if (isComposing(event)) return undefined;
  // Escape closes (never opens); the toggle (Ctrl or Cmd, neither Alt nor Shift) also opens.
  const escape = event.key === 'Escape';
  if (escape || (enabled && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && isLetter(event, letter))) return isOpen ? 'close' : escape ? undefined : 'open';
  return undefined;
}

/**
 * The search modal's keys: `Ctrl/Cmd+K` toggles, `/` opens (never from a field the user types
 * in), Escape closes. Each widget brings its own decision to the page coordinator, so a page with
 * the modal alone never loads the Sidepanel's.
 */
export function getModalShortcut(event: ShortcutEvent, shortcuts: { 'Ctrl/Cmd+K': boolean; '/': boolean }, isOpen: boolean): ShortcutVerb | undefined {
  // Inside shadow DOM the event's target is the host: the field typed into is the path's first node.
  const slash = event.key === '/' && shortcuts['/'] && !isOpen && !event.ctrlKey && !event.metaKey && !event.altKey && !isComposing(event);
  return slash && !isEditable(event.composedPath?.()[0] ?? event.target) ? 'open' : toggleOrEscape(event, 'K', shortcuts['Ctrl/Cmd+K'], isOpen);
}

/** The Sidepanel's keys: `Ctrl/Cmd+I` toggles (also from a field), Escape closes. */
export const getSidepanelShortcut = (event: ShortcutEvent, shortcuts: { 'Ctrl/Cmd+I': boolean }, isOpen: boolean): ShortcutVerb | undefined =>
  toggleOrEscape(event, 'I', shortcuts['Ctrl/Cmd+I'], isOpen);

/** Decides which action, if any, a keydown triggers on a page with the given widgets (the modal's keys first). */
export function getShortcutAction(event: ShortcutEvent, { modal, sidepanel, isModalOpen, isSidepanelOpen = false }: ShortcutContext): ShortcutAction | undefined {
  const modalVerb = modal && getModalShortcut(event, modal, isModalOpen);
  if (modalVerb) return modalVerb === 'open' ? 'openModal' : 'closeModal';
  const panelVerb = sidepanel && getSidepanelShortcut(event, sidepanel, isSidepanelOpen);
  if (panelVerb) return event.key === 'Escape' ? 'closeSidepanel' : 'toggleSidepanel';
  return undefined;
}

/** Whether the `Ctrl/Cmd+K` hint belongs on the search button. */
export const shouldShowShortcutHint = (keyboardShortcuts: { 'Ctrl/Cmd+K': boolean }): boolean => keyboardShortcuts['Ctrl/Cmd+K'];

/** The modifier key to show in the hint: `⌘` on Apple platforms, `Ctrl` elsewhere. */
export const getModifierLabel = (navigatorLike: NavigatorLike | undefined): 'Ctrl' | '⌘' => (isApplePlatform(navigatorLike) ? '⌘' : 'Ctrl');

type NavigatorLike = { platform?: string; userAgent?: string; userAgentData?: { platform?: string } };

/** Whether the page runs on an Apple platform (macOS, iOS, iPadOS), where the modifier is `⌘`. */
export const isApplePlatform = (navigatorLike: NavigatorLike | undefined): boolean =>
  /mac|ip(hone|ad|od)/i.test(navigatorLike?.userAgentData?.platform || navigatorLike?.platform || navigatorLike?.userAgent || '');

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
