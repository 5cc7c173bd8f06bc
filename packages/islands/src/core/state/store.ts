/**
 * A minimal observable value: the UI, the loader and the adapters subscribe to the same stores.
 * Shaped for React's `useSyncExternalStore` (`subscribe` returns an unsubscribe function, `get`
 * returns a stable snapshot until the next `set`).
 */

/** A value that can be read and watched. */
export interface ReadableStore<T> {
  /** The current value. */
  get(): T;
  /** Calls `listener` after every change; returns a function that stops it. */
  subscribe(listener: (value: T) => void): () => void;
}

/** A value that can also be replaced. */
export interface Store<T> extends ReadableStore<T> {
  /** Replaces the value and notifies listeners (no-op when the value is identical). */
  set(value: T): void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      // A listener that throws must not stop the others nor break the caller.
      for (const listener of [...listeners]) {
        try {
          listener(value);
        } catch (error) {
          console.error(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
