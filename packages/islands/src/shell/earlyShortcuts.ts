import { getModalShortcut, toggleOrEscape } from '../core/shortcuts/shortcuts.js';
import type { WidgetKind } from '../core/state/surfaces.js';
import { BUTTON_ATTRIBUTE } from './buttonMarkup.js';
import { PAGE_COORDINATOR_KEY } from './coordinator.js';
import { createProxyInput } from './proxyInput.js';
import { SIDEPANEL_BUTTON_ATTRIBUTE } from './sidepanelButtonMarkup.js';

/**
 * The widgets' shortcuts before the page's own code has run. SSG pages (Docusaurus, Astro, a React
 * page rendered on the server) start the widgets' islands only once their bundle has loaded and
 * hydrated: `Ctrl/Cmd+K`, `/` or `Ctrl/Cmd+I` pressed earlier would do nothing, and what was typed
 * next would be lost. A tiny classic script (`dist/cdn/sitesearch-early.js`, linked by
 * `<script src>` so a `script-src 'self'` policy allows it) runs this from the first paint: a
 * shortcut opens the same typing proxy the islands use, for the modal or the Sidepanel, and that
 * widget's island, when it starts, takes it over and opens with everything typed meanwhile. From
 * then on this listener stands aside (it sees the islands' page coordinator, whose listener then
 * has the keys alone), so nothing opens twice.
 */

/** The script's attribute naming the shortcuts it listens for: JSON of the `keyboardShortcuts` option. */
export const EARLY_SHORTCUTS_ATTRIBUTE = 'data-keyboard-shortcuts';

/**
 * The attributes of the `<script src>` an adapter writes for a page with the given
 * `keyboardShortcuts` option; `undefined` when both modal shortcuts are off (no script needed),
 * unless the page has a Sidepanel with `Ctrl/Cmd+I` on (`sidepanelShortcut`), which the script
 * also serves.
 */
export function earlyScriptAttributes(keyboardShortcuts: { 'Ctrl/Cmd+K'?: boolean; '/'?: boolean } | undefined, sidepanelShortcut = false): Record<string, string> | undefined {
  if (!sidepanelShortcut && keyboardShortcuts?.['Ctrl/Cmd+K'] === false && keyboardShortcuts['/'] === false) return undefined;
  return keyboardShortcuts ? { [EARLY_SHORTCUTS_ATTRIBUTE]: JSON.stringify(keyboardShortcuts) } : {};
}

/** What the early listener hands to the islands. */
export interface EarlyCapture {
  /** The typing proxy, while a shortcut asked for a widget. */
  proxy?: HTMLInputElement;
  /** The widget it asked for (set with `proxy`): only that widget's island takes the proxy. */
  kind?: WidgetKind;
  /**
   * What had focus when it did: focus goes back there when a shortcut closes it again before
   * the island runs. (The island does not take it: before the page's code runs, that is the page's
   * body nearly always, and a closing widget then focuses its trigger anyway.)
   */
  from?: HTMLElement | null;
}

// On the window under a registry symbol, as the coordinator is: the island reading it is another bundle.
const KEY = Symbol.for('sitesearch.early');
type Holder = Window & { [KEY]?: EarlyCapture; [PAGE_COORDINATOR_KEY]?: unknown };

/**
 * Listens for the widgets' enabled shortcuts until the page's islands run (see
 * `takeEarlyCapture`); returns how to stop sooner (for tests). The modal's are `shortcuts`; the
 * Sidepanel's `Ctrl/Cmd+I` is read from the page: its server-rendered trigger announces it
 * (`aria-keyshortcuts`, there exactly when the option leaves it on), so no adapter has to pass the
 * Sidepanel's options to this script.
 */
export function listenEarly(environment: Window, shortcuts: { 'Ctrl/Cmd+K': boolean; '/': boolean }): () => void {
  const holder = environment as Holder;
  const { document } = environment;
  const capture: EarlyCapture = {};
  const onKeyDown = (event: KeyboardEvent) => {
    // The islands run now (their coordinator exists): this listener goes, and theirs, added after
    // it, handles the key. Stopping here rather than from the island keeps that code out of the
    // loader every page loads.
    if (holder[PAGE_COORDINATOR_KEY]) return stop();
    // Each widget's key only where the page has that widget, so a page without search keeps its
    // keys (and one without a Sidepanel the browser's Ctrl+I); the rules are the islands' own
    // (never `/` typed in a field, Ctrl/Cmd+I from one too; a toggle or Escape closes again), and
    // as the coordinator does, opening one widget closes the other.
    const modal = document.querySelector(`[${BUTTON_ATTRIBUTE}]`) && getModalShortcut(event, shortcuts, capture.kind == 'modal');
    const verb =
      !event.defaultPrevented &&
      (modal || (document.querySelector(`[${SIDEPANEL_BUTTON_ATTRIBUTE}][aria-keyshortcuts]`) && toggleOrEscape(event, 'I', true, capture.kind == 'sidepanel')));
    if (!verb) return;
    event.preventDefault();
    // `kind` says what is open (a closed proxy may stay referenced: nothing takes it without a kind).
    if (!capture.kind) capture.from = document.activeElement as HTMLElement | null;
    capture.proxy?.remove();
    if (verb == 'open') {
      capture.kind = modal ? 'modal' : 'sidepanel';
      capture.proxy = createProxyInput(document, document.body);
    } else {
      capture.kind = undefined;
      capture.from?.focus();
    }
  };
  const stop = () => environment.removeEventListener('keydown', onKeyDown);
  // An island already listens: this script ran again (a client-side router re-runs the scripts of
  // the page it swaps in), or the page's code came first.
  if (holder[KEY] || holder[PAGE_COORDINATOR_KEY]) return stop;
  holder[KEY] = capture;
  environment.addEventListener('keydown', onKeyDown);
  return stop;
}

/**
 * For a widget's island as it starts (its coordinator made, so the early listener stands down at
 * the next key): the typing proxy the early script opened for a widget of its kind, once.
 */
export function takeEarlyCapture(environment: Window, kind: WidgetKind): HTMLInputElement | undefined {
  const capture = (environment as Holder)[KEY];
  // In the loader every page loads: written to minify small.
  if (capture?.kind == kind) return delete (environment as Holder)[KEY], capture.proxy;
}
