import type { DocHit } from '../records.js';
import { withoutHighlights } from '../search/highlight.js';
import { getLocalStorage, type KeyValueStorage } from './safeStorage.js';
import { createDisabledList, createStoredList, type StoredList } from './storedList.js';

/** Caps the favorites list so a forgotten page cannot fill the storage quota. */
export const FAVORITE_SEARCHES_LIMIT = 50;
/** How many assistant conversations are kept. */
export const CONVERSATIONS_LIMIT = 10;

/** A stored assistant conversation. */
export interface StoredConversation {
  id: string;
  title: string;
  /** Messages, as the chat layer stores them. */
  messages: unknown[];
  /** Last change, in ms since the epoch. */
  updatedAt: number;
}

/** Recent searches, favorites and conversations of one widget. */
export interface Personalization {
  /** Hits the user opened, newest first. */
  recentSearches: StoredList<DocHit>;
  /** Hits the user saved, newest first. */
  favoriteSearches: StoredList<DocHit>;
  /** Assistant conversations, most recently updated first. */
  conversations: StoredList<StoredConversation>;
  /** Records that the user opened a hit (a favorite moves to the front of the favorites). */
  saveOpened(hit: DocHit): void;
  /** Moves a hit to the favorites. */
  favorite(hit: DocHit): void;
}

export interface PersonalizationOptions {
  /** Distinguishes widgets on one origin (e.g. the index names). */
  namespace: string;
  disableUserPersonalization: boolean;
  recentSearchesLimit: number;
  recentSearchesWithFavoritesLimit: number;
  /** The window to read `localStorage` from (default: the global one). */
  environment?: { localStorage?: Storage };
  /** A storage to use instead of `localStorage` (tests, custom persistence). */
  storage?: KeyValueStorage;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored hit is kept only if the widget can render and open it. */
function sanitizeHit(value: unknown): DocHit | undefined {
  if (!isObject(value) || typeof value.objectID !== 'string' || typeof value.url !== 'string' || !isObject(value.hierarchy)) return undefined;
  return withoutHighlights(value as unknown as DocHit);
}

function sanitizeConversation(value: unknown): StoredConversation | undefined {
  if (!isObject(value) || typeof value.id !== 'string' || typeof value.title !== 'string' || !Array.isArray(value.messages) || typeof value.updatedAt !== 'number') return undefined;
  return value as unknown as StoredConversation;
}

export function createPersonalization(options: PersonalizationOptions): Personalization {
  if (options.disableUserPersonalization) {
    return {
      recentSearches: createDisabledList(),
      favoriteSearches: createDisabledList(),
      conversations: createDisabledList(),
      saveOpened() {},
      favorite() {},
    };
  }
  const storage = options.storage ?? getLocalStorage(options.environment);
  const prefix = `sitesearch:v1:${options.namespace}`;
  const getHitId = (hit: DocHit) => hit.objectID;
  const favoriteSearches = createStoredList<DocHit>({ storage, key: `${prefix}:favorite-searches`, limit: () => FAVORITE_SEARCHES_LIMIT, getId: getHitId, sanitize: sanitizeHit });
  const recentSearches = createStoredList<DocHit>({
    storage,
    key: `${prefix}:recent-searches`,
    limit: () => (favoriteSearches.getAll().length > 0 ? options.recentSearchesWithFavoritesLimit : options.recentSearchesLimit),
    getId: getHitId,
    sanitize: sanitizeHit,
  });
  const conversations = createStoredList<StoredConversation>({
    storage,
    key: `${prefix}:conversations`,
    limit: () => CONVERSATIONS_LIMIT,
    getId: (conversation) => conversation.id,
    sanitize: sanitizeConversation,
  });
  return {
    recentSearches,
    favoriteSearches,
    conversations,
    saveOpened(hit) {
      const stored = withoutHighlights(hit);
      if (favoriteSearches.has(stored.objectID)) favoriteSearches.add(stored);
      else recentSearches.add(stored);
    },
    favorite(hit) {
      const stored = withoutHighlights(hit);
      favoriteSearches.add(stored);
      recentSearches.remove(stored.objectID);
    },
  };
}
