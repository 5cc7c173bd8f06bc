/**
 * What the chat needs of the window it runs in. Every member is optional so tests, workers and
 * server rendering can pass a partial one; `window` itself fits.
 */
import { getLocalStorage, type KeyValueStorage } from '../storage/safeStorage.js';

export interface ChatEnvironment {
  fetch?: typeof fetch;
  localStorage?: Storage;
  sessionStorage?: Storage;
  crypto?: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };
  addEventListener?(type: 'storage', listener: (event: StorageEvent) => void): void;
  removeEventListener?(type: 'storage', listener: (event: StorageEvent) => void): void;
}

const globalEnvironment = (): ChatEnvironment => globalThis as unknown as ChatEnvironment;

/** `fetch` of the environment, called on its window (an unbound `fetch` throws "Illegal invocation"). */
export function fetchOf(environment: ChatEnvironment | undefined): typeof fetch {
  const owner = environment?.fetch ? environment : globalEnvironment();
  return (input, init) => {
    if (!owner.fetch) return Promise.reject(new TypeError('fetch is not available'));
    return owner.fetch(input, init);
  };
}

/** `sessionStorage` when it works (it throws in sandboxed iframes and with cookies blocked). */
export function getSessionStorage(environment: ChatEnvironment | undefined = globalEnvironment()): KeyValueStorage | undefined {
  try {
    return getLocalStorage({ localStorage: environment.sessionStorage });
  } catch {
    return undefined;
  }
}

/** A random id for conversations and messages (unique enough to never collide in one browser). */
export function createId(environment: ChatEnvironment | undefined = globalEnvironment()): string {
  const crypto = environment.crypto ?? globalEnvironment().crypto;
  if (crypto?.randomUUID) return crypto.randomUUID().replace(/-/g, '').slice(0, 20);
  const bytes = new Uint8Array(12);
  if (crypto) crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('').slice(0, 20);
}
