import { describe, expect, it, vi } from 'vitest';
import { createSearchSession, searchOnQueryChange } from './searchSession.js';

describe('createSearchSession', () => {
  it('starts on the search screen with the given query', () => {
    expect(createSearchSession({ query: 'config' }).get()).toEqual({ screen: 'search', query: 'config', draft: '', pendingQuestion: undefined });
    expect(createSearchSession().get().query).toBe('');
  });

  it('setQuery and setDraft notify once per change', () => {
    const session = createSearchSession();
    const listener = vi.fn();
    session.subscribe(listener);
    session.setQuery('a');
    session.setQuery('a');
    session.setDraft('why');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(session.get()).toMatchObject({ query: 'a', draft: 'why' });
  });

  it('askAi(question) opens the chat, queues the trimmed question and clears the prompt, keeping the query', () => {
    const session = createSearchSession({ query: 'install' });
    session.setDraft('left over');
    session.askAi('  how do I install?  ');
    expect(session.get()).toEqual({ screen: 'askAi', query: 'install', draft: '', pendingQuestion: { text: 'how do I install?' } });
  });

  it('the queued question is taken once', () => {
    const session = createSearchSession();
    session.askAi('why', { suggestedQuestionId: 'q1' });
    expect(session.takePendingQuestion()).toEqual({ text: 'why', suggestedQuestionId: 'q1' });
    expect(session.takePendingQuestion()).toBeUndefined();
    expect(session.get().pendingQuestion).toBeUndefined();
  });

  it('askAi() without a question (or a blank one) opens the chat and sends nothing', () => {
    const session = createSearchSession();
    session.setDraft('draft kept');
    session.askAi('   ');
    expect(session.get()).toMatchObject({ screen: 'askAi', draft: 'draft kept', pendingQuestion: undefined });
    session.backToSearch();
    session.askAi();
    expect(session.get()).toMatchObject({ screen: 'askAi', pendingQuestion: undefined });
  });

  it('backToSearch keeps the keyword query, or takes the one given (a search the assistant ran)', () => {
    const session = createSearchSession({ query: 'plugins' });
    session.askAi('what is a plugin?');
    session.backToSearch();
    expect(session.get()).toMatchObject({ screen: 'search', query: 'plugins' });
    session.askAi();
    session.backToSearch('plugin hooks');
    expect(session.get()).toMatchObject({ screen: 'search', query: 'plugin hooks' });
  });

  it('moves between the chat and the conversation history', () => {
    const session = createSearchSession();
    session.askAi();
    session.showConversationHistory();
    expect(session.get().screen).toBe('conversationHistory');
    session.showChat();
    expect(session.get().screen).toBe('askAi');
  });
});

describe('searchOnQueryChange', () => {
  it('searches the current query at once, then each new query once, until stopped', () => {
    const session = createSearchSession({ query: 'a' });
    const search = vi.fn(async () => {});
    const stop = searchOnQueryChange(session, { search });
    session.setQuery('ab');
    session.setDraft('not a search');
    session.askAi('question');
    session.backToSearch('from a tool call');
    stop();
    session.setQuery('after');
    expect(search.mock.calls).toEqual([['a'], ['ab'], ['from a tool call']]);
  });
});
