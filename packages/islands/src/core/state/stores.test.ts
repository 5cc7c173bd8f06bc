import { describe, expect, it, vi } from 'vitest';
import { createStore } from './store.js';
import { createModalStore, createSidepanelStore } from './widgetStores.js';

describe('createStore', () => {
  it('notifies subscribers on change only, and stops when unsubscribed', () => {
    const store = createStore(1);
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.set(1);
    store.set(2);
    stop();
    store.set(3);
    expect(listener.mock.calls).toEqual([[2]]);
    expect(store.get()).toBe(3);
  });

  it('a throwing listener does not stop the others', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = createStore('a');
    const after = vi.fn();
    store.subscribe(() => {
      throw new Error('boom');
    });
    store.subscribe(after);
    expect(() => store.set('b')).not.toThrow();
    expect(after).toHaveBeenCalledWith('b');
    error.mockRestore();
  });
});

describe('createModalStore', () => {
  it('opens, closes and toggles, publishing only real changes', () => {
    const modal = createModalStore();
    const seen: boolean[] = [];
    modal.subscribe((state) => seen.push(state.isOpen));
    modal.open();
    modal.open();
    modal.toggle();
    modal.close();
    modal.toggle();
    expect(seen).toEqual([true, false, true]);
    expect(modal.get().isOpen).toBe(true);
  });
});

describe('createSidepanelStore', () => {
  it('tracks open state and default/expanded width independently', () => {
    const panel = createSidepanelStore();
    expect(panel.get()).toEqual({ isOpen: false, width: 'default' });
    panel.toggle();
    panel.expand();
    expect(panel.get()).toEqual({ isOpen: true, width: 'expanded' });
    panel.toggleWidth();
    expect(panel.get().width).toBe('default');
    panel.toggleWidth();
    panel.collapse();
    panel.close();
    expect(panel.get()).toEqual({ isOpen: false, width: 'default' });
  });

  it('starts from a given state', () => {
    expect(createSidepanelStore({ isOpen: true, width: 'expanded' }).get()).toEqual({ isOpen: true, width: 'expanded' });
  });
});
