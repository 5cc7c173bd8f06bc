import { useSyncExternalStore } from 'react';
import type { ReadableStore } from '../core/state/store.js';

/** Subscribes a component to a core store (React 18+ and preact/compat both provide this hook). */
export function useStore<T>(store: ReadableStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
