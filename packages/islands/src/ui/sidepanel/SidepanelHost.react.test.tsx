// The React entry renders the same host with React itself: one pass through opening, the pending
// query in the prompt (React's controlled textarea must take it), ask(), closing and the push.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getConversationList } from '../../core/chat/conversations.js';
import { conversationKeyFor } from '../../core/chat/backend.js';
import { resolveSidepanelOptions } from '../../core/options/sidepanelOptions.js';
import { createSidepanelStore } from '../../core/state/widgetStores.js';
import { fakeChat, type FakeChat } from '../chat/testing.js';
import { SidepanelHost, loadSidepanelChat } from './SidepanelHost.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let chat: FakeChat;
vi.mock('./sidepanelChat.js', async (original) => {
  const chunk = await original<typeof import('./sidepanelChat.js')>();
  return {
    ...chunk,
    setUpSidepanelChat: (options: Parameters<typeof chunk.setUpSidepanelChat>[0], environment: Window) => ({
      chat,
      conversations: getConversationList({ environment, key: conversationKeyFor(options) }),
      local: false,
      Body: chunk.SidepanelBody,
    }),
  };
});
beforeAll(() => loadSidepanelChat());

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

describe('SidepanelHost with React', () => {
  it('opens with the typed keys in the prompt, sends an asked question, closes hidden and restores the push', async () => {
    chat = fakeChat();
    const page = document.createElement('div');
    page.id = '__docusaurus';
    document.body.append(page);
    const container = document.createElement('div');
    document.body.append(container);
    const store = createSidepanelStore();
    const options = resolveSidepanelOptions({ appId: 'A', apiKey: 'K', assistantId: 'a', indexName: 'docs', variant: 'inline' }, 'react');
    let ask: ((question: string) => void) | undefined;
    root = createRoot(container);
    act(() => root!.render(<SidepanelHost options={options} store={store} environment={window} takePendingQuery={() => 'typed'} registerAsk={(registered) => (ask = registered)} />));
    await act(async () => {
      store.open();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const textarea = container.querySelector('textarea')!;
    expect(textarea.value).toBe('typed');
    // React's state took it: the send button is enabled.
    expect(container.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(false);
    expect(page.style.getPropertyValue('margin-right')).toBe('360px');
    act(() => ask!('Asked from the modal'));
    expect(chat.calls).toContainEqual({ method: 'send', args: ['Asked from the modal'] });
    act(() => store.close());
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(container.querySelector<HTMLElement>('[role="dialog"]')!.hidden).toBe(true);
    expect(page.hasAttribute('style')).toBe(false);
  });
});
