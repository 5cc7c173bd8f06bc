import { afterEach, describe, expect, it } from 'vitest';
import { conversationKeyFor } from '../../core/chat/backend.js';
import { getConversationList } from '../../core/chat/conversations.js';
import { resolveAskAi } from '../../core/options/askAi.js';
import { KEYWORD_TRANSLATIONS } from '../../core/keywordTranslations.js';
import type { SearchSession } from '../../core/session/searchSession.js';
import type { SiteSearchTranslations } from '../../core/translations.js';
import { createAskAiRuntime } from './askAiAddon.js';

const askAi = resolveAskAi('sitesearch', { assistantId: 'unit-assistant', baseUrl: 'http://127.0.0.1:9' }, { appId: 'A', apiKey: 'K', indexName: 'docs' })!;
const searchClient = { search: async () => ({ results: [] }) };
const conversation = (id: string, updatedAt: number) => ({ id, title: `Question ${id}`, updatedAt, messages: [{ id: `m-${id}`, role: 'user' as const, parts: [{ type: 'text' as const, text: `Question ${id}` }] }] });
const nextChange = (subscribe: (listener: () => void) => () => void) =>
  new Promise<void>((resolve) => {
    const stop = subscribe(() => {
      stop();
      resolve();
    });
  });

afterEach(() => localStorage.clear());

describe('createAskAiRuntime', () => {
  it('lists the three newest stored conversations of this assistant once subscribed, and removes one', async () => {
    const list = getConversationList({ environment: window, key: conversationKeyFor(askAi) });
    for (const [id, time] of [['a', 1], ['b', 2], ['c', 3], ['d', 4]] as const) list.save(conversation(id, time));
    const runtime = createAskAiRuntime(askAi, searchClient, window);
    expect(runtime.recentConversations.get()).toEqual([]);
    await nextChange(runtime.recentConversations.subscribe);
    expect(runtime.recentConversations.get()).toEqual([
      { id: 'd', title: 'Question d' },
      { id: 'c', title: 'Question c' },
      { id: 'b', title: 'Question b' },
    ]);
    const removed = nextChange(runtime.recentConversations.subscribe);
    runtime.removeConversation('c');
    await removed;
    expect(runtime.recentConversations.get().map(({ id }) => id)).toEqual(['d', 'b', 'a']);
  });

  it('loads the chat once, and opening a stored conversation loads it into the chat', async () => {
    getConversationList({ environment: window, key: conversationKeyFor(askAi) }).save(conversation('x', 5));
    const runtime = createAskAiRuntime(askAi, searchClient, window);
    expect(runtime.loaded).toBeUndefined();
    const [first, second] = await Promise.all([runtime.load(), runtime.load()]);
    expect(first).toBe(second);
    expect(runtime.loaded).toBe(first);
    // A base URL means a hosted backend: the disclaimer says AI writes the answers.
    expect(first.local).toBe(false);
    runtime.openConversation('x');
    await expect.poll(() => first.chat.get().id).toBe('x');
    expect(first.chat.get().messages).toHaveLength(1);
    runtime.destroy();
  });

  it('with disableUserPersonalization (persist false), conversations stay in memory: nothing reaches localStorage', async () => {
    const runtime = createAskAiRuntime(askAi, searchClient, window, undefined, false);
    const { conversations } = await runtime.load();
    conversations.save(conversation('private', 6));
    expect(conversations.getAll().map(({ id }) => id)).toEqual(['private']);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('sitesearch'))).toEqual([]);
    // The persisted list of the same assistant is another list: it never sees the private one.
    expect(getConversationList({ environment: window, key: conversationKeyFor(askAi) }).getAll().map(({ id }) => id)).not.toContain('private');
    runtime.destroy();
  });

  it('says when the local assistant answers (no credentials, no base URL)', async () => {
    const localAskAi = resolveAskAi('sitesearch', { assistantId: 'unit-local' }, { indexName: 'docs' })!;
    const runtime = createAskAiRuntime(localAskAi, searchClient, window);
    expect((await runtime.load()).local).toBe(true);
    runtime.destroy();
  });

  it('links the chat’s stylesheet once, in the given node, and shows the chat only once it applied', async () => {
    const parent = document.createElement('div');
    document.body.append(parent);
    const runtime = createAskAiRuntime(askAi, searchClient, window, { href: '/cdn/sitesearch-chat.css', parent });
    let ready = false;
    const loading = runtime.load().then(() => (ready = true));
    runtime.prefetch();
    const links = parent.querySelectorAll('link[rel="stylesheet"]');
    expect([...links].map((link) => link.getAttribute('href'))).toEqual(['/cdn/sitesearch-chat.css']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ready).toBe(false);
    links[0]!.dispatchEvent(new Event('load'));
    await loading;
    expect(ready).toBe(true);
    runtime.destroy();
    parent.remove();
  });
});

describe("the keyword screen's Ask AI rows", () => {
  const texts = KEYWORD_TRANSLATIONS.modal as SiteSearchTranslations['modal'];
  const runtime = () => createAskAiRuntime(askAi, searchClient, window);

  it('lists the stored conversations first on the start screen, and nothing when there are none', () => {
    const { sections } = runtime().keyword;
    expect(sections({ ids: 'm', showStart: true, query: '', noResults: false, conversations: [], texts })).toEqual([]);
    expect(sections({ ids: 'm', showStart: true, query: '', noResults: false, conversations: [{ id: 'c:1', title: 'How to install' }], texts })).toEqual([
      { id: 'm-conversations', title: 'Recent conversations', items: [{ id: 'm-conversation-c_1', source: 'conversation', conversationId: 'c:1', title: 'How to install' }] },
    ]);
  });

  it('puts the Ask AI entry above the results, worded for a query that found nothing', () => {
    const { sections } = runtime().keyword;
    const entry = (noResults: boolean) => sections({ ids: 'm', showStart: false, query: ' install ', noResults, conversations: [{ id: 'c', title: 't' }], texts });
    expect(entry(false)).toEqual([{ id: 'm-ask-ai', items: [{ id: 'm-ask-ai-entry', source: 'askAi', label: 'Ask AI: ', query: 'install' }] }]);
    expect(entry(true)[0]!.items[0]).toMatchObject({ label: 'Nothing in the docs? Ask AI: ' });
  });
});

describe('hybrid mode: questions offered to the page first', () => {
  it("offers the keyword screen's question, asks it here when declined, and does not offer it again when the chat sends it", async () => {
    const offered: string[] = [];
    const asked: string[] = [];
    let take = false;
    const handOffQuestion = async (question: string) => (offered.push(question), take);
    const session = { askAi: (question?: string) => void asked.push(question ?? '') } as unknown as SearchSession;
    const { session: handing, offer } = createAskAiRuntime(askAi, searchClient, window).handOff(session, handOffQuestion);
    handing.askAi('how to install');
    await new Promise((resolve) => setTimeout(resolve));
    expect(offered).toEqual(['how to install']);
    expect(asked).toEqual(['how to install']);
    // The modal's own chat sends the declined question: not offered a second time.
    await expect(offer('how to install')).resolves.toBe(false);
    expect(offered).toEqual(['how to install']);
    take = true;
    handing.askAi('another');
    await new Promise((resolve) => setTimeout(resolve));
    expect(offered).toEqual(['how to install', 'another']);
    expect(asked).toEqual(['how to install']);
    // An empty question is not offered.
    handing.askAi('  ');
    expect(asked).toEqual(['how to install', '  ']);
  });
});
