import { describe, expect, it, vi } from 'vitest';
import { createChat } from './chatStore.js';
import { ChatError, type ChatChunk, type ChatState, type ChatTransport, type ConversationList, type SendMessagesRequest, type StoredConversation } from './types.js';

/** A stream the test feeds by hand. */
function createManualStream() {
  const queue: ChatChunk[] = [];
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const poke = () => {
    wake?.();
    wake = undefined;
  };
  const iterable: AsyncIterable<ChatChunk> = {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (queue.length > 0) {
          yield queue.shift()!;
          continue;
        }
        if (failure !== undefined) throw failure;
        if (ended) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
  return {
    iterable,
    push: (...chunks: ChatChunk[]) => {
      queue.push(...chunks);
      poke();
    },
    end: () => {
      ended = true;
      poke();
    },
    fail: (error: unknown) => {
      failure = error;
      poke();
    },
  };
}

/** A transport answering each request with a manual stream (or a rejection set beforehand). */
function createScriptedTransport({ feedback = true }: { feedback?: boolean } = {}) {
  const requests: SendMessagesRequest[] = [];
  const streams: Array<ReturnType<typeof createManualStream>> = [];
  const feedbackPosts: Array<{ messageId: string; vote: 'like' | 'dislike' }> = [];
  let nextRejection: unknown;
  let feedbackFailure: unknown;
  const transport: ChatTransport = {
    async sendMessages(request) {
      requests.push({ ...request, messages: structuredClone(request.messages) });
      if (nextRejection !== undefined) {
        const error = nextRejection;
        nextRejection = undefined;
        throw error;
      }
      const stream = createManualStream();
      streams.push(stream);
      return stream.iterable;
    },
  };
  if (feedback) {
    transport.sendFeedback = async (request) => {
      feedbackPosts.push(request);
      if (feedbackFailure !== undefined) throw feedbackFailure;
    };
  }
  return {
    transport,
    requests,
    feedbackPosts,
    stream: (index = streams.length - 1) => streams[index]!,
    rejectNext: (error: unknown) => (nextRejection = error),
    failFeedback: (error: unknown) => (feedbackFailure = error),
  };
}

function createMemoryList(): ConversationList & { saved: StoredConversation[] } {
  let items: StoredConversation[] = [];
  const listeners = new Set<() => void>();
  return {
    get saved() {
      return items;
    },
    getAll: () => items,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    save: (conversation) => {
      items = [conversation, ...items.filter((item) => item.id !== conversation.id)];
      listeners.forEach((listener) => listener());
    },
    remove: (id) => {
      items = items.filter((item) => item.id !== id);
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const answerChunks = (text: string): ChatChunk[] => [{ type: 'start', messageId: `a-${text}` }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: text }, { type: 'text-end', id: 't' }];

function setup(options: { feedback?: boolean } = {}) {
  const scripted = createScriptedTransport(options);
  const conversations = createMemoryList();
  let clock = 1000;
  const chat = createChat({ transport: scripted.transport, conversations, now: () => ++clock });
  const statuses: string[] = [];
  chat.subscribe((state) => {
    if (statuses[statuses.length - 1] !== state.status) statuses.push(state.status);
  });
  return { chat, conversations, statuses, ...scripted };
}

describe('createChat', () => {
  it('goes submitted → streaming → ready and saves the conversation when the answer completes', async () => {
    const { chat, statuses, requests, stream, conversations } = setup();
    chat.send('How do I install it?');
    expect(chat.get().status).toBe('submitted');
    expect(chat.get().messages).toMatchObject([{ role: 'user', parts: [{ type: 'text', text: 'How do I install it?' }] }]);
    await settle();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ chatId: chat.get().id, trigger: 'submit-message' });
    expect(requests[0]!.messages).toEqual([{ id: chat.get().messages[0]!.id, role: 'user', parts: [{ type: 'text', text: 'How do I install it?' }] }]);
    expect(conversations.saved).toEqual([]);

    stream().push(...answerChunks('Run npm install.'));
    await settle();
    expect(chat.get().status).toBe('streaming');
    expect(chat.get().messages[1]).toMatchObject({ id: 'a-Run npm install.', role: 'assistant', parts: [{ type: 'text', text: 'Run npm install.' }] });

    stream().push({ type: 'finish' });
    stream().end();
    await settle();
    expect(statuses).toEqual(['submitted', 'streaming', 'ready']);
    expect(conversations.saved).toHaveLength(1);
    expect(conversations.saved[0]).toMatchObject({ id: chat.get().id, title: 'How do I install it?', messages: chat.get().messages });
  });

  it('gives a new state object on every change, keeping unchanged messages', async () => {
    const { chat, stream } = setup();
    const seen: ChatState[] = [];
    chat.subscribe((state) => seen.push(state));
    chat.send('Q');
    await settle();
    stream().push(...answerChunks('A'));
    await settle();
    expect(new Set(seen).size).toBe(seen.length);
    const [first, last] = [seen[0]!, seen[seen.length - 1]!];
    expect(last.messages[0]).toBe(first.messages[0]);
    expect(chat.get()).toBe(last);
  });

  it('ignores a send while answering and an empty question', async () => {
    const { chat, requests } = setup();
    chat.send('   ');
    expect(chat.get().messages).toHaveLength(0);
    chat.send('first');
    chat.send('second');
    await settle();
    expect(requests).toHaveLength(1);
    expect(chat.get().messages).toHaveLength(1);
  });

  it('passes a suggested question id', async () => {
    const { chat, requests } = setup();
    chat.send('Suggested?', { suggestedQuestionId: 'sq-1' });
    await settle();
    expect(requests[0]!.suggestedQuestionId).toBe('sq-1');
  });

  it('keeps every message and the partial answer on an error, with a readable error', async () => {
    const { chat, stream, statuses, conversations } = setup();
    chat.send('Q');
    await settle();
    stream().push(...answerChunks('Partial'));
    stream().fail(new ChatError('cutOff', 'stream'));
    await settle();
    expect(statuses).toEqual(['submitted', 'streaming', 'error']);
    expect(chat.get().error).toMatchObject({ code: 'cutOff', kind: 'stream' });
    expect(chat.get().messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(chat.get().messages[1]!.parts).toEqual([{ type: 'text', text: 'Partial', state: 'done' }]);
    expect(conversations.saved).toEqual([]);
  });

  it('turns an error chunk into the error state', async () => {
    const { chat, stream } = setup();
    chat.send('Q');
    await settle();
    stream().push({ type: 'start' }, { type: 'error', errorText: 'AI-217 conversation limit' });
    await settle();
    expect(chat.get().status).toBe('error');
    expect(chat.get().error?.kind).toBe('conversation-limit');
  });

  it('an answer that starts with an error chunk adds no message and keeps the question', async () => {
    const { chat, stream } = setup();
    chat.send('Q');
    await settle();
    stream().push({ type: 'error', errorText: 'Assistant not found' });
    await settle();
    expect(chat.get()).toMatchObject({ status: 'error', error: { code: 'couldNotAnswer', serverMessage: 'Assistant not found' } });
    expect(chat.get().messages).toMatchObject([{ role: 'user', parts: [{ text: 'Q' }] }]);
  });

  it('wraps a foreign exception into a readable ChatError', async () => {
    const { chat, rejectNext } = setup();
    rejectNext(new TypeError('x is undefined'));
    chat.send('Q');
    await settle();
    expect(chat.get().error).toBeInstanceOf(ChatError);
    // The UI shows the `unknown` sentence, never the exception's own words.
    expect(chat.get().error).toMatchObject({ code: 'unknown', kind: 'stream', serverMessage: undefined });
  });

  it('retries after an error with regenerate-message, without the failed answer, once per call', async () => {
    const { chat, stream, requests } = setup();
    chat.send('Q');
    await settle();
    stream().push(...answerChunks('Broken'));
    stream().fail(new ChatError('cutOff', 'stream'));
    await settle();
    chat.retry();
    expect(chat.get().status).toBe('submitted');
    expect(chat.get().error).toBeUndefined();
    expect(chat.get().messages.map((message) => message.role)).toEqual(['user']);
    await settle();
    expect(requests).toHaveLength(2);
    expect(requests[1]).toMatchObject({ trigger: 'regenerate-message' });
    expect(requests[1]!.messages.map((message) => message.role)).toEqual(['user']);
    stream().push(...answerChunks('Fixed'), { type: 'finish' });
    stream().end();
    await settle();
    expect(chat.get().messages.map((message) => message.id)).toEqual([chat.get().messages[0]!.id, 'a-Fixed']);
  });

  it('does not retry a completed answer', async () => {
    const { chat, stream, requests } = setup();
    chat.send('Q');
    await settle();
    stream().push(...answerChunks('A'), { type: 'finish' });
    stream().end();
    await settle();
    chat.retry();
    await settle();
    expect(requests).toHaveLength(1);
  });

  it('stops: aborts the request, keeps the partial answer marked stopped, and can retry it', async () => {
    const { chat, stream, requests, statuses, conversations } = setup();
    chat.send('Q');
    await settle();
    stream().push(...answerChunks('Half an ans'));
    await settle();
    chat.stop();
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(chat.get().status).toBe('ready');
    expect(chat.get().messages[1]).toMatchObject({ meta: { stopped: true }, parts: [{ type: 'text', text: 'Half an ans' }] });
    // Late chunks of the stopped stream change nothing.
    stream().push({ type: 'text-delta', id: 't', delta: 'wer' });
    await settle();
    expect(chat.get().messages[1]!.parts).toMatchObject([{ text: 'Half an ans' }]);
    expect(statuses).toEqual(['submitted', 'streaming', 'ready']);
    expect(conversations.saved[0]?.messages).toHaveLength(2);

    chat.retry();
    await settle();
    expect(requests[1]).toMatchObject({ trigger: 'regenerate-message' });
    expect(chat.get().messages).toHaveLength(1);
  });

  it('stopping before the first chunk leaves an empty stopped answer', async () => {
    const { chat, requests } = setup();
    chat.send('Q');
    await settle();
    chat.stop();
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(chat.get().messages[1]).toMatchObject({ role: 'assistant', parts: [], meta: { stopped: true } });
  });

  it('starts a new conversation with a new id and loads a stored one', async () => {
    const { chat, stream, requests } = setup();
    const firstId = chat.get().id;
    chat.send('Q');
    await settle();
    stream().push(...answerChunks('A'));
    await settle();
    chat.newConversation();
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(chat.get()).toMatchObject({ messages: [], status: 'ready', error: undefined });
    expect(chat.get().id).not.toBe(firstId);

    const stored: StoredConversation = { id: 'old', title: 'Old', updatedAt: 1, messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'Old' }] }] };
    chat.load(stored);
    expect(chat.get()).toMatchObject({ id: 'old', messages: stored.messages, status: 'ready' });
    chat.send('Follow-up');
    await settle();
    expect(requests[1]).toMatchObject({ chatId: 'old' });
    expect(requests[1]!.messages.map((message) => message.id)).toEqual(['u', chat.get().messages[1]!.id]);
  });

  it('loading a stored conversation mid-answer keeps the answer, stopped and saved', async () => {
    const { chat, stream, conversations, requests } = setup();
    chat.send('Q');
    await settle();
    stream().push(...answerChunks('Partial'));
    await settle();
    const streamingId = chat.get().id;
    chat.load({ id: 'old', title: 'Old', updatedAt: 1, messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'Old' }] }] });
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(chat.get().id).toBe('old');
    expect(conversations.saved.find((item) => item.id === streamingId)?.messages[1]?.meta?.stopped).toBe(true);
  });

  it('records feedback and posts it with the id of the question the answer replies to', async () => {
    const { chat, stream, feedbackPosts, conversations } = setup();
    expect(chat.canGiveFeedback).toBe(true);
    chat.send('Q');
    await settle();
    stream().push(...answerChunks('A'), { type: 'finish' });
    stream().end();
    await settle();
    await chat.sendFeedback('a-A', 'like');
    expect(feedbackPosts).toEqual([{ messageId: chat.get().messages[0]!.id, vote: 'like' }]);
    expect(chat.get().messages[1]!.meta?.feedback).toBe('like');
    expect(conversations.saved[0]!.messages[1]!.meta?.feedback).toBe('like');
  });

  it('keeps the vote when posting it fails, and rejects with a readable error', async () => {
    const { chat, stream, failFeedback } = setup();
    chat.send('Q');
    await settle();
    stream().push(...answerChunks('A'), { type: 'finish' });
    stream().end();
    await settle();
    failFeedback(new TypeError('Failed to fetch'));
    await expect(chat.sendFeedback('a-A', 'dislike')).rejects.toMatchObject({ name: 'ChatError', code: 'feedbackFailed', kind: 'network' });
    expect(chat.get().messages[1]!.meta?.feedback).toBe('dislike');
  });

  it('offers no feedback when the transport takes none', () => {
    expect(setup({ feedback: false }).chat.canGiveFeedback).toBe(false);
  });

  it('returns no suggested questions when the transport has none or fails, and asks again after a failure', async () => {
    const { chat, transport } = setup();
    expect(await chat.getSuggestedQuestions()).toEqual([]);
    transport.getSuggestedQuestions = vi.fn(async () => {
      throw new ChatError('network', 'network');
    });
    expect(await chat.getSuggestedQuestions()).toEqual([]);
    transport.getSuggestedQuestions = vi.fn(async () => [{ id: 'q', question: 'Why?' }]);
    expect(await chat.getSuggestedQuestions()).toEqual([{ id: 'q', question: 'Why?' }]);
    expect(await chat.getSuggestedQuestions()).toEqual([{ id: 'q', question: 'Why?' }]);
    expect(transport.getSuggestedQuestions).toHaveBeenCalledTimes(1);
  });

  it('stops notifying after destroy', async () => {
    const { chat, requests } = setup();
    const listener = vi.fn();
    chat.subscribe(listener);
    chat.send('Q');
    await settle();
    listener.mockClear();
    chat.destroy();
    expect(requests[0]!.signal.aborted).toBe(true);
    chat.send('again');
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('createChat onEvent (the widgets\' sitesearch:ask, :answer and :feedback events)', () => {
  it('tells of a question, its finished answer and a vote; a throwing listener stops nothing', async () => {
    const scripted = createScriptedTransport({ feedback: true });
    const told: unknown[] = [];
    const chat = createChat({
      transport: scripted.transport,
      conversations: createMemoryList(),
      onEvent: (name, detail) => {
        told.push([name, detail]);
        throw new Error('listener bug');
      },
    });
    chat.send('How do I install it?');
    await settle();
    scripted.stream().push(...answerChunks('Run npm install.'), { type: 'finish' });
    scripted.stream().end();
    await settle();
    expect(chat.get().status).toBe('ready');
    await chat.sendFeedback(chat.get().messages[1]!.id, 'dislike');
    expect(told).toEqual([
      ['ask', { question: 'How do I install it?' }],
      ['answer', { question: 'How do I install it?' }],
      ['feedback', { question: 'How do I install it?', vote: 'dislike' }],
    ]);
    expect(scripted.feedbackPosts).toHaveLength(1);
  });

  it('tells of no answer when the answer fails', async () => {
    const scripted = createScriptedTransport();
    const told: string[] = [];
    const chat = createChat({ transport: scripted.transport, conversations: createMemoryList(), onEvent: (name) => told.push(name) });
    scripted.rejectNext(new Error('offline'));
    chat.send('Why?');
    await settle();
    expect(chat.get().status).toBe('error');
    expect(told).toEqual(['ask']);
  });
});
