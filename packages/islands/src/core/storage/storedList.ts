import type { KeyValueStorage } from './safeStorage.js';

/** A list kept newest first, de-duplicated, capped, and saved under one storage key. */
export interface StoredList<T> {
  /** The items, newest first, at most the current limit. */
  getAll(): T[];
  /** Adds an item at the front (moving it there if it was already in the list). */
  add(item: T): void;
  /** Removes the item with this id. */
  remove(id: string): void;
  /** Whether an item with this id is in the list. */
  has(id: string): boolean;
  /** Calls `listener` after every change; returns a function that stops it. */
  subscribe(listener: () => void): () => void;
}

export interface StoredListOptions<T> {
  /** Where to save; `undefined` keeps the list in memory only. */
  storage: KeyValueStorage | undefined;
  key: string;
  /** Current cap (read at every change, since it can depend on another list). */
  limit: () => number;
  /** Identity used for de-duplication. */
  getId: (item: T) => string;
  /** Returns the item in the shape to keep, or `undefined` for a malformed stored entry. */
  sanitize: (value: unknown) => T | undefined;
}

/**
 * Storage faults never surface: a corrupt or foreign value reads as the valid entries it holds
 * (or none); a full quota or a throwing storage keeps the list in memory for this page. A key
 * holding unparseable data is only overwritten when the user adds or removes something.
 */
export function createStoredList<T>({ storage, key, limit, getId, sanitize }: StoredListOptions<T>): StoredList<T> {
  let items = read();
  const listeners = new Set<() => void>();

  function read(): T[] {
    if (!storage) return [];
    try {
      const raw = storage.getItem(key);
      if (raw === null) return [];
      const parsed: unknown = JSON.parse(raw);
      if (!Array.isArray(parsed)) return [];
      const seen = new Set<string>();
      const valid: T[] = [];
      for (const entry of parsed) {
        const item = sanitize(entry);
        if (item === undefined) continue;
        const id = getId(item);
        if (seen.has(id)) continue;
        seen.add(id);
        valid.push(item);
      }
      return valid;
    } catch {
      return [];
    }
  }

  function commit(next: T[]) {
    items = next.slice(0, Math.max(0, limit()));
    if (storage) {
      try {
        storage.setItem(key, JSON.stringify(items));
      } catch {
        // Quota exceeded or storage revoked: the in-memory list still serves this page.
      }
    }
    for (const listener of [...listeners]) listener();
  }

  return {
    getAll: () => items.slice(0, Math.max(0, limit())),
    add(item) {
      if (limit() <= 0) return;
      const id = getId(item);
      commit([item, ...items.filter((existing) => getId(existing) !== id)]);
    },
    remove(id) {
      if (!items.some((existing) => getId(existing) === id)) return;
      commit(items.filter((existing) => getId(existing) !== id));
    },
    has: (id) => items.some((existing) => getId(existing) === id),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A list that keeps nothing (for `disableUserPersonalization`). */
export function createDisabledList<T>(): StoredList<T> {
  return { getAll: () => [], add() {}, remove() {}, has: () => false, subscribe: () => () => {} };
}
