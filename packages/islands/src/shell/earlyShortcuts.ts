import { getModalShortcut, toggleOrEscape } from '../core/shortcuts/shortcuts.js';
import type { Store } from '../core/state/store.js';
import type { Surface, SurfaceStore, WidgetKind } from '../core/state/surfaces.js';
import { BUTTON_ATTRIBUTE } from './buttonMarkup.js';
import { PAGE_COORDINATOR_KEY, type PageCoordinator } from './coordinator.js';
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
 * then on this listener leaves that widget's keys alone (it sees the widget registered with the
 * islands' page coordinator, whose listener handles them), so nothing opens twice; it keeps the
 * keys of a widget whose island starts later (a server-rendered Sidepanel trigger whose
 * `sidepanel()` call comes after the modal's).
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
type Holder = Window & { [KEY]?: EarlyCapture; [PAGE_COORDINATOR_KEY]?: PageCoordinator };

/**
 * Listens for the widgets' enabled shortcuts until every widget of the page has its island (see
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
    // Each widget's key only where the page has that widget, so a page without search keeps its
    // keys (and one without a Sidepanel the browser's Ctrl+I); the rules are the islands' own
    // (never `/` typed in a field, Ctrl/Cmd+I from one too; a toggle or Escape closes again), and
    // as the coordinator does, opening one widget closes the other.
    const modal = document.querySelector(`[${BUTTON_ATTRIBUTE}]`) && getModalShortcut(event, shortcuts, capture.kind == 'modal');
    const verb =
      !event.defaultPrevented &&
      (modal || (document.querySelector(`[${SIDEPANEL_BUTTON_ATTRIBUTE}][aria-keyshortcuts]`) && toggleOrEscape(event, 'I', true, capture.kind == 'sidepanel')));
    if (!verb) return;
    const kind = modal ? 'modal' : 'sidepanel';
    const coordinator = holder[PAGE_COORDINATOR_KEY];
    // What this listener has open closes (`kind` says what: `takeEarlyCapture` clears it, leaving
    // the proxy to the island); what had focus is kept when nothing was.
    if (capture.kind) capture.proxy!.remove();
    else capture.from = document.activeElement as HTMLElement | null;
    capture.kind = undefined;
    // That widget's island runs (a page's islands may start apart: `sitesearch()` now,
    // `sidepanel()` later): its listener, added after this one, handles the key (an opening: the
    // only verb of a widget this listener never opened).
    if (coordinator?.widgets.some((widget) => widget.kind == kind)) return;
    event.preventDefault();
    if (verb == 'open') {
      // The islands' open widget closes (the modal, when the Sidepanel's island is yet to start;
      // a closed one is left as it is), and the surface is this one's: a closing widget then
      // keeps focus off its trigger.
      if (coordinator) coordinator.widgets.forEach((widget) => widget.close()), (coordinator.surfaces as SurfaceStore & Store<Surface>).set(kind);
      capture.kind = kind;
      capture.proxy = createProxyInput(document, document.body);
    } else capture.from?.focus();
  };
  // An island already listens: this script ran again (a client-side router re-runs the scripts of
  // the page it swaps in), or the page's code came first.
  if (holder[KEY] || holder[PAGE_COORDINATOR_KEY]) return () => {};
  holder[KEY] = capture;
  environment.addEventListener('keydown', onKeyDown);
  return () => environment.removeEventListener('keydown', onKeyDown);
}

/**
 * For a widget's island as it starts (registered with the page coordinator, so the early listener
 * leaves its keys alone from now on): the typing proxy the early script opened for a widget of
 * its kind, once.
 */
export function takeEarlyCapture(environment: Window, kind: WidgetKind): HTMLInputElement | undefined {
  const capture = (environment as Holder)[KEY];
  // In the loader every page loads: written to minify small. The capture stays (its listener with it).
  if (capture?.kind == kind) return (capture.kind = undefined), capture.proxy;
}
