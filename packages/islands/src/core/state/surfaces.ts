import { createStore, type ReadableStore } from './store.js';

/**
 * Which surface of the page's widgets is open: at most one at a time (opening the modal closes
 * the Sidepanel and the other way round). The page coordinator (`shell/coordinator.ts`) keeps
 * it; widgets and tests read it.
 */
export type Surface = 'none' | 'modal' | 'modalAskAi' | 'sidepanel';

/** The kinds of widget a page can hold; the modal has two surfaces (keyword search and Ask AI). */
export type WidgetKind = 'modal' | 'sidepanel';

export interface SurfaceStore extends ReadableStore<Surface> {
  /** A widget of `kind` opened: it becomes the open surface. */
  opened(kind: WidgetKind): void;
  /** A widget of `kind` closed: nothing is open any more, unless another surface took over. */
  closed(kind: WidgetKind): void;
  /** The modal switched screens (keyword search or Ask AI); ignored while the modal is closed. */
  modalScreen(askAi: boolean): void;
}

// Written tersely: this runs on every page before any interaction (the loader's bytes).
export function createSurfaceStore(): SurfaceStore {
  const store = createStore<Surface>('none');
  // 'modal' and 'modalAskAi' both belong to the modal.
  const isOf = (kind: WidgetKind) => store.get().startsWith(kind);
  return {
    get: store.get,
    subscribe: store.subscribe,
    opened: (kind) => isOf(kind) || store.set(kind),
    closed: (kind) => isOf(kind) && store.set('none'),
    modalScreen: (askAi) => isOf('modal') && store.set(askAi ? 'modalAskAi' : 'modal'),
  };
}
