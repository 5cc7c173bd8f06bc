import { getModifierLabel, listenForShortcuts } from '../core/shortcuts/shortcuts.js';
import { createModalStore, type ModalStore } from '../core/state/widgetStores.js';
import { BUTTON_ATTRIBUTE } from './buttonMarkup.js';

/**
 * The loader: the only widget code a page runs before someone searches. It listens for the
 * shortcuts and for intent on the search buttons, imports the widget on the first interaction,
 * and replays it: the modal opens focused with every key typed meanwhile in its input.
 */

/** What the widget module gets when it mounts. */
export interface MountContext {
  modalStore: ModalStore;
  /** Returns (once) what the user typed while the widget loaded, and stops capturing. */
  takePendingQuery(): string | undefined;
  /** Moves focus back to the element that opened the modal. */
  returnFocus(): void;
}

/** Mounts the widget; returns how to unmount it. */
export type MountWidget = (context: MountContext) => { unmount(): void };

export interface LoaderOptions {
  /** Window the page runs in (default: the global one). */
  environment?: Window;
  /** Enabled modal shortcuts. */
  keyboardShortcuts: { 'Ctrl/Cmd+K': boolean; '/': boolean };
  /** Where search buttons (`[data-sitesearch-button]`) are looked for, by event delegation (default: the document). */
  root?: Document | Element;
  /** Imports the widget and returns its mount function. */
  load(): Promise<MountWidget>;
  /** Origins to preconnect to on intent (the search host). */
  preconnect?: string[];
  /** Stylesheets the widget needs, loaded on intent and awaited before it mounts. */
  stylesheets?: string[];
  /** Called on intent too: lets a search client start fetching (the local index client's `warm()`). */
  warm?: () => unknown;
  /** Where the typing proxy lives until the widget mounts (default: the document body). */
  portal?: () => Element;
}

export interface Loader {
  modalStore: ModalStore;
  /** Opens the modal (loading the widget first if needed). */
  open(): void;
  close(): void;
  /** Starts loading the widget, its stylesheets and the connection to the search host. */
  prefetch(): Promise<void>;
  /** Removes every listener and node the loader added, and unmounts the widget. */
  destroy(): void;
}

export function createLoader(options: LoaderOptions): Loader {
  const environment = options.environment ?? window;
  const { document } = environment;
  const root = options.root ?? document;
  const modalStore = createModalStore();
  const added: Element[] = [];
  const cleanups: Array<() => void> = [];
  let loading: Promise<MountWidget> | undefined;
  let prefetching: Promise<void> | undefined;
  let mounted: { unmount(): void } | undefined;
  let proxy: HTMLInputElement | undefined;
  let trigger: HTMLElement | undefined;
  let destroyed = false;

  // The button's modifier hint is drawn by CSS from this attribute, so the markup never changes.
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
      : new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          // A stylesheet that fails must not keep the search closed.
          link.addEventListener('error', () => resolve(), { once: true });
        });

  /**
   * Runs once per page (every hover or focus of the button calls it): preconnect, stylesheets,
   * warming and the import happen a single time. A failed import is forgotten, so the next
   * interaction tries again.
   */
  function prefetch(): Promise<void> {
    prefetching ??= (() => {
      for (const origin of options.preconnect ?? []) addLink('preconnect', origin);
      const styles = (options.stylesheets ?? []).map((href) => stylesheetLoaded(addLink('stylesheet', href)));
      try {
        // Warming is an optimisation: a failure here shows up, if at all, as a search error later.
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

  const onMountFailed = (error: unknown) => {
    removeProxy();
    modalStore.close();
    console.error('sitesearch: the search widget could not be loaded.', error);
  };

  function removeProxy() {
    proxy?.remove();
    proxy = undefined;
  }

  function open() {
    if (destroyed) return;
    const active = document.activeElement as HTMLElement | null;
    if (active && active !== document.body && typeof active.focus === 'function' && !proxy) trigger = active;
    modalStore.open();
    if (mounted) return;
    if (!proxy) {
      // Keys typed while the widget loads land in this invisible field, in order (IME and paste
      // included); focusing it inside the user's gesture also opens the keyboard on mobile.
      proxy = document.createElement('input');
      proxy.className = 'sitesearch-proxy-input';
      proxy.setAttribute('aria-hidden', 'true');
      proxy.tabIndex = -1;
      (options.portal?.() ?? document.body).appendChild(proxy);
      proxy.focus();
    }
    prefetch()
      .then(() => loading!)
      .then((mount) => {
        if (destroyed || mounted) return;
        mounted = mount({
          modalStore,
          takePendingQuery() {
            const value = proxy?.value;
            removeProxy();
            return value;
          },
          returnFocus() {
            const target = trigger?.isConnected ? trigger : root.querySelector<HTMLElement>(`[${BUTTON_ATTRIBUTE}]`);
            target?.focus();
          },
        });
      })
      .catch(onMountFailed);
  }

  function close() {
    modalStore.close();
    if (!mounted) {
      removeProxy();
      trigger?.focus();
    }
  }

  const buttonOf = (event: Event) => (event.target as Element | null)?.closest?.(`[${BUTTON_ATTRIBUTE}]`) as HTMLElement | null;
  const listen = (type: string, handler: (event: Event) => void, options?: AddEventListenerOptions) => {
    root.addEventListener(type, handler, options);
    cleanups.push(() => root.removeEventListener(type, handler, options));
  };
  const onIntent = (event: Event) => {
    if (buttonOf(event)) prefetch().catch(() => {});
  };
  listen('pointerover', onIntent, { passive: true });
  listen('focusin', onIntent);
  listen('touchstart', onIntent, { passive: true });
  listen('click', (event) => {
    const button = buttonOf(event);
    if (!button) return;
    event.preventDefault();
    trigger = button;
    open();
  });

  cleanups.push(
    listenForShortcuts(environment, {
      getContext: () => ({ modal: options.keyboardShortcuts, isModalOpen: modalStore.get().isOpen }),
      onAction(action) {
        if (action === 'openModal') open();
        else if (action === 'closeModal') close();
      },
    }),
  );

  return {
    modalStore,
    open,
    close,
    prefetch,
    destroy() {
      destroyed = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
      mounted?.unmount();
      mounted = undefined;
      removeProxy();
      for (const node of added.splice(0)) node.remove();
    },
  };
}
