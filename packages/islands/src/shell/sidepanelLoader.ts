import { getSidepanelShortcut } from '../core/shortcuts/shortcuts.js';
import { createSidepanelStore, type SidepanelStore } from '../core/state/widgetStores.js';
import type { MountedSidepanel, MountSidepanel } from '../ui/sidepanel/contract.js';
import { HYBRID_MIN_WIDTH } from './coordinator.js';
import { createIsland, type Island } from './island.js';
import { SIDEPANEL_BUTTON_ATTRIBUTE } from './sidepanelButtonMarkup.js';

/**
 * The Sidepanel's island: its trigger's intent, `Ctrl/Cmd+I` and Escape (routed by the page
 * coordinator) and hybrid hand-offs load the panel; keys typed while it loads land in its prompt.
 */

export interface SidepanelLoaderOptions {
  /** Window the page runs in (default: the global one). */
  environment?: Window;
  keyboardShortcuts: { 'Ctrl/Cmd+I': boolean };
  /** Where triggers (`[data-sitesearch-sidepanel-button]`) are looked for (default: the document). */
  root?: Document | Element;
  /** Imports the panel and returns its mount function. */
  load(): Promise<MountSidepanel>;
  preconnect?: string[];
  /** Stylesheets the panel needs, loaded on intent and awaited before it mounts. */
  stylesheets?: string[];
  warm?: () => unknown;
  /** Where the typing proxy lives until the panel mounts (default: the document body). */
  portal?: () => Element;
}

export interface SidepanelLoader {
  store: SidepanelStore;
  /** Opens the panel (loading it first if needed). */
  open(): void;
  close(): void;
  /** Opens the panel and sends `question` once it is mounted (in the stored conversation `conversationId`, when given). */
  ask(question: string, conversationId?: string): void;
  prefetch(): Promise<void>;
  /** Removes every listener and node the loader added, and unmounts the panel. */
  destroy(): void;
}

export function createSidepanelLoader({ keyboardShortcuts, load, ...options }: SidepanelLoaderOptions): SidepanelLoader {
  const store = createSidepanelStore();
  const environment = options.environment ?? window;
  const ask = (question: string, conversationId?: string) => void island.open().then((mounted) => mounted?.ask(question, conversationId));
  const island: Island<MountedSidepanel> = createIsland<MountedSidepanel>({
    ...options,
    kind: 'sidepanel',
    triggerAttribute: SIDEPANEL_BUTTON_ATTRIBUTE,
    store,
    shortcut: (event, isOpen) => getSidepanelShortcut(event, keyboardShortcuts, isOpen),
    name: 'Sidepanel',
    load: () => load().then((mount) => (context) => mount({ ...context, store })),
    // Hybrid mode: a question asked in the modal continues here on screens wider than 768px
    // (the panel would be full screen below: the chat stays in the modal). Taken only once the
    // panel's code is in: if it cannot load, the modal, still open, answers the question itself.
    ask(question, conversationId): boolean | Promise<boolean> {
      question = question.trim();
      if (!question || environment.innerWidth <= HYBRID_MIN_WIDTH) return false;
      return island.prefetch().then(
        () => (ask(question, conversationId), true),
        (error: unknown) => (console.error('sitesearch: the Sidepanel could not be loaded; the modal answers instead.', error), false),
      );
    },
  });
  return {
    store,
    open: () => void island.open(),
    close: island.close,
    ask,
    prefetch: island.prefetch,
    destroy: island.destroy,
  };
}
