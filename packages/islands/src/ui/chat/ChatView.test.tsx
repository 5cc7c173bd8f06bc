import { afterEach, describe, expect, it, vi } from 'vitest';
vi.mock('react', () => import('preact/compat'));
vi.mock('react/jsx-runtime', () => import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', () => import('preact/jsx-runtime'));
import { act } from 'preact/test-utils';
import type { ConversationList, StoredConversation } from '../../core/chat/types.js';
import { ChatView } from './ChatView.js';
import { ConversationHistory, RecentConversations } from './ConversationHistory.js';
import { assistant, buttonNamed, click, fakeChat, mount, translations, unmountAll, update, user } from './testing.js';

afterEach(unmountAll);

const searchBox = translations.modal.searchBox;

describe('ChatView', () => {
  it('starts with the new-conversation screen, suggested questions and the disclaimer', async () => {
    const chat = fakeChat();
    chat.suggested = [{ id: 'q1', question: 'How do I install it?' }, { question: 'Local suggestion' }];
    const root = mount(<ChatView chat={chat} translations={translations} suggestedQuestions autoFocus />);
    await update();
    expect(root.textContent).toContain(translations.modal.newConversation.newConversationTitle);
    expect(root.textContent).toContain(translations.modal.newConversation.newConversationDescription);
    expect(root.textContent).toContain(translations.modal.askAiScreen.disclaimerText);
    const textarea = root.querySelector('textarea')!;
    expect(textarea.placeholder).toBe(searchBox.newConversationPlaceholder);
    expect(document.activeElement).toBe(textarea);
    click(buttonNamed(root, 'How do I install it?'));
    click(buttonNamed(root, 'Local suggestion'));
    expect(chat.calls).toEqual([
      { method: 'send', args: ['How do I install it?', { suggestedQuestionId: 'q1' }] },
      { method: 'send', args: ['Local suggestion', undefined] },
    ]);
  });

  it('says the local assistant quotes the docs instead of writing with AI', async () => {
    const root = mount(<ChatView chat={fakeChat()} translations={translations} local />);
    await update();
    const disclaimer = root.querySelector('.sitesearch-chat-disclaimer')!;
    expect(disclaimer.textContent).toBe(translations.modal.askAiScreen.localDisclaimerText);
    expect(disclaimer.textContent).toMatch(/not written by AI/);
  });

  it('shows no suggested questions unless asked to', async () => {
    const chat = fakeChat();
    chat.suggested = [{ id: 'q1', question: 'How do I install it?' }];
    const root = mount(<ChatView chat={chat} translations={translations} />);
    await update();
    expect(buttonNamed(root, 'How do I install it?')).toBeUndefined();
  });

  it('switches the placeholder and the send button with the stream, and sends from the prompt', async () => {
    const chat = fakeChat({ messages: [user('u1', 'q'), assistant('a1', [{ type: 'text', text: 'a' }])] });
    const root = mount(<ChatView chat={chat} translations={translations} />);
    const textarea = root.querySelector('textarea')!;
    expect(textarea.placeholder).toBe('Ask another question...');
    await update(() => chat.set({ status: 'streaming' }));
    expect(textarea.placeholder).toBe(searchBox.placeholderTextAskAiStreaming);
    click(root.querySelector('.sitesearch-chat-send--stop'));
    expect(chat.calls.map((call) => call.method)).toEqual(['stop']);
    await update(() => chat.set({ status: 'ready' }));
    act(() => {
      textarea.value = 'next';
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    });
    click(root.querySelector('button[type=submit]'));
    expect(chat.calls.at(-1)).toEqual({ method: 'send', args: ['next'] });
  });
});

describe('useStickToBottom (through ChatView)', () => {
  it('follows the answer unless the user scrolled up to read; a new question scrolls down', async () => {
    const chat = fakeChat({ messages: [user('u1', 'q')], status: 'streaming' });
    const root = mount(<ChatView chat={chat} translations={translations} />);
    const scroller = root.querySelector<HTMLElement>('.sitesearch-chat-scroll')!;
    let height = 1000;
    Object.defineProperty(scroller, 'scrollHeight', { get: () => height, configurable: true });
    Object.defineProperty(scroller, 'clientHeight', { get: () => 300, configurable: true });
    const grow = (text: string) => {
      height += 200;
      return update(() => chat.set({ messages: [user('u1', 'q'), assistant('a1', [{ type: 'text', text }])] }));
    };
    const scrollTo = (top: number) => {
      scroller.scrollTop = top;
      scroller.dispatchEvent(new Event('scroll'));
    };

    scrollTo(700); // at the bottom
    await grow('one');
    expect(scroller.scrollTop).toBe(1200);
    scrollTo(100); // reading above
    await grow('one two');
    expect(scroller.scrollTop).toBe(100);
    await update(() => chat.set({ messages: [...chat.get().messages, user('u2', 'next')] }));
    expect(scroller.scrollTop).toBe(1400);
  });
});

function fakeList(conversations: StoredConversation[]): ConversationList {
  let all = conversations;
  const listeners = new Set<() => void>();
  return {
    getAll: () => all,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    save: () => {},
    remove: (id) => {
      all = all.filter((conversation) => conversation.id !== id);
      listeners.forEach((listener) => listener());
    },
  };
}

const stored = (id: string, title: string): StoredConversation => ({ id, title, messages: [user(`${id}-u`, title)], updatedAt: Date.UTC(2026, 10, 20, 9, 30) });

describe('ConversationHistory and RecentConversations', () => {
  it('lists conversations to open or remove, keeping focus in the list', async () => {
    const list = fakeList([stored('c1', 'Install on Astro'), stored('c2', 'Dark theme'), stored('c3', 'Keyboard shortcuts')]);
    const onOpen = vi.fn();
    const root = mount(<ConversationHistory conversations={list} translations={translations} onOpen={onOpen} currentId="c2" />);
    expect(root.querySelector('.sitesearch-conversations-title')?.textContent).toBe(searchBox.conversationHistoryTitle);
    const open = [...root.querySelectorAll('.sitesearch-conversation-open')];
    expect(open.map((button) => button.querySelector('.sitesearch-conversation-title')?.textContent)).toEqual(['Install on Astro', 'Dark theme', 'Keyboard shortcuts']);
    expect(open[1]!.getAttribute('aria-current')).toBe('true');
    expect(open[0]!.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20T09:30:00.000Z');
    click(open[2]);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'c3' }));

    const remove = root.querySelectorAll(`button[aria-label="${translations.modal.startScreen.removeRecentConversationButtonTitle}"]`);
    expect(remove).toHaveLength(3);
    click(remove[1]);
    await update();
    expect(root.querySelectorAll('.sitesearch-conversation')).toHaveLength(2);
    expect(document.activeElement?.textContent).toContain('Keyboard shortcuts');
  });

  it('shows the most recent under its title, and nothing when there are none', () => {
    const list = fakeList([stored('c1', 'One'), stored('c2', 'Two')]);
    const root = mount(<RecentConversations conversations={list} translations={translations} onOpen={() => {}} limit={1} />);
    expect(root.querySelector('.sitesearch-conversations-title')?.textContent).toBe(translations.modal.startScreen.recentConversationsTitle);
    expect(root.querySelectorAll('.sitesearch-conversation')).toHaveLength(1);
    const untitled = mount(<RecentConversations conversations={list} translations={translations} onOpen={() => {}} showTitle={false} />);
    expect(untitled.querySelector('.sitesearch-conversations-title')).toBeNull();
    expect(untitled.querySelector('section')?.getAttribute('aria-label')).toBe(translations.modal.startScreen.recentConversationsTitle);
    const empty = mount(<RecentConversations conversations={fakeList([])} translations={translations} onOpen={() => {}} />);
    expect(empty.innerHTML).toBe('');
  });
});
