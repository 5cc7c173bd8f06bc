import { beforeEach, describe, expect, it } from 'vitest';
import { CONVERSATIONS_LIMIT, getConversationList } from './conversations.js';
import type { ChatEnvironment } from './environment.js';
import type { StoredConversation } from './types.js';

const conversation = (id: string, updatedAt: number, text = `Question ${id}`): StoredConversation => ({
  id,
  title: text,
  updatedAt,
  messages: [
    { id: `${id}-u`, role: 'user', parts: [{ type: 'text', text }] },
    { id: `${id}-a`, role: 'assistant', parts: [{ type: 'text', text: 'Answer' }], meta: { feedback: 'like' } },
  ],
});
const ids = (list: { getAll(): StoredConversation[] }) => list.getAll().map((item) => item.id);

/** A window-like environment with its own storage, optionally with a quota in characters. */
function fakeWindow({ quota = Infinity }: { quota?: number } = {}) {
  const data = new Map<string, string>();
  const listeners: Array<(event: StorageEvent) => void> = [];
  const used = () => [...data.entries()].reduce((sum, [key, value]) => sum + key.length + value.length, 0);
  const localStorage = {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      const previous = data.get(key);
      if (used() - (previous === undefined ? 0 : key.length + previous.length) + key.length + value.length > quota) throw new DOMException('full', 'QuotaExceededError');
      data.set(key, value);
    },
    removeItem: (key: string) => void data.delete(key),
  } as unknown as Storage;
  const environment: ChatEnvironment = {
    localStorage,
    addEventListener: (_type, listener) => void listeners.push(listener),
  };
  return { environment, data, fireStorage: (key: string | null) => listeners.forEach((listener) => listener({ key } as StorageEvent)) };
}

const KEY = 'assistant::asst-1';
const STORAGE_KEY = `sitesearch:v1:conversations:${KEY}`;

describe('getConversationList', () => {
  beforeEach(() => localStorage.clear());

  it('is one live list per window and key, shared by every consumer', () => {
    const modal = getConversationList({ key: 'shared-test' });
    const sidepanel = getConversationList({ key: 'shared-test' });
    expect(sidepanel).toBe(modal);
    let heard = 0;
    sidepanel.subscribe(() => heard++);
    modal.save(conversation('c1', 1));
    expect(heard).toBe(1);
    expect(ids(sidepanel)).toEqual(['c1']);
    expect(getConversationList({ key: 'other-assistant' })).not.toBe(modal);
    expect(getConversationList({ environment: fakeWindow().environment, key: 'shared-test' })).not.toBe(modal);
  });

  it('persists newest first under a sitesearch: key and survives a reload', () => {
    const first = fakeWindow();
    const list = getConversationList({ environment: first.environment, key: KEY });
    list.save(conversation('a', 1));
    list.save(conversation('b', 2));
    list.save({ ...conversation('a', 3), title: 'a again' });
    expect(ids(list)).toEqual(['a', 'b']);
    const stored = JSON.parse(first.data.get(STORAGE_KEY)!) as StoredConversation[];
    expect(stored.map((item) => item.title)).toEqual(['a again', 'Question b']);
    expect(stored[0]!.messages[1]!.meta).toEqual({ feedback: 'like' });

    // Another window (a reload) with the same storage reads the same list.
    const reload = { environment: { ...first.environment, addEventListener: undefined } as ChatEnvironment };
    expect(ids(getConversationList({ environment: reload.environment, key: KEY }))).toEqual(['a', 'b']);
  });

  it('keeps 10 conversations', () => {
    const list = getConversationList({ environment: fakeWindow().environment, key: KEY });
    for (let i = 0; i < 13; i++) list.save(conversation(`c${i}`, i));
    expect(CONVERSATIONS_LIMIT).toBe(10);
    expect(ids(list)).toEqual(['c12', 'c11', 'c10', 'c9', 'c8', 'c7', 'c6', 'c5', 'c4', 'c3']);
  });

  it('returns the same snapshot until something changes, and removes', () => {
    const list = getConversationList({ environment: fakeWindow().environment, key: KEY });
    list.save(conversation('a', 1));
    list.save(conversation('b', 2));
    const snapshot = list.getAll();
    expect(list.getAll()).toBe(snapshot);
    list.remove('nope');
    expect(list.getAll()).toBe(snapshot);
    list.remove('a');
    expect(ids(list)).toEqual(['b']);
  });

  it('trims the oldest when the quota is full, never the one being saved', () => {
    const big = 'x'.repeat(400);
    // Room for two of these conversations (about 1,000 characters each), not three.
    const window = fakeWindow({ quota: 2600 });
    const list = getConversationList({ environment: window.environment, key: KEY });
    list.save(conversation('old', 1, big));
    list.save(conversation('mid', 2, big));
    expect(ids(list)).toEqual(['mid', 'old']);
    list.save(conversation('new', 3, big));
    expect(ids(list)).toEqual(['new', 'mid']);
    expect((JSON.parse(window.data.get(STORAGE_KEY)!) as StoredConversation[]).map((item) => item.id)).toEqual(['new', 'mid']);
  });

  it('keeps a conversation too big for the quota in memory, and storage as it was', () => {
    const window = fakeWindow({ quota: 1500 });
    const list = getConversationList({ environment: window.environment, key: KEY });
    list.save(conversation('small', 1));
    const before = window.data.get(STORAGE_KEY);
    expect(() => list.save(conversation('huge', 2, 'y'.repeat(5000)))).not.toThrow();
    expect(ids(list)).toEqual(['huge', 'small']);
    expect(window.data.get(STORAGE_KEY)).toBe(before);
  });

  it('keeps a list in memory only when asked (disableUserPersonalization)', () => {
    const window = fakeWindow();
    window.data.set(STORAGE_KEY, JSON.stringify([conversation('stored', 1)]));
    const list = getConversationList({ environment: window.environment, key: KEY, persist: false });
    expect(list.getAll()).toEqual([]);
    list.save(conversation('a', 2));
    expect(ids(list)).toEqual(['a']);
    expect(getConversationList({ environment: window.environment, key: KEY, persist: false })).toBe(list);
    expect(ids(getConversationList({ environment: window.environment, key: KEY }))).toEqual(['stored']);
    expect(JSON.parse(window.data.get(STORAGE_KEY)!)).toHaveLength(1);
  });

  it('works in memory when storage is blocked', () => {
    const environment = {
      get localStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    } as ChatEnvironment;
    const list = getConversationList({ environment, key: KEY });
    list.save(conversation('a', 1));
    expect(ids(list)).toEqual(['a']);
  });

  it('ignores corrupt and foreign data, keeping the valid entries', () => {
    const window = fakeWindow();
    window.data.set(STORAGE_KEY, '{not json');
    expect(getConversationList({ environment: window.environment, key: KEY }).getAll()).toEqual([]);

    const other = fakeWindow();
    other.data.set(
      STORAGE_KEY,
      JSON.stringify([
        conversation('good', 5),
        { id: 'no-messages', title: 't', updatedAt: 1, messages: [] },
        { id: 'bad-date', title: 't', updatedAt: '2024', messages: conversation('x', 1).messages },
        'junk',
        null,
        {
          ...conversation('mixed', 9),
          messages: [
            { id: 'm', role: 'system', parts: [] },
            conversation('mixed', 9).messages[0],
            {
              id: 'p',
              role: 'assistant',
              meta: { feedback: 'meh', stopped: 'yes', createdAt: 5 },
              parts: [
                { type: 'text', text: 'ok' },
                42,
                { no: 'type' },
                { type: 'text', text: { html: '<b>' } },
                { type: 'source-url', url: 7 },
                { type: 'tool-searchIndex', toolCallId: 'c', state: 'exploded' },
                { type: 'tool-searchIndex', toolCallId: 'd', state: 'output-available', output: {} },
              ],
            },
          ],
        },
        conversation('good', 4),
      ]),
    );
    const list = getConversationList({ environment: other.environment, key: KEY });
    expect(ids(list)).toEqual(['mixed', 'good']);
    expect(list.getAll()[0]!.messages.map((message) => message.id)).toEqual(['mixed-u', 'p']);
    expect(list.getAll()[0]!.messages[1]).toEqual({
      id: 'p',
      role: 'assistant',
      meta: { createdAt: 5 },
      parts: [
        { type: 'text', text: 'ok' },
        { type: 'tool-searchIndex', toolCallId: 'd', state: 'output-available', output: {} },
      ],
    });
  });

  it('refreshes when another tab changes the list', () => {
    const window = fakeWindow();
    const list = getConversationList({ environment: window.environment, key: KEY });
    let heard = 0;
    list.subscribe(() => heard++);
    window.data.set(STORAGE_KEY, JSON.stringify([conversation('from-other-tab', 7)]));
    window.fireStorage('some-other-key');
    expect(heard).toBe(0);
    window.fireStorage(STORAGE_KEY);
    expect(ids(list)).toEqual(['from-other-tab']);
    expect(heard).toBe(1);
  });

  it('hears storage events of the real window', () => {
    // `window` itself is a ChatEnvironment (checked by the type check of this line).
    const environment: ChatEnvironment = window;
    const list = getConversationList({ environment, key: 'real-window' });
    localStorage.setItem('sitesearch:v1:conversations:real-window', JSON.stringify([conversation('other-tab', 1)]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'sitesearch:v1:conversations:real-window' }));
    expect(ids(list)).toEqual(['other-tab']);
  });
});
