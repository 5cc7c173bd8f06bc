import { getModalShortcut } from '../core/shortcuts/shortcuts.js';
import { createModalStore, type ModalStore } from '../core/state/widgetStores.js';
import { BUTTON_ATTRIBUTE } from './buttonMarkup.js';
import type { HandOffQuestion } from './coordinator.js';
import { createIsland, type Island, type IslandContext } from './island.js';

/**
 * The modal's island: the only search code a page runs before someone searches. It listens for
 * intent on the search buttons, lets the page coordinator route `Ctrl/Cmd+K`, `/` and Escape to
 * it, imports the widget on the first interaction and replays it: the modal opens focused with
 * every key typed meanwhile in its input.
 */

/** What the widget module gets when it mounts. */
export interface MountContext extends IslandContext {
  modalStore: ModalStore;
  /**
   * Hybrid mode: offers a question asked in the modal to the page's Sidepanel. `true` means the
   * Sidepanel took it (and the modal is closing); `false`, the modal answers it itself.
   */
  handOffQuestion?: HandOffQuestion;
  /** Tells the page which screen the modal shows (keyword search or Ask AI). */
  reportScreen?(askAi: boolean): void;
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

export function createLoader({ keyboardShortcuts, load, ...options }: LoaderOptions): Loader {
  const modalStore = createModalStore();
  // `island` is read only when the widget loads, after it is created.
  const island: Island<ReturnType<MountWidget>> = createIsland({
    ...options,
    kind: 'modal',
    triggerAttribute: BUTTON_ATTRIBUTE,
    store: modalStore,
    shortcut: (event, isOpen) => getModalShortcut(event, keyboardShortcuts, isOpen),
    name: 'search widget',
    load: () =>
      load().then((mount) => (context: IslandContext) => mount({ ...context, modalStore, handOffQuestion: island.coordinator.handOffQuestion, reportScreen: island.coordinator.surfaces.modalScreen })),
  });
  return { ...island, modalStore };
}
