/** The part of the Web Storage API the widgets use. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * `localStorage` when it works; otherwise `undefined`. Reading the property itself throws in
 * sandboxed iframes and with cookies blocked, and Safari's old private mode throws on write, so
 * both are probed once here and the widgets fall back to memory instead of breaking.
 */
export function getLocalStorage(environment: { localStorage?: Storage } | undefined = globalThis as { localStorage?: Storage }): KeyValueStorage | undefined {
  try {
    const storage = environment?.localStorage;
    if (!storage) return undefined;
    const probe = '__sitesearch_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return undefined;
  }
}
