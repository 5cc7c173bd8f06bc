import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
vi.mock('react', () => import('preact/compat'));
vi.mock('react/jsx-runtime', () => import('preact/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', () => import('preact/jsx-runtime'));
import { ChatError } from '../../core/chat/types.js';
import { ChatMessages, useAnswerEnd, withoutOpenLink } from './ChatMessages.js';
import { assistant, buttonNamed, click, fakeChat, mount, translations, unmountAll, update, user, type FakeChat } from './testing.js';

afterEach(unmountAll);
// The answer's actions are a chunk of their own (see the last test): fetched here first, so that
// they render with the answer.
beforeAll(async () => {
  await useAnswerEnd.preload();
});

const texts = translations.modal.askAiScreen;
const answer = (text: string, meta?: Parameters<typeof assistant>[2]) => assistant('a1', [{ type: 'step-start' }, { type: 'text', text, state: 'done' }], meta);
const render = (chat: FakeChat) => mount(<ChatMessages chat={chat} translations={translations} />);
/** Each action's accessible name: its aria-label, else its text. */
const actionNames = (root: HTMLElement) => [...root.querySelectorAll('.sitesearch-chat-actions button')].map((button) => button.getAttribute('aria-label') ?? button.textContent);

describe('ChatMessages', () => {
  it('shows the question and a finished answer with copy, like and dislike', () => {
    const root = render(fakeChat({ messages: [user('u1', 'How do I install?'), answer('Run `npm i`.')] }));
    expect(root.querySelector('.sitesearch-chat-question')?.textContent).toBe('How do I install?');
    expect(root.querySelector('.sitesearch-markdown code')?.textContent).toBe('npm i');
    expect(actionNames(root)).toEqual([texts.copyButtonText, texts.likeButtonTitle, texts.dislikeButtonTitle]);
    expect(root.querySelector('[role="log"]')?.getAttribute('aria-live')).toBe('off');
  });

  it('offers no like or dislike when the backend takes no feedback', () => {
    const root = render(fakeChat({ messages: [user('u1', 'q'), answer('a')] }, { canGiveFeedback: false }));
    expect(actionNames(root)).toEqual([texts.copyButtonText]);
  });

  it('says it is thinking before the first token, and shows no actions while streaming', async () => {
    const chat = fakeChat({ messages: [user('u1', 'q')], status: 'submitted' });
    const root = render(chat);
    expect(root.textContent).toContain(texts.thinkingText);
    await update(() => chat.set({ status: 'streaming', messages: [user('u1', 'q'), assistant('a1', [{ type: 'text', text: 'Partial', state: 'streaming' }])] }));
    expect(root.textContent).not.toContain(texts.thinkingText);
    expect(root.textContent).toContain('Partial');
    expect(actionNames(root)).toEqual([]);
  });

  it('shows a link still being streamed as its label', async () => {
    const chat = fakeChat({ status: 'streaming', messages: [user('u1', 'q'), assistant('a1', [{ type: 'text', text: 'See [the guide](/gui', state: 'streaming' }])] });
    const root = render(chat);
    expect(root.querySelector('.sitesearch-markdown')?.textContent).toBe('See the guide');
    await update(() => chat.set({ status: 'ready', messages: [user('u1', 'q'), answer('See [the guide](/guide/) and [x]')] }));
    expect(root.querySelector('.sitesearch-markdown')?.textContent).toBe('See the guide and [x]');
    expect(root.querySelector('.sitesearch-markdown a')?.getAttribute('href')).toBe('/guide/');
    expect(withoutOpenLink('```js\nconst a = items[0')).toBe('```js\nconst a = items[0');
    // The local assistant escapes brackets in titles.
    expect(withoutOpenLink('in [Env \\[beta\\]](/gu')).toBe('in Env \\[beta\\]');
  });

  it('shows a stopped answer with its notice and without actions', () => {
    const root = render(fakeChat({ messages: [user('u1', 'q'), answer('Half an answ', { stopped: true })] }));
    expect(root.textContent).toContain(texts.stoppedStreamingText);
    expect(actionNames(root)).toEqual([]);
  });

  it('announces a finished answer once, as text, not while it streams', async () => {
    const chat = fakeChat({ messages: [user('u1', 'q'), assistant('a1', [{ type: 'text', text: '**Yes', state: 'streaming' }])], status: 'streaming' });
    const root = render(chat);
    const live = root.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('');
    await update(() => chat.set({ status: 'ready', messages: [user('u1', 'q'), answer('**Yes**, see [the guide](/guide/).')] }));
    expect(live.textContent).toBe('Yes, see the guide.');
  });

  it('keeps the conversation on an error, shows the server’s message as written and retries', () => {
    const chat = fakeChat({ messages: [user('u1', 'q')], status: 'error', error: new ChatError('unavailable', 'http', 503, 'The assistant is busy. Try again in a minute.') });
    const onSent = vi.fn();
    const root = mount(<ChatMessages chat={chat} translations={translations} onSent={onSent} />);
    expect(root.querySelector('.sitesearch-chat-question')?.textContent).toBe('q');
    const alert = root.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain(translations.modal.errorScreen.titleText);
    expect(alert.querySelector('.sitesearch-chat-error-text')?.textContent).toBe('The assistant is busy. Try again in a minute.');
    click(alert.querySelector('button'));
    expect(chat.calls.map((call) => call.method)).toEqual(['retry']);
    expect(onSent).toHaveBeenCalled();
  });

  it('shows the sentence of the error’s code when the server wrote none, {status} filled in', () => {
    const errorText = (error: ChatError, own = translations) =>
      mount(<ChatMessages chat={fakeChat({ messages: [user('u1', 'q')], status: 'error', error })} translations={own} />).querySelector('.sitesearch-chat-error-text')?.textContent;
    expect(errorText(new ChatError('unavailable', 'http', 502))).toBe('The assistant is unavailable right now. Please try again later.');
    expect(errorText(new ChatError('cutOff', 'stream'))).toBe('The answer was cut off: the connection closed before it finished. Please try again.');
    expect(errorText(new ChatError('httpStatus', 'http', 418))).toBe('The assistant could not answer (HTTP 418).');
    // The site's translations replace every sentence.
    const errors = { ...translations.modal.askAiErrors, networkText: 'Assistant injoignable. Vérifiez votre connexion.', httpStatusText: 'Erreur {status} de l’assistant.' };
    const own = { ...translations, modal: { ...translations.modal, askAiErrors: errors } };
    expect(errorText(new ChatError('network', 'network'), own)).toBe('Assistant injoignable. Vérifiez votre connexion.');
    expect(errorText(new ChatError('httpStatus', 'http', 409), own)).toBe('Erreur 409 de l’assistant.');
    // The server's own words still win over a translation.
    expect(errorText(new ChatError('network', 'network', undefined, 'Proxy offline'), own)).toBe('Proxy offline');
  });

  it('offers a new conversation after a conversation-limit error', () => {
    const chat = fakeChat({ messages: [user('u1', 'q')], status: 'error', error: new ChatError('conversationLimit', 'conversation-limit') });
    const root = render(chat);
    expect(root.querySelector('.sitesearch-chat-error-text')?.textContent).toBe('This conversation has reached its limit. Start a new conversation.');
    click(buttonNamed(root, translations.modal.searchBox.startNewConversationText));
    expect(chat.calls.map((call) => call.method)).toEqual(['newConversation']);
  });

  it('copies the answer’s Markdown and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const root = render(fakeChat({ messages: [user('u1', 'q'), answer('**Yes**, run `x`.')] }));
    click(buttonNamed(root, texts.copyButtonText));
    await update();
    expect(writeText).toHaveBeenCalledWith('**Yes**, run `x`.');
    expect(root.querySelector('[role="status"]')?.textContent).toBe(texts.copyButtonCopiedText);
    expect(buttonNamed(root, texts.copyButtonCopiedText)).toBeDefined();
  });

  it('names the copy button with copyButtonText (visible), copyButtonTitle as its tooltip, and the retry button with retryButtonText', async () => {
    const own = { ...translations, modal: { ...translations.modal, askAiScreen: { ...texts, copyButtonText: 'Copier', copyButtonTitle: 'Copier la réponse', retryButtonText: 'Réessayer' } } };
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.resolve() }, configurable: true });
    const root = mount(<ChatMessages chat={fakeChat({ messages: [user('u1', 'q'), answer('a')] })} translations={own} />);
    const copyButton = root.querySelector('.sitesearch-chat-actions button')!;
    expect(copyButton.textContent).toBe('Copier');
    expect(copyButton.getAttribute('title')).toBe('Copier la réponse');
    click(copyButton);
    await update();
    expect(copyButton.textContent).toBe(texts.copyButtonCopiedText);
    const failed = mount(<ChatMessages chat={fakeChat({ messages: [user('u1', 'q')], status: 'error', error: new ChatError('network', 'network') })} translations={own} />);
    expect(buttonNamed(failed, 'Réessayer')).toBeDefined();
  });

  it('thanks for a vote', async () => {
    const chat = fakeChat({ messages: [user('u1', 'q'), answer('a')] });
    const root = render(chat);
    click(buttonNamed(root, texts.likeButtonTitle));
    await update();
    expect(chat.calls).toEqual([{ method: 'sendFeedback', args: ['a1', 'like'] }]);
    expect(root.textContent).toContain(texts.thanksForFeedbackText);
    expect(buttonNamed(root, texts.likeButtonTitle)?.getAttribute('aria-pressed')).toBe('true');
  });

  it('says when a vote could not be sent, and keeps it', async () => {
    const chat = fakeChat({ messages: [user('u1', 'q'), answer('a')] });
    chat.feedbackResult = Promise.reject(new ChatError('feedbackFailed', 'network'));
    chat.feedbackResult.catch(() => {});
    const own = { ...translations, modal: { ...translations.modal, askAiErrors: { ...translations.modal.askAiErrors, feedbackFailedText: 'Avis non envoyé.' } } };
    const root = mount(<ChatMessages chat={chat} translations={own} />);
    click(buttonNamed(root, texts.dislikeButtonTitle));
    await update();
    expect(root.querySelector('[role="status"]')?.textContent).toBe('Avis non envoyé.');
    expect(root.textContent).not.toContain(texts.thanksForFeedbackText);
    expect(buttonNamed(root, texts.dislikeButtonTitle)?.getAttribute('aria-pressed')).toBe('true');
  });

  it('lists related sources: the answer’s links and source parts, safe and de-duplicated', () => {
    const message = assistant('a1', [
      { type: 'text', text: 'See [Install](/install/), [bad](javascript:alert(1)) and `[code](/code/)`.' },
      { type: 'source-url', sourceId: 's1', url: '/install/', title: 'Install again' },
      { type: 'source-url', sourceId: 's2', url: 'https://example.com/api', title: 'API' },
      { type: 'source-url', sourceId: 's3', url: 'javascript:alert(1)', title: 'Evil' },
    ]);
    const root = render(fakeChat({ messages: [user('u1', 'q'), message] }));
    const links = [...root.querySelectorAll<HTMLAnchorElement>('.sitesearch-chat-sources a')];
    expect(links.map((link) => [link.getAttribute('href'), link.textContent, link.rel, link.target])).toEqual([
      ['/install/', 'Install', 'noopener noreferrer', '_blank'],
      ['https://example.com/api', 'API', 'noopener noreferrer', '_blank'],
    ]);
    expect(root.querySelector('.sitesearch-chat-sources')?.textContent).toContain(texts.relatedSourcesText);
  });

  it('offers the agent’s follow-up suggestions on the last answer, sending one on click', () => {
    const message = assistant('a1', [
      { type: 'text', text: 'Done.' },
      { type: 'data-suggestions', data: { suggestions: ['How do I theme it?', 42, 'How do I theme it?'] } },
    ]);
    const chat = fakeChat({ messages: [user('u1', 'q'), message] });
    const root = render(chat);
    const buttons = root.querySelectorAll('.sitesearch-chat-suggestion');
    expect([...buttons].map((button) => button.textContent)).toEqual(['How do I theme it?']);
    click(buttons[0]);
    expect(chat.calls).toEqual([{ method: 'send', args: ['How do I theme it?'] }]);
  });

  it('shows the tool lines of an answer, queries running a keyword search', () => {
    const onSearchQuery = vi.fn();
    const message = assistant('a1', [
      { type: 'tool-searchIndex', toolCallId: 't1', state: 'output-available', input: { query: 'install' }, output: { query: 'install', hits: [] } },
      { type: 'step-start' },
      { type: 'text', text: 'Answer' },
    ]);
    const root = mount(<ChatMessages chat={fakeChat({ messages: [user('u1', 'q'), message] })} translations={translations} onSearchQuery={onSearchQuery} />);
    expect(root.querySelector('.sitesearch-tool-call')?.textContent).toBe(`${texts.afterToolCallText} install`);
    click(root.querySelector('.sitesearch-tool-query'));
    expect(onSearchQuery).toHaveBeenCalledWith('install');
  });
});
