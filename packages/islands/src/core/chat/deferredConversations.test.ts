import { describe, expect, it, vi } from 'vitest';
import { getConversationList } from './conversations.js';
import { deferredConversationList } from './deferredConversations.js';
import type { ConversationList, StoredConversation } from './types.js';

const conversation = (id: string, updatedAt = 1): StoredConversation => ({ id, title: id, messages: [{ id: `${id}-q`, role: 'user', parts: [{ type: 'text', text: id }] }], updatedAt });

/** A load the test settles by hand. */
function manualLoad(list: ConversationList) {
  let settle!: (fail?: boolean) => void;
  const load = vi.fn(
    () =>
      new Promise<ConversationList>((resolve, reject) => {
        settle = (fail) => (fail ? reject(new Error('offline')) : resolve(list));
      }),
  );
  return { load, settle: (fail?: boolean) => settle(fail) };
}

describe('deferredConversationList', () => {
  it('fetches nothing until used', () => {
    const { load } = manualLoad(getConversationList({ environment: {}, key: 'deferred:unused' }));
    deferredConversationList(load);
    expect(load).not.toHaveBeenCalled();
  });

  it('shows saves made before the list is here, then writes them to it in order', async () => {
    const real = getConversationList({ environment: {}, key: 'deferred:early' });
    const { load, settle } = manualLoad(real);
    const list = deferredConversationList(load);
    const changes = vi.fn();
    list.subscribe(changes);
    list.save(conversation('a', 1));
    list.save(conversation('b', 2));
    list.save(conversation('a', 3));
    list.remove('b');
    expect(load).toHaveBeenCalledTimes(1);
    expect(list.getAll().map(({ id, updatedAt }) => [id, updatedAt])).toEqual([['a', 3]]);
    expect(real.getAll()).toEqual([]);
    settle();
    await list.ready();
    expect(real.getAll().map(({ id, updatedAt }) => [id, updatedAt])).toEqual([['a', 3]]);
    expect(list.getAll()).toBe(real.getAll());
    // Once here, the real list's changes reach the listeners.
    const before = changes.mock.calls.length;
    real.save(conversation('c', 4));
    expect(changes.mock.calls.length).toBe(before + 1);
    expect(list.getAll().map(({ id }) => id)).toEqual(['c', 'a']);
  });

  it('tries the fetch again on the next use after a failure, the saves waiting meanwhile', async () => {
    const real = getConversationList({ environment: {}, key: 'deferred:offline' });
    const { load, settle } = manualLoad(real);
    const list = deferredConversationList(load);
    list.save(conversation('a'));
    settle(true);
    await expect(list.ready()).rejects.toThrow('offline');
    expect(list.getAll().map(({ id }) => id)).toEqual(['a']);
    expect(load).toHaveBeenCalledTimes(2);
    settle();
    await list.ready();
    expect(real.getAll().map(({ id }) => id)).toEqual(['a']);
  });
});
