import { getModalShortcut } from '../core/shortcuts/shortcuts.js';
import { BUTTON_ATTRIBUTE } from './buttonMarkup.js';
import { PAGE_COORDINATOR_KEY } from './coordinator.js';
import { createProxyInput } from './proxyInput.js';

/**
 * The modal's shortcuts before the page's own code has run. SSG pages (Docusaurus, Astro, a React
 * page rendered on the server) start the modal's island only once their bundle has loaded and
 * hydrated: `Ctrl/Cmd+K` or `/` pressed earlier would do nothing, and what was typed next would
 * be lost. A tiny classic script (`dist/cdn/sitesearch-early.js`, linked by `<script src>` so a
 * `script-src 'self'` policy allows it) runs this from the first paint: a shortcut opens the same
 * typing proxy the island uses, and the island, when it starts, takes it over and opens the modal
 * with everything typed meanwhile. From then on this listener stands aside (it sees the island's
 * page coordinator, whose listener then has the keys alone), so nothing opens twice.
 */

/** The script's attribute naming the shortcuts it listens for: JSON of the `keyboardShortcuts` option. */
export const EARLY_SHORTCUTS_ATTRIBUTE = 'data-keyboard-shortcuts';

/**
 * The attributes of the `<script src>` an adapter writes for a page with the given
 * `keyboardShortcuts` option; `undefined` when both modal shortcuts are off (no script needed).
 */
export function earlyScriptAttributes(keyboardShortcuts: { 'Ctrl/Cmd+K'?: boolean; '/'?: boolean } | undefined): Record<string, string> | undefined {
  if (keyboardShortcuts?.['Ctrl/Cmd+K'] === false && keyboardShortcuts['/'] === false) return undefined;
  return keyboardShortcuts ? { [EARLY_SHORTCUTS_ATTRIBUTE]: JSON.stringify(keyboardShortcuts) } : {};
}

/** What the early listener hands to the modal's island. */
export interface EarlyCapture {
  /** The typing proxy, while a shortcut asked for the modal. */
  proxy?: HTMLInputElement;
  /**
   * What had focus when it did: focus goes back there when the shortcut closes it again before
   * the island runs. (The island does not take it: before the page's code runs, that is the page's
   * body nearly always, and a closing modal then focuses the search button anyway.)
   */
  from?: HTMLElement | null;
}

// On the window under a registry symbol, as the coordinator is: the island reading it is another bundle.
const KEY = Symbol.for('sitesearch.early');
type Holder = Window & { [KEY]?: EarlyCapture; [PAGE_COORDINATOR_KEY]?: unknown };

/**
 * Listens for the modal's enabled shortcuts until the page's islands run (see `takeEarlyCapture`);
 * returns how to stop sooner (for tests).
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
    // Only where the page has a search button, so a page without search keeps its keys; the rules
    // are the island's own (never `/` typed in a field; Ctrl/Cmd+K and Escape close again).
    const verb = !event.defaultPrevented && document.querySelector(`[${BUTTON_ATTRIBUTE}]`) && getModalShortcut(event, shortcuts, !!capture.proxy);
    if (!verb) return;
    event.preventDefault();
    if (verb === 'open') {
      capture.from = document.activeElement as HTMLElement | null;
      capture.proxy = createProxyInput(document, document.body);
    } else {
      capture.proxy!.remove();
      capture.proxy = undefined;
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
 * For the modal's island as it starts (its coordinator made, so the early listener stands down at
 * the next key): what the early script captured, once.
 */
export function takeEarlyCapture(environment: Window): EarlyCapture | undefined {
  const holder = environment as Holder;
  const capture = holder[KEY];
  delete holder[KEY];
  return capture;
}
