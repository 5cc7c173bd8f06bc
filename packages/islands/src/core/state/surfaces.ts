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

/** The widget kind a surface belongs to (`undefined` for none). */
export const surfaceKind = (surface: Surface): WidgetKind | undefined => (surface === 'none' ? undefined : surface === 'sidepanel' ? 'sidepanel' : 'modal');

export function createSurfaceStore(): SurfaceStore {
  const store = createStore<Surface>('none');
  return {
    get: store.get,
    subscribe: store.subscribe,
    opened: (kind) => {
      if (surfaceKind(store.get()) !== kind) store.set(kind);
    },
    closed: (kind) => {
      if (surfaceKind(store.get()) === kind) store.set('none');
    },
    modalScreen: (askAi) => {
      if (surfaceKind(store.get()) === 'modal') store.set(askAi ? 'modalAskAi' : 'modal');
    },
  };
}
