import { createStore, type ReadableStore } from './store.js';

/** Open state of the search modal. */
export interface ModalStore extends ReadableStore<{ isOpen: boolean }> {
  open(): void;
  close(): void;
  toggle(): void;
}

export function createModalStore(initiallyOpen = false): ModalStore {
  const store = createStore({ isOpen: initiallyOpen });
  const setOpen = (isOpen: boolean) => {
    if (store.get().isOpen !== isOpen) store.set({ isOpen });
  };
  return {
    get: store.get,
    subscribe: store.subscribe,
    open: () => setOpen(true),
    close: () => setOpen(false),
    toggle: () => setOpen(!store.get().isOpen),
  };
}

/** Width state of the Sidepanel. */
export type SidepanelWidth = 'default' | 'expanded';

/** Open and width state of the Sidepanel. */
export interface SidepanelStore extends ReadableStore<{ isOpen: boolean; width: SidepanelWidth }> {
  open(): void;
  close(): void;
  toggle(): void;
  expand(): void;
  collapse(): void;
  toggleWidth(): void;
}

export function createSidepanelStore(initial: { isOpen?: boolean; width?: SidepanelWidth } = {}): SidepanelStore {
  const store = createStore({ isOpen: initial.isOpen ?? false, width: initial.width ?? ('default' as SidepanelWidth) });
  const update = (patch: Partial<{ isOpen: boolean; width: SidepanelWidth }>) => {
    const current = store.get();
    const next = { ...current, ...patch };
    if (next.isOpen !== current.isOpen || next.width !== current.width) store.set(next);
  };
  return {
    get: store.get,
    subscribe: store.subscribe,
    open: () => update({ isOpen: true }),
    close: () => update({ isOpen: false }),
    toggle: () => update({ isOpen: !store.get().isOpen }),
    expand: () => update({ width: 'expanded' }),
    collapse: () => update({ width: 'default' }),
    toggleWidth: () => update({ width: store.get().width === 'expanded' ? 'default' : 'expanded' }),
  };
}
