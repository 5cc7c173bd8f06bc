import { beforeEach, describe, expect, it } from 'vitest';
import type { DocHit } from '../records.js';
import { createPersonalization, type PersonalizationOptions } from './personalization.js';
import { getLocalStorage, type KeyValueStorage } from './safeStorage.js';

const hit = (id: string): DocHit => ({
  objectID: id,
  url: `/page-${id}`,
  anchor: null,
  type: 'lvl1',
  content: null,
  hierarchy: { lvl0: 'Guide', lvl1: `Page ${id}`, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
  _highlightResult: { content: { value: 'x', matchLevel: 'none' } },
  _snippetResult: { content: { value: 'x', matchLevel: 'none' } },
});

const base: PersonalizationOptions = { namespace: 'docs', disableUserPersonalization: false, recentSearchesLimit: 7, recentSearchesWithFavoritesLimit: 4 };
const ids = (items: DocHit[]) => items.map((item) => item.objectID);

describe('personalization in localStorage', () => {
  beforeEach(() => localStorage.clear());

  it('keeps recent searches newest first, de-duplicated, capped, without highlight data', () => {
    const store = createPersonalization(base);
    for (const id of ['1', '2', '3', '2', '4', '5', '6', '7', '8']) store.saveOpened(hit(id));
    expect(ids(store.recentSearches.getAll())).toEqual(['8', '7', '6', '5', '4', '2', '3']);
    const saved = JSON.parse(localStorage.getItem('sitesearch:v1:docs:recent-searches')!);
    expect(saved).toHaveLength(7);
    expect(saved[0]).not.toHaveProperty('_highlightResult');
    expect(saved[0]).not.toHaveProperty('_snippetResult');
    expect(saved[0].url).toBe('/page-8');
  });

  it('survives a reload', () => {
    createPersonalization(base).saveOpened(hit('1'));
    createPersonalization(base).favorite(hit('2'));
    const reloaded = createPersonalization(base);
    expect(ids(reloaded.recentSearches.getAll())).toEqual(['1']);
    expect(ids(reloaded.favoriteSearches.getAll())).toEqual(['2']);
  });

  it('moves a favorite out of the recent searches and caps recents with the favorites limit', () => {
    const store = createPersonalization(base);
    for (const id of ['1', '2', '3', '4', '5', '6']) store.saveOpened(hit(id));
    store.favorite(hit('6'));
    expect(ids(store.favoriteSearches.getAll())).toEqual(['6']);
    expect(ids(store.recentSearches.getAll())).toEqual(['5', '4', '3', '2']);
    // Opening a favorite keeps it a favorite (moved to the front), not a recent search.
    store.favorite(hit('1'));
    store.saveOpened(hit('6'));
    expect(ids(store.favoriteSearches.getAll())).toEqual(['6', '1']);
    expect(ids(store.recentSearches.getAll())).not.toContain('6');
  });

  it('removes entries', () => {
    const store = createPersonalization(base);
    store.saveOpened(hit('1'));
    store.favorite(hit('2'));
    store.recentSearches.remove('1');
    store.favoriteSearches.remove('2');
    expect(store.recentSearches.getAll()).toEqual([]);
    expect(store.favoriteSearches.getAll()).toEqual([]);
    expect(createPersonalization(base).recentSearches.getAll()).toEqual([]);
  });

  it('a limit of 0 keeps no recent searches', () => {
    const store = createPersonalization({ ...base, recentSearchesLimit: 0 });
    store.saveOpened(hit('1'));
    expect(store.recentSearches.getAll()).toEqual([]);
  });

  it('namespaces keys so two widgets on one origin do not mix', () => {
    createPersonalization(base).saveOpened(hit('1'));
    expect(createPersonalization({ ...base, namespace: 'blog' }).recentSearches.getAll()).toEqual([]);
  });

  it('stores conversations, newest first', () => {
    const store = createPersonalization(base);
    store.conversations.add({ id: 'c1', title: 'First', messages: [], updatedAt: 1 });
    store.conversations.add({ id: 'c2', title: 'Second', messages: [{ role: 'user' }], updatedAt: 2 });
    store.conversations.add({ id: 'c1', title: 'First again', messages: [], updatedAt: 3 });
    expect(createPersonalization(base).conversations.getAll().map((c) => c.title)).toEqual(['First again', 'Second']);
  });

  it('notifies subscribers of changes', () => {
    const store = createPersonalization(base);
    let changes = 0;
    const stop = store.recentSearches.subscribe(() => changes++);
    store.saveOpened(hit('1'));
    stop();
    store.saveOpened(hit('2'));
    expect(changes).toBe(1);
  });
});

describe('disableUserPersonalization', () => {
  beforeEach(() => localStorage.clear());

  it('writes nothing to localStorage', () => {
    const store = createPersonalization({ ...base, disableUserPersonalization: true });
    store.saveOpened(hit('1'));
    store.favorite(hit('2'));
    store.conversations.add({ id: 'c', title: 't', messages: [], updatedAt: 1 });
    expect(localStorage.length).toBe(0);
    expect(store.recentSearches.getAll()).toEqual([]);
    expect(store.favoriteSearches.getAll()).toEqual([]);
  });
});

describe('storage faults', () => {
  beforeEach(() => localStorage.clear());

  it('reads corrupt JSON as empty, without wiping it or other keys', () => {
    localStorage.setItem('sitesearch:v1:docs:recent-searches', '{not json');
    localStorage.setItem('sitesearch:v1:docs:favorite-searches', JSON.stringify([{ ...hit('fav'), _highlightResult: undefined }]));
    const store = createPersonalization(base);
    expect(store.recentSearches.getAll()).toEqual([]);
    expect(ids(store.favoriteSearches.getAll())).toEqual(['fav']);
    expect(localStorage.getItem('sitesearch:v1:docs:recent-searches')).toBe('{not json');
  });

  it('keeps the valid entries of a partly malformed list', () => {
    localStorage.setItem('sitesearch:v1:docs:recent-searches', JSON.stringify([hit('1'), { objectID: 2 }, 'junk', null, hit('3'), hit('1')]));
    expect(ids(createPersonalization(base).recentSearches.getAll())).toEqual(['1', '3']);
  });

  it('falls back to memory when the quota is full, keeping what was saved before', () => {
    const data = new Map<string, string>();
    let full = false;
    const storage: KeyValueStorage = {
      getItem: (key) => data.get(key) ?? null,
      setItem: (key, value) => {
        if (full) throw new DOMException('quota', 'QuotaExceededError');
        data.set(key, value);
      },
      removeItem: (key) => void data.delete(key),
    };
    const store = createPersonalization({ ...base, storage });
    store.saveOpened(hit('1'));
    full = true;
    expect(() => store.saveOpened(hit('2'))).not.toThrow();
    expect(ids(store.recentSearches.getAll())).toEqual(['2', '1']);
    expect(JSON.parse(data.get('sitesearch:v1:docs:recent-searches')!).map((item: DocHit) => item.objectID)).toEqual(['1']);
  });

  it('works in memory when reading storage throws (sandboxed iframe, blocked cookies)', () => {
    const environment = {
      get localStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(getLocalStorage(environment)).toBeUndefined();
    const store = createPersonalization({ ...base, environment });
    store.saveOpened(hit('1'));
    expect(ids(store.recentSearches.getAll())).toEqual(['1']);
  });

  it('works in memory when every storage call throws (private mode)', () => {
    const throwing = {
      getItem() {
        throw new Error('denied');
      },
      setItem() {
        throw new Error('denied');
      },
      removeItem() {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(getLocalStorage({ localStorage: throwing })).toBeUndefined();
    const store = createPersonalization({ ...base, storage: throwing });
    expect(() => store.saveOpened(hit('1'))).not.toThrow();
    expect(ids(store.recentSearches.getAll())).toEqual(['1']);
  });
});
