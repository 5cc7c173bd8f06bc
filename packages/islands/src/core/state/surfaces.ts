import { createStore, type ReadableStore, type Store } from './store.js';

/**
 * Which surface of the page's widgets is open: at most one at a time (opening the modal closes
 * the Sidepanel and the other way round). The page coordinator (`shell/coordinator.ts`) keeps
 * it; widgets and tests read it.
 */
export type Surface = 'none' | 'modal' | 'modalAskAi' | 'sidepanel';

/** The kinds of widget a page can hold; the modal has two surfaces (keyword search and Ask AI). */
export type WidgetKind = 'modal' | 'sidepanel';

export interface SurfaceStore extends ReadableStore<Surface> {
  /** The modal switched screens (keyword search or Ask AI); ignored while the modal is closed. */
  modalScreen(askAi: boolean): void;
}

/** Starts at 'none'; the page coordinator sets it as widgets open and close. */
export function createSurfaceStore(): SurfaceStore & Store<Surface> {
  const store = createStore<Surface>('none');
  // 'modal' and 'modalAskAi' both belong to the modal.
  return { ...store, modalScreen: (askAi) => store.get().startsWith('modal') && store.set(askAi ? 'modalAskAi' : 'modal') };
}
