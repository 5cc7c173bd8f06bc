/**
 * Test helpers for the chat UI: a fake `ChatStore` built on the core's store, and rendering into
 * happy-dom with Preact (what the JS, CDN and Astro entries ship). Test files alias React to
 * Preact with `vi.mock` (see `PREACT_MOCKS` use in each file), since mocks are hoisted per file.
 */
import type { ReactElement } from 'react';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import type { ChatMessage, ChatState, ChatStore, SuggestedQuestion } from '../../core/chat/types.js';
import { createStore } from '../../core/state/store.js';
import { DEFAULT_TRANSLATIONS } from '../../core/translations.js';

export const translations = DEFAULT_TRANSLATIONS;

export interface FakeChat extends ChatStore {
  set(state: Partial<ChatState>): void;
  calls: { method: string; args: unknown[] }[];
  feedbackResult: Promise<void>;
  suggested: SuggestedQuestion[];
}

export function fakeChat(initial: Partial<ChatState> = {}, options: { canGiveFeedback?: boolean } = {}): FakeChat {
  const store = createStore<ChatState>({ id: 'c1', messages: [], status: 'ready', error: undefined, ...initial });
  const calls: FakeChat['calls'] = [];
  const record =
    (method: string) =>
    (...args: unknown[]) => {
      calls.push({ method, args });
    };
  const chat: FakeChat = {
    get: store.get,
    subscribe: store.subscribe,
    set: (state) => store.set({ ...store.get(), ...state }),
    calls,
    feedbackResult: Promise.resolve(),
    suggested: [],
    send: record('send'),
    stop: record('stop'),
    retry: record('retry'),
    newConversation: record('newConversation'),
    load: record('load'),
    canGiveFeedback: options.canGiveFeedback ?? true,
    // Like the core: the vote is recorded on the message whether or not the post succeeds.
    sendFeedback(id, vote) {
      calls.push({ method: 'sendFeedback', args: [id, vote] });
      chat.set({ messages: store.get().messages.map((message) => (message.id === id ? { ...message, meta: { ...message.meta, feedback: vote } } : message)) });
      return chat.feedbackResult;
    },
    getSuggestedQuestions: () => Promise.resolve(chat.suggested),
    destroy: record('destroy'),
  };
  return chat;
}

export const user = (id: string, text: string): ChatMessage => ({ id, role: 'user', parts: [{ type: 'text', text }] });
export const assistant = (id: string, parts: ChatMessage['parts'], meta?: ChatMessage['meta']): ChatMessage => ({ id, role: 'assistant', parts, meta });

/** Renders into a fresh container attached to the document; returns it. */
export function mount(element: ReactElement): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => {
    render(element as never, container);
  });
  return container;
}

export function unmountAll() {
  for (const container of [...document.body.children]) {
    render(null, container);
    container.remove();
  }
}

/** Runs a change (store update, event) and lets Preact flush its renders and effects. */
export async function update(change: () => unknown = () => {}) {
  await act(async () => {
    await change();
  });
}

export function click(element: Element | null | undefined) {
  if (!element) throw new Error('nothing to click');
  act(() => {
    (element as HTMLElement).click();
  });
}

export const buttonNamed = (root: ParentNode, name: string) =>
  [...root.querySelectorAll('button')].find((button) => button.getAttribute('aria-label') === name || button.textContent?.trim() === name);
