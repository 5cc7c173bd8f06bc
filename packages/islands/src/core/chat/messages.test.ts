import { describe, expect, it } from 'vitest';
import { answerSegments, createAnswerBuilder, messageText, searchQueriesOf, sourcesOf, suggestionsOf, toWireMessages } from './messages.js';
import { ChatError, type ChatChunk, type ChatMessage } from './types.js';

const build = (chunks: ChatChunk[]) => {
  const builder = createAnswerBuilder('local-id');
  for (const chunk of chunks) builder.apply(chunk);
  return builder.finish();
};

describe('the answer builder', () => {
  it('takes the server message id and builds text parts by id, in order', () => {
    const message = build([
      { type: 'start', messageId: 'srv-1' },
      { type: 'text-start', id: 'a' },
      { type: 'text-delta', id: 'a', delta: 'Hello' },
      { type: 'reasoning-start', id: 'r' },
      { type: 'reasoning-delta', id: 'r', delta: 'thinking' },
      { type: 'text-delta', id: 'a', delta: ', world' },
      { type: 'reasoning-end', id: 'r' },
      { type: 'text-end', id: 'a' },
    ]);
    expect(message).toEqual({
      id: 'srv-1',
      role: 'assistant',
      parts: [
        { type: 'text', text: 'Hello, world', state: 'done' },
        { type: 'reasoning', text: 'thinking', state: 'done' },
      ],
    });
  });

  it('returns a new object on every change and the same one when nothing changed', () => {
    const builder = createAnswerBuilder('x');
    const first = builder.apply({ type: 'text-start', id: 'a' });
    const second = builder.apply({ type: 'text-delta', id: 'a', delta: 'a' });
    expect(second).not.toBe(first);
    expect(first.parts[0]).toEqual({ type: 'text', text: '', state: 'streaming' });
    expect(builder.apply({ type: 'finish-step' })).toBe(second);
    expect(builder.apply({ type: 'finish' })).toBe(second);
    expect(builder.apply({ type: 'something-new' } as unknown as ChatChunk)).toBe(second);
  });

  it('starts a text part for a delta with no start, and marks streaming text done at the end', () => {
    const builder = createAnswerBuilder('x');
    builder.apply({ type: 'text-delta', id: 'a', delta: 'no start' });
    expect(builder.message.parts).toEqual([{ type: 'text', text: 'no start', state: 'streaming' }]);
    expect(builder.finish().parts).toEqual([{ type: 'text', text: 'no start', state: 'done' }]);
  });

  it('puts step-start parts in and begins new text after a step', () => {
    const message = build([
      { type: 'start-step' },
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'one' },
      { type: 'finish-step' },
      { type: 'start-step' },
      { type: 'text-delta', id: '0', delta: 'two' },
    ]);
    expect(message.parts.map((part) => part.type)).toEqual(['step-start', 'text', 'step-start', 'text']);
    expect(messageText(message)).toBe('one\n\ntwo');
  });

  it('follows a tool call through its states by toolCallId', () => {
    const builder = createAnswerBuilder('x');
    builder.apply({ type: 'tool-input-start', toolCallId: 'c1', toolName: 'searchIndex' });
    expect(builder.message.parts[0]).toMatchObject({ type: 'tool-searchIndex', toolCallId: 'c1', state: 'input-streaming' });
    builder.apply({ type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '{"query":' });
    expect(builder.message.parts[0]).toMatchObject({ input: undefined });
    builder.apply({ type: 'tool-input-delta', toolCallId: 'c1', inputTextDelta: '"routing"}' });
    expect(builder.message.parts[0]).toMatchObject({ input: { query: 'routing' } });
    builder.apply({ type: 'tool-input-available', toolCallId: 'c1', toolName: 'searchIndex', input: { query: 'routing' } });
    expect(builder.message.parts[0]).toMatchObject({ state: 'input-available' });
    builder.apply({ type: 'tool-input-available', toolCallId: 'c2', toolName: 'searchIndex', input: { query: 'router' } });
    builder.apply({ type: 'tool-output-available', toolCallId: 'c1', output: { query: 'routing', hits: [{}, {}] } });
    builder.apply({ type: 'tool-output-error', toolCallId: 'c2', errorText: 'index down' });
    expect(builder.message.parts).toEqual([
      { type: 'tool-searchIndex', toolCallId: 'c1', state: 'output-available', input: { query: 'routing' }, output: { query: 'routing', hits: [{}, {}] } },
      { type: 'tool-searchIndex', toolCallId: 'c2', state: 'output-error', input: { query: 'router' }, errorText: 'index down' },
    ]);
    expect(searchQueriesOf(builder.message)).toEqual(['routing', 'router']);
  });

  it('records a tool input error on the call', () => {
    const message = build([{ type: 'tool-input-error', toolCallId: 'c', toolName: 'lookup', input: 'bad', errorText: 'invalid input' }]);
    expect(message.parts).toEqual([{ type: 'tool-lookup', toolCallId: 'c', state: 'output-error', input: 'bad', errorText: 'invalid input' }]);
  });

  it('appends source-url parts and replaces a data part with the same type and id', () => {
    const message = build([
      { type: 'source-url', sourceId: 's1', url: 'https://example.com/a', title: 'A' },
      { type: 'data-suggestions', id: 'sug', data: { suggestions: ['first'] } },
      { type: 'data-suggestions', data: { suggestions: ['no id: appended'] } },
      { type: 'data-progress', id: 'sug', data: 'another type, same id: appended' },
      { type: 'data-suggestions', id: 'sug', data: { suggestions: ['second', 'third'] } },
      { type: 'data-ephemeral', data: 'x', transient: true },
    ]);
    expect(message.parts).toEqual([
      { type: 'source-url', sourceId: 's1', url: 'https://example.com/a', title: 'A' },
      { type: 'data-suggestions', id: 'sug', data: { suggestions: ['second', 'third'] } },
      { type: 'data-suggestions', data: { suggestions: ['no id: appended'] } },
      { type: 'data-progress', id: 'sug', data: 'another type, same id: appended' },
    ]);
    expect(suggestionsOf(message)).toEqual(['no id: appended']);
    expect(sourcesOf(message)).toEqual([{ url: 'https://example.com/a', title: 'A' }]);
  });

  it('throws the error chunk as a readable ChatError, conversation limits included', () => {
    const builder = createAnswerBuilder('x');
    expect(() => builder.apply({ type: 'error', errorText: 'The model is overloaded.' })).toThrowError(expect.objectContaining({ code: 'couldNotAnswer', kind: 'stream', serverMessage: 'The model is overloaded.' }));
    try {
      builder.apply({ type: 'error', errorText: 'AI-217: Conversation limit reached' });
    } catch (error) {
      expect(error).toBeInstanceOf(ChatError);
      expect(error).toMatchObject({ code: 'conversationLimit', kind: 'conversation-limit', serverMessage: 'AI-217: Conversation limit reached' });
    }
    expect(() => builder.apply({ type: 'error', errorText: '{"error":{"message":"Rate limited","code":429}}' })).toThrowError(expect.objectContaining({ kind: 'stream', serverMessage: 'Rate limited' }));
    expect.assertions(4);
  });
});

describe('toWireMessages', () => {
  const history: ChatMessage[] = [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'How do I route?' }], meta: { createdAt: 1 } },
    {
      id: 'a1',
      role: 'assistant',
      meta: { feedback: 'like', createdAt: 2 },
      parts: [
        { type: 'step-start' },
        { type: 'tool-searchIndex', toolCallId: 'c', state: 'output-available', input: { query: 'route' }, output: { hits: [] } },
        { type: 'step-start' },
        { type: 'text', text: 'Use the router.', state: 'done' },
        { type: 'data-suggestions', id: 's', data: { suggestions: ['More?'] } },
        { type: 'data-anything', data: 1 },
      ],
    },
    { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'And redirects?' }] },
    // A stopped answer: an unfinished tool call and nothing else.
    { id: 'a2', role: 'assistant', meta: { stopped: true }, parts: [{ type: 'step-start' }, { type: 'tool-searchIndex', toolCallId: 'd', state: 'input-available', input: { query: 'redirect' } }] },
    { id: 'u3', role: 'user', parts: [{ type: 'text', text: 'Hello?' }] },
  ];

  it('sends no data-* part, no meta, no unfinished tool call and no emptied answer', () => {
    const wire = toWireMessages(history);
    expect(JSON.stringify(wire)).not.toMatch(/"data-|"meta"/);
    expect(wire.map((message) => message.id)).toEqual(['u1', 'a1', 'u2', 'u3']);
    expect(wire[1]!.parts.map((part) => part.type)).toEqual(['step-start', 'tool-searchIndex', 'step-start', 'text']);
  });

  it('leaves the stored history untouched', () => {
    const before = JSON.stringify(history);
    toWireMessages(history);
    expect(JSON.stringify(history)).toBe(before);
  });
});

describe('view helpers', () => {
  it('collapses consecutive searches into one segment between text blocks', () => {
    const message = build([
      { type: 'tool-input-available', toolCallId: '1', toolName: 'searchIndex', input: { query: 'a' } },
      { type: 'tool-output-available', toolCallId: '1', output: { hits: [] } },
      { type: 'tool-input-available', toolCallId: '2', toolName: 'algolia_search_index', input: { index: 'docs', query: 'b' } },
      { type: 'tool-output-available', toolCallId: '2', output: { hits: [], nbHits: 4 } },
      { type: 'tool-input-available', toolCallId: '3', toolName: 'searchIndex', input: { query: 'c' } },
      { type: 'text-delta', id: 't', delta: 'Answer' },
      { type: 'tool-input-available', toolCallId: '4', toolName: 'weather', input: {} },
    ]);
    const segments = answerSegments(message);
    expect(segments.map((segment) => segment.kind)).toEqual(['searches', 'text', 'tool']);
    expect(segments[0]).toMatchObject({ kind: 'searches', queries: ['a', 'b', 'c'], running: true });
    expect(segments[0]?.kind === 'searches' && segments[0].calls[1]?.hitCount).toBe(4);
    expect(segments[2]).toMatchObject({ kind: 'tool', call: { toolName: 'weather', isSearch: false, status: 'running' } });
  });
});
