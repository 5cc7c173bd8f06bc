import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
vi.mock('react', () => import('preact/compat'));
vi.mock('react/jsx-runtime', () => import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', () => import('preact/jsx-runtime'));
import { getConversationList } from '../../core/chat/conversations.js';
import { deferredConversationList } from '../../core/chat/deferredConversations.js';
import { conversationKeyFor } from '../../core/chat/backend.js';
import { resolveSidepanelOptions } from '../../core/options/sidepanelOptions.js';
import { createSidepanelStore, type SidepanelStore } from '../../core/state/widgetStores.js';
import { assistant, buttonNamed, click, fakeChat, mount, translations, unmountAll, update, user, type FakeChat } from '../chat/testing.js';
import { PUSH_DURATION_MS } from './slideDuration.js';
import { SidepanelHost, loadSidepanelChat } from './SidepanelHost.js';

// The chat chunk as it is, but with a fake chat (no transport, no network).
let chat: FakeChat;
vi.mock('./sidepanelChat.js', async (original) => {
  const chunk = await original<typeof import('./sidepanelChat.js')>();
  return {
    ...chunk,
    setUpSidepanelChat: (options: Parameters<typeof chunk.setUpSidepanelChat>[0], environment: Window) => ({
      chat,
      // As the chunk does: the stored list's code arrives on first use.
      conversations: deferredConversationList(async () => getConversationList({ environment, key: conversationKeyFor(options) })),
      local: false,
      Body: chunk.SidepanelBody,
    }),
  };
});

const texts = translations.sidepanel;
const searchBox = translations.modal.searchBox;
const options = (extra: Record<string, unknown> = {}) => resolveSidepanelOptions({ appId: 'A', apiKey: 'K', assistantId: 'assistant-1', indexName: 'docs', ...extra }, 'react');

// The chunks' first imports (transformed on the fly) take longer than a render: done once up front
// (the chat, and the inline variant's push code).
beforeAll(() => Promise.all([loadSidepanelChat(), import('./pushContent.js')]));

/** Screen size and motion preference, as the panel's media queries see them. */
let small = false;
beforeEach(() => {
  small = false;
  chat = fakeChat();
  localStorage.clear();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        // Reduced motion: the panel hides at once on close (no slide to wait for).
        matches: query.includes('max-width') ? small : query.includes('reduced-motion'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
});
afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.documentElement.className = '';
});

/** Lets the chat's chunk import settle and the panel render it. */
const settle = async () => {
  for (let round = 0; round < 5; round++) await update(() => new Promise((resolve) => setTimeout(resolve, 0)));
};

function render(extra: Record<string, unknown> = {}, props: Partial<Parameters<typeof SidepanelHost>[0]> = {}) {
  const store = createSidepanelStore();
  const onClosed = vi.fn();
  const root = mount(<SidepanelHost options={options(extra)} store={store} environment={window} onClosed={onClosed} {...props} />);
  const dialog = () => root.querySelector<HTMLElement>('[role="dialog"]');
  return { root, store, onClosed, dialog };
}

const open = async (store: SidepanelStore) => {
  await update(() => store.open());
  await settle();
};

/** Elements Tab could reach: focusable and with no `hidden` or `inert` ancestor. */
const tabStops = (root: ParentNode) =>
  [...root.querySelectorAll<HTMLElement>('a[href],button,textarea,input,select,[tabindex]')].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[hidden],[inert]') && !(element as HTMLButtonElement).disabled,
  );

describe('SidepanelHost', () => {
  it('renders nothing until opened, then a named dialog with its header, the new conversation and the prompt focused', async () => {
    const { root, store, dialog } = render({ suggestedQuestions: true });
    chat.suggested = [{ id: 'q1', question: 'How do I install it?' }];
    expect(root.innerHTML).toBe('');
    await open(store);
    const panel = dialog()!;
    const title = document.getElementById(panel.getAttribute('aria-labelledby')!)!;
    expect(title.textContent).toBe(texts.titleText);
    // Not modal beside the page on a large screen.
    expect(panel.hasAttribute('aria-modal')).toBe(false);
    for (const name of [searchBox.startNewConversationText, searchBox.viewConversationHistoryText, texts.expandButtonAriaLabel, texts.closeButtonAriaLabel]) {
      expect(buttonNamed(panel, name), name).toBeDefined();
    }
    expect(panel.textContent).toContain(translations.modal.newConversation.newConversationTitle);
    expect(panel.textContent).toContain(translations.modal.newConversation.newConversationDescription);
    expect(buttonNamed(panel, 'How do I install it?')).toBeDefined();
    expect(panel.textContent).toContain(translations.modal.askAiScreen.disclaimerText);
    expect(document.activeElement).toBe(panel.querySelector('textarea'));
    expect(panel.dataset.side).toBe('right');
    // No theme given: no data-theme, so the stylesheet follows the page's (light when it has none).
    expect(panel.hasAttribute('data-theme')).toBe(false);
  });

  it('dispatches sitesearch:sidepanel-open and sitesearch:sidepanel-close on the page as it opens and closes', async () => {
    const seen: string[] = [];
    const listener = (event: Event) => seen.push(event.type);
    window.addEventListener('sitesearch:sidepanel-open', listener);
    window.addEventListener('sitesearch:sidepanel-close', listener);
    const { store } = render();
    expect(seen).toEqual([]);
    await open(store);
    await update(() => store.close());
    expect(seen).toEqual(['sitesearch:sidepanel-open', 'sitesearch:sidepanel-close']);
    window.removeEventListener('sitesearch:sidepanel-open', listener);
    window.removeEventListener('sitesearch:sidepanel-close', listener);
  });

  it('shows the conversation, starts a new one, and the history with a way back', async () => {
    chat = fakeChat({ messages: [user('u1', 'What is it?'), assistant('a1', [{ type: 'text', text: 'A search widget.' }])] });
    const stored = { id: 'old', title: 'An older question', messages: [user('u0', 'An older question')], updatedAt: Date.now() };
    getConversationList({ environment: window, key: conversationKeyFor(options()) }).save(stored);
    const { store, dialog } = render();
    await open(store);
    const panel = dialog()!;
    expect(panel.textContent).toContain('A search widget.');

    click(buttonNamed(panel, searchBox.viewConversationHistoryText));
    await update();
    // The history's way back shows at once; the list arrives with its own chunk (fetched on first use).
    expect(buttonNamed(panel, texts.backButtonAriaLabel)).not.toBeNull();
    expect(panel.querySelector('textarea')).toBeNull();
    await vi.waitFor(async () => {
      await settle();
      expect(panel.textContent).toContain('An older question');
    });
    click(buttonNamed(panel, 'An older question') ?? panel.querySelector('.sitesearch-conversation-open'));
    await update();
    expect(chat.calls).toContainEqual({ method: 'load', args: [stored] });
    expect(panel.querySelector('textarea')).not.toBeNull();

    click(buttonNamed(panel, searchBox.viewConversationHistoryText));
    await update();
    click(buttonNamed(panel, texts.backButtonAriaLabel));
    await update();
    expect(panel.querySelector('textarea')).not.toBeNull();

    click(buttonNamed(panel, searchBox.startNewConversationText));
    await update();
    expect(chat.calls.some((call) => call.method === 'newConversation')).toBe(true);
  });

  it('renders a function aggregatedToolCallNode (template support loads with the chat when it is set)', async () => {
    const search = (id: string, query: string) => ({ type: 'tool-searchIndex', toolCallId: id, state: 'output-available', input: { query }, output: { query, hits: [] } });
    chat = fakeChat({ messages: [user('u1', 'What is it?'), assistant('a1', [search('s1', 'a'), search('s2', 'b'), { type: 'text', text: 'A search widget.' }] as never)] });
    const { store, dialog } = render({ translations: { modal: { askAiScreen: { aggregatedToolCallNode: (queries: string[]) => `${queries.length} searches` } } } });
    await open(store);
    await vi.waitFor(async () => {
      await settle();
      expect(dialog()!.textContent).toContain('2 searches');
    });
  });

  it('expands to expandedWidth and collapses back, through the store', async () => {
    const { store, dialog } = render({ width: 400, expandedWidth: '50vw' });
    await open(store);
    const panel = dialog()!;
    expect(panel.style.getPropertyValue('--sitesearch-sidepanel-width')).toBe('400px');
    click(buttonNamed(panel, texts.expandButtonAriaLabel));
    await update();
    expect(store.get().width).toBe('expanded');
    expect(panel.style.getPropertyValue('--sitesearch-sidepanel-width')).toBe('50vw');
    click(buttonNamed(panel, texts.collapseButtonAriaLabel));
    await update();
    expect(store.get().width).toBe('default');
    expect(panel.style.getPropertyValue('--sitesearch-sidepanel-width')).toBe('400px');
  });

  it('ask() opens the panel and sends the question; one asked while answering replaces the answer', async () => {
    let ask: ((question: string) => void) | undefined;
    const { store, dialog } = render({}, { registerAsk: (registered) => (ask = registered) });
    await update();
    expect(ask).toBeTypeOf('function');
    await update(() => ask!('How do I theme it?'));
    await settle();
    expect(store.get().isOpen).toBe(true);
    expect(dialog()).not.toBeNull();
    expect(chat.calls).toContainEqual({ method: 'send', args: ['How do I theme it?'] });
    chat.set({ status: 'streaming' });
    await update(() => ask!('Another one'));
    expect(chat.calls.slice(-2)).toEqual([
      { method: 'stop', args: [] },
      { method: 'send', args: ['Another one'] },
    ]);
  });

  it("ask() with a stored conversation's id (a follow-up asked in the modal) continues that conversation", async () => {
    const stored = { id: 'from-modal', title: 'How do I deploy?', messages: [user('u0', 'How do I deploy?')], updatedAt: Date.now() };
    getConversationList({ environment: window, key: conversationKeyFor(options()) }).save(stored);
    let ask: ((question: string, conversationId?: string) => void) | undefined;
    render({}, { registerAsk: (registered) => (ask = registered) });
    await update();
    await update(() => ask!('And to a CDN?', 'from-modal'));
    await settle();
    expect(chat.calls.slice(-2)).toEqual([
      { method: 'load', args: [stored] },
      { method: 'send', args: ['And to a CDN?'] },
    ]);
    // An id the panel shows already, or one not stored: the current conversation, no load.
    const loads = () => chat.calls.filter((call) => call.method === 'load').length;
    await update(() => ask!('One more', chat.get().id));
    await update(() => ask!('And another', 'unknown'));
    expect(loads()).toBe(1);
    expect(chat.calls.slice(-2)).toEqual([
      { method: 'send', args: ['One more'] },
      { method: 'send', args: ['And another'] },
    ]);
  });

  it('puts the keys typed while loading in the prompt, taken only once the prompt is there to receive them', async () => {
    // The loader's typing proxy keeps focus and keys until it is taken: taking it before the
    // chat's chunk arrived lost the keys typed in between.
    let promptWasThere: boolean | undefined;
    const takePendingQuery = () => {
      promptWasThere = !!document.querySelector('.sitesearch-sidepanel textarea');
      return 'how do i';
    };
    const { store, dialog } = render({}, { takePendingQuery });
    await open(store);
    const textarea = dialog()!.querySelector('textarea')!;
    expect(textarea.value).toBe('how do i');
    expect(document.activeElement).toBe(textarea);
    expect(promptWasThere).toBe(true);
  });

  it('closed: no Tab stop anywhere in it, focus handed back; Escape inside closes', async () => {
    const { root, store, dialog, onClosed } = render();
    await open(store);
    expect(tabStops(root).length).toBeGreaterThan(3);
    const textarea = dialog()!.querySelector('textarea')!;
    await update(() => textarea.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(store.get().isOpen).toBe(false);
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(dialog()!.hidden).toBe(true);
    expect(tabStops(root)).toEqual([]);
    // Opened again: the same conversation, focus in the prompt.
    await open(store);
    expect(dialog()!.hidden).toBe(false);
    expect(document.activeElement).toBe(dialog()!.querySelector('textarea'));
  });

  it('inline: pushes the page’s content by the panel’s width, follows expand, restores it exactly on close', async () => {
    const page = document.createElement('div');
    page.id = '__docusaurus';
    page.setAttribute('style', 'color: red');
    document.body.prepend(page);
    const { store } = render({ variant: 'inline', side: 'left' });
    // The push code is fetched when the panel mounts inline, so it is there when the panel opens.
    await settle();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await update(() => store.open());
    expect(page.style.getPropertyValue('margin-left')).toBe('360px');
    await update(() => store.expand());
    expect(page.style.getPropertyValue('margin-left')).toBe('580px');
    await update(() => store.close());
    vi.advanceTimersByTime(PUSH_DURATION_MS);
    expect(page.getAttribute('style')).toBe('color: red;');
    expect(document.body.hasAttribute('style')).toBe(false);
    page.remove();
  });

  it('small screens: full screen and modal, no expand, nothing pushed, page scroll locked until closed', async () => {
    small = true;
    const page = document.createElement('main');
    document.body.prepend(page);
    const { store, dialog } = render({ variant: 'inline' });
    await open(store);
    const panel = dialog()!;
    expect(panel.getAttribute('aria-modal')).toBe('true');
    expect(buttonNamed(panel, texts.expandButtonAriaLabel)).toBeUndefined();
    expect(page.hasAttribute('style')).toBe(false);
    expect(document.documentElement.classList.contains('sitesearch--scroll-locked')).toBe(true);
    await update(() => store.close());
    expect(document.documentElement.classList.contains('sitesearch--scroll-locked')).toBe(false);
    page.remove();
  });

  it('dark theme and the left side are data attributes the stylesheet reads', async () => {
    const { store, dialog } = render({ theme: 'dark', side: 'left' });
    await open(store);
    expect(dialog()!.dataset.theme).toBe('dark');
    expect(dialog()!.dataset.side).toBe('left');
  });

  it('a light theme given is set too: it wins over a dark page', async () => {
    const { store, dialog } = render({ theme: 'light' });
    await open(store);
    expect(dialog()!.dataset.theme).toBe('light');
  });
});
