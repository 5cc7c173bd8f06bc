import { getModifierLabel } from '../core/shortcuts/shortcuts.js';
import type { ReadableStore } from '../core/state/store.js';
import type { WidgetKind } from '../core/state/surfaces.js';
import { getPageCoordinator, type CoordinatedWidget, type PageCoordinator } from './coordinator.js';

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
  /** Moves focus back to the element that opened the widget (not while another surface is open). */
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
  /** Enabled shortcuts, for the coordinator. */
  shortcuts: CoordinatedWidget['shortcuts'];
  /** Imports the widget and returns its mount function. */
  load(): Promise<(context: IslandContext) => Mounted>;
  /** What the console says when the widget cannot be loaded. */
  failureMessage: string;
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
  /** Sidepanel: how the mounted widget takes a question (hybrid hand-off). */
  ask?: (mounted: Mounted, question: string) => void;
}

export interface Island<Mounted> {
  coordinator: PageCoordinator;
  /** Opens the widget (loading it first if needed); resolves with it once mounted (`undefined` if it failed). */
  open(): Promise<Mounted | undefined>;
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
  const { store, kind } = options;
  const coordinator = getPageCoordinator(environment);
  const added: Element[] = [];
  const cleanups: Array<() => void> = [];
  let loading: Promise<(context: IslandContext) => Mounted> | undefined;
  let prefetching: Promise<void> | undefined;
  let mounting: Promise<Mounted | undefined> | undefined;
  let mounted: Mounted | undefined;
  let proxy: HTMLInputElement | undefined;
  let trigger: HTMLElement | undefined;
  let destroyed = false;

  // The triggers' modifier hint is drawn by CSS from this attribute, so the markup never changes.
  if (getModifierLabel(environment.navigator as never) === '⌘') document.documentElement.setAttribute('data-sitesearch-platform', 'apple');

  const addLink = (rel: string, href: string): HTMLLinkElement => {
    const existing = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"][href="${CSS.escape(href)}"]`);
    if (existing) return existing;
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (rel === 'preconnect') link.crossOrigin = 'anonymous';
    document.head.appendChild(link);
    added.push(link);
    return link;
  };

  const stylesheetLoaded = (link: HTMLLinkElement) =>
    link.sheet
      ? Promise.resolve()
      : // A stylesheet that fails must not keep the widget closed.
        new Promise((settle) => (link.onload = link.onerror = settle));

  /**
   * Runs once per page (every hover or focus of a trigger calls it): preconnect, stylesheets,
   * warming and the import happen a single time. A failed import is forgotten, so the next
   * interaction tries again.
   */
  function prefetch(): Promise<void> {
    prefetching ??= (() => {
      for (const origin of options.preconnect ?? []) addLink('preconnect', origin);
      const styles = (options.stylesheets ?? []).map((href) => stylesheetLoaded(addLink('stylesheet', href)));
      try {
        // Warming is an optimisation: a failure here shows up, if at all, as an error later.
        Promise.resolve(options.warm?.()).catch(() => {});
      } catch {
        // Same as above, for a warm() that throws synchronously.
      }
      loading = options.load();
      return Promise.all([loading, ...styles]).then(
        () => undefined,
        (error: unknown) => {
          prefetching = undefined;
          throw error;
        },
      );
    })();
    return prefetching;
  }

  function removeProxy() {
    proxy?.remove();
    proxy = undefined;
  }

  const focusTrigger = () => {
    if (coordinator.isOtherOpen(kind)) return;
    const target = trigger?.isConnected ? trigger : root.querySelector<HTMLElement>(`[${options.triggerAttribute}]`);
    target?.focus();
  };

  function mount(): Promise<Mounted | undefined> {
    mounting ??= prefetch()
      .then(() => loading!)
      .then((mountWidget) => {
        if (destroyed) return undefined;
        mounted = mountWidget({
          takePendingQuery() {
            const value = proxy?.value;
            removeProxy();
            return value;
          },
          returnFocus: focusTrigger,
        });
        return mounted;
      })
      .catch((error: unknown) => {
        mounting = undefined;
        removeProxy();
        store.close();
        console.error(options.failureMessage, error);
        return undefined;
      });
    return mounting;
  }

  function open(from?: HTMLElement): Promise<Mounted | undefined> {
    if (destroyed) return Promise.resolve(undefined);
    // Remembered on each opening (not while already open, when focus is inside the widget): the
    // clicked trigger, else what had focus, else nothing — so focus never goes back to an element
    // of an earlier opening; `focusTrigger` then falls back to the first trigger.
    if (!store.get().isOpen && !proxy) {
      const active = document.activeElement as HTMLElement | null;
      trigger = from ?? (active && active !== document.body && typeof active.focus === 'function' ? active : undefined);
    }
    store.open();
    if (!mounted && !proxy) {
      // Keys typed while the widget loads land in this invisible field, in order (IME and paste
      // included); focusing it inside the user's gesture also opens the keyboard on mobile.
      proxy = document.createElement('input');
      proxy.className = 'sitesearch-proxy-input';
      proxy.setAttribute('aria-hidden', 'true');
      proxy.tabIndex = -1;
      (options.portal?.() ?? document.body).appendChild(proxy);
      proxy.focus();
    }
    return mount();
  }

  function close() {
    store.close();
    if (!mounted) {
      removeProxy();
      focusTrigger();
    }
  }

  const triggerOf = (event: Event) => (event.target as Element | null)?.closest?.(`[${options.triggerAttribute}]`) as HTMLElement | null;
  const listen = (type: string, handler: (event: Event) => void, listenerOptions?: AddEventListenerOptions) => {
    root.addEventListener(type, handler, listenerOptions);
    cleanups.push(() => root.removeEventListener(type, handler, listenerOptions));
  };
  const onIntent = (event: Event) => {
    if (triggerOf(event)) prefetch().catch(() => {});
  };
  listen('pointerover', onIntent, { passive: true });
  listen('focusin', onIntent);
  listen('touchstart', onIntent, { passive: true });
  listen('click', (event) => {
    const button = triggerOf(event);
    if (!button) return;
    event.preventDefault();
    void open(button);
  });

  const { ask } = options;
  cleanups.push(
    coordinator.register({
      kind,
      shortcuts: options.shortcuts,
      store,
      open: () => void open(),
      close,
      ask:
        ask &&
        ((question) => {
          void open().then((widget) => {
            if (widget && !destroyed) ask(widget, question);
          });
        }),
    }),
  );

  return {
    coordinator,
    open: () => open(),
    close,
    prefetch,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
      mounted?.unmount();
      mounted = undefined;
      removeProxy();
      for (const node of added.splice(0)) node.remove();
    },
  };
}
