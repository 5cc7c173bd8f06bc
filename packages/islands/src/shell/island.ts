import { isApplePlatform } from '../core/shortcuts/shortcuts.js';
import type { ReadableStore } from '../core/state/store.js';
import type { WidgetKind } from '../core/state/surfaces.js';
import { getPageCoordinator, type CoordinatedWidget, type PageCoordinator } from './coordinator.js';
import { takeEarlyCapture } from './earlyShortcuts.js';
import { createProxyInput } from './proxyInput.js';

/**
 * One island: the code a page runs before someone uses a widget (the modal, the Sidepanel). It
 * watches for intent on the widget's triggers, imports the widget on the first interaction and
 * replays it: the widget opens with every key typed meanwhile. The page coordinator routes the
 * shortcuts to it and keeps it from being open together with another surface.
 */

/** What every widget gets when it mounts. */
export interface IslandContext {
  /** Returns (once) what the user typed while the widget loaded, and stops capturing. */
  takePendingQuery(): string | undefined;
  /** Once the widget closed: moves focus back to the element that opened it (not if another surface opened meanwhile). */
  returnFocus(): void;
}

/** The open state an island drives (the modal's and the Sidepanel's stores both fit). */
export interface OpenStore extends ReadableStore<{ isOpen: boolean }> {
  open(): void;
  close(): void;
}

export interface IslandOptions<Mounted extends { unmount(): void }> {
  kind: WidgetKind;
  /** Attribute that marks the widget's triggers (found by delegation in `root`). */
  triggerAttribute: string;
  store: OpenStore;
  /** What a keydown asks of the widget (its enabled shortcuts and Escape), for the coordinator. */
  shortcut: CoordinatedWidget['shortcut'];
  /** Imports the widget and returns its mount function. */
  load(): Promise<(context: IslandContext) => Mounted>;
  /** The widget's name in the console's message when it cannot be loaded ("the {name} could not be loaded"). */
  name: string;
  /** Window the page runs in (default: the global one). */
  environment?: Window;
  /** Where triggers are looked for (default: the document). */
  root?: Document | Element;
  /** Origins to preconnect to on intent. */
  preconnect?: string[];
  /** Stylesheets the widget needs, loaded on intent and awaited before it mounts. */
  stylesheets?: string[];
  /** Called on intent too: lets a search client start fetching (the local index client's `warm()`). */
  warm?: () => unknown;
  /** Where the typing proxy lives until the widget mounts (default: the document body). */
  portal?: () => Element;
  /** Sidepanel: takes a question asked in the modal, if it can (hybrid hand-off; see the coordinator). */
  ask?: CoordinatedWidget['ask'];
}

export interface Island<Mounted> {
  coordinator: PageCoordinator;
  /**
   * Opens the widget (loading it first if needed); resolves with it once mounted (`undefined` if
   * it failed or the island is destroyed). `from`: the trigger clicked, to focus back on close.
   */
  open(from?: HTMLElement): Promise<Mounted | undefined>;
  close(): void;
  /** Starts loading the widget, its stylesheets and the connections it needs. */
  prefetch(): Promise<void>;
  /** Removes every listener and node the island added, and unmounts the widget. */
  destroy(): void;
}

export function createIsland<Mounted extends { unmount(): void }>(options: IslandOptions<Mounted>): Island<Mounted> {
  const environment = options.environment ?? window;
  const { document } = environment;
  const root = options.root ?? document;
  const { store } = options;
  const triggerSelector = `[${options.triggerAttribute}]`;
  const coordinator = getPageCoordinator(environment);
  // What destroy() undoes: listeners, the coordinator's registration, the links added to <head>.
  const cleanups: Array<() => void> = [];
  let prefetching: Promise<(context: IslandContext) => Mounted> | undefined;
  let mounting: Promise<Mounted | undefined> | undefined;
  let mounted: Mounted | undefined;
  let proxy: HTMLInputElement | undefined;
  let trigger: HTMLElement | null | undefined;
  let destroyed = false;

  // The triggers' modifier hint is drawn by CSS from this attribute, so the markup never changes.
  if (isApplePlatform(environment.navigator as never)) document.documentElement.setAttribute('data-sitesearch-platform', 'apple');

  const addLink = (rel: string, href: string): HTMLLinkElement => {
    let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"][href="${CSS.escape(href)}"]`);
    if (!link) {
      link = document.head.appendChild(Object.assign(document.createElement('link'), { rel, href }));
      if (rel === 'preconnect') link.crossOrigin = 'anonymous';
      cleanups.push(() => link!.remove());
    }
    return link;
  };

  /**
   * Runs once per page (every hover or focus of a trigger calls it): preconnect, stylesheets,
   * warming and the import happen a single time; resolves with the widget's mount function once
   * it and its stylesheets are in. A failed import is forgotten, so the next interaction tries again.
   */
  const prefetch = () =>
    (prefetching ??= Promise.all([
      options.load(),
      ...(options.stylesheets ?? []).map((href) => {
        const link = addLink('stylesheet', href);
        // A stylesheet that fails must not keep the widget closed.
        return link.sheet || new Promise((settle) => (link.onload = link.onerror = settle));
      }),
      // Neither awaited: a connection, and warming (an optimisation: a failure, thrown or
      // rejected, shows up if at all as an error later).
      options.preconnect?.forEach((origin) => addLink('preconnect', origin)),
      void new Promise((settle) => settle(options.warm?.())).catch(() => {}),
    ]).then(
      ([mountWidget]) => mountWidget,
      (error: unknown) => {
        prefetching = undefined;
        throw error;
      },
    ));

  function removeProxy() {
    proxy?.remove();
    proxy = undefined;
  }

  const focusTrigger = () => {
    // Not while another surface is open (this widget closed because that one opened; a closed
    // widget is never the open surface). The page's body (nothing had focus) is no place to
    // return to: the first trigger is.
    if (coordinator.surfaces.get() === 'none') (trigger?.isConnected && trigger !== document.body ? trigger : root.querySelector<HTMLElement>(triggerSelector))?.focus();
  };

  function mount(): Promise<Mounted | undefined> {
    return (mounting ??= prefetch()
      .then((mountWidget) => {
        if (!destroyed)
          return (mounted = mountWidget({
            takePendingQuery() {
              const value = proxy?.value;
              removeProxy();
              return value;
            },
            returnFocus: focusTrigger,
          }));
      })
      .catch((error: unknown) => {
        mounting = undefined;
        removeProxy();
        store.close();
        console.error(`sitesearch: the ${options.name} could not be loaded.`, error);
        return undefined;
      }));
  }

  function open(from?: HTMLElement): Promise<Mounted | undefined> {
    if (destroyed) return Promise.resolve() as Promise<undefined>;
    // Remembered on each opening (not while already open, when focus is inside the widget): the
    // clicked trigger, else what had focus (the body, or nothing) — so focus never goes back to an
    // element of an earlier opening; `focusTrigger` then falls back to the first trigger.
    if (!store.get().isOpen && !proxy) trigger = from ?? (document.activeElement as HTMLElement | null);
    store.open();
    // Keys typed while the widget loads land in the proxy.
    if (!mounted && !proxy) proxy = createProxyInput(document, options.portal?.() ?? document.body);
    return mount();
  }

  // Closing a closed widget does nothing: focusing its trigger would be intent, which loads the
  // widget (the coordinator and the early script close every other widget, open or not). A
  // typing proxy only exists while it is open: open() opens the store before adding one.
  function close() {
    if (!store.get().isOpen) return;
    store.close();
    if (!mounted) {
      removeProxy();
      focusTrigger();
    }
  }

  // One listener for every event on the triggers, by delegation: a pointer over one (a mouse's
  // hover, and a finger's touch, which fires pointerover first) and focus are
  // intent (prefetch); a click opens.
  const onTriggerEvent = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>(triggerSelector);
    if (!button) return;
    if (event.type !== 'click') return void prefetch().catch(() => {});
    event.preventDefault();
    void open(button);
  };
  const types = ['pointerover', 'focusin', 'click'];
  // Passive but for the click, which is prevented.
  for (const type of types) root.addEventListener(type, onTriggerEvent, { passive: type !== 'click' });
  cleanups.push(
    () => types.forEach((type) => root.removeEventListener(type, onTriggerEvent)),
    // The options carry the widget's kind, store, shortcut decision and `ask`.
    coordinator.register({ ...options, open, close }),
  );

  // A shortcut of this widget pressed before this code ran (the early script, on SSG pages): it
  // opens now with what was typed since (into the early proxy, adopted as this island's own). The
  // early listener stops at the next key, seeing the coordinator, so no key opens it twice.
  const early = takeEarlyCapture(environment, options.kind);
  if (early) {
    proxy = early;
    void open();
  }

  return {
    coordinator,
    open,
    close,
    // Resolves with the mount function: callers see a Promise<void>.
    prefetch: prefetch as () => Promise<never>,
    destroy() {
      destroyed = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
      mounted?.unmount();
      removeProxy();
    },
  };
}
