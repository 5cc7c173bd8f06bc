/**
 * One conversation's live state: sends questions through a transport, builds the answer from its
 * stream, and saves the conversation. Framework-free and shaped for `useSyncExternalStore`: every
 * change is a new `ChatState` object, unchanged messages keep their identity.
 */
import { type ChatEnvironment, createId } from './environment.js';
import { toChatError } from './errors.js';
import { type AnswerBuilder, createAnswerBuilder, questionOf, toWireMessages, withTextDone } from './messages.js';
import { ChatError, type ChatMessage, type ChatState, type ChatStore, type ChatTransport, type ChatTrigger, type ConversationList, type StoredConversation, type SuggestedQuestion } from './types.js';

export interface CreateChatOptions {
  transport: ChatTransport;
  /** Where finished conversations are saved (see `getConversationList`). */
  conversations: ConversationList;
  /** For ids (its `crypto`); default the global one. */
  environment?: ChatEnvironment | undefined;
  /** Clock for `createdAt`/`updatedAt` (tests). */
  now?: () => number;
  /** Told when a question is sent, its answer finishes and the reader votes (the widgets' CustomEvents). */
  onEvent?: (name: 'ask' | 'answer' | 'feedback', detail: { question: string; vote?: 'like' | 'dislike' }) => void;
}

export function createChat({ transport, conversations, environment, now = Date.now, onEvent }: CreateChatOptions): ChatStore {
  let state: ChatState = { id: createId(environment), messages: [], status: 'ready', error: undefined };
  const listeners = new Set<(state: ChatState) => void>();
  /** The request under way; replaced (and aborted) by stop, a new conversation, load or destroy. */
  let current: { controller: AbortController } | undefined;
  let destroyed = false;
  let suggestions: Promise<SuggestedQuestion[]> | undefined;

  function set(patch: Partial<ChatState>) {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) {
      // A listener that throws must not stop the others nor the stream.
      try {
        listener(state);
      } catch (error) {
        console.error(error);
      }
    }
  }

  const replaceLast = (message: ChatMessage) => [...state.messages.slice(0, -1), message];
  /** The messages once the answer being built (the last message, if any) has its streaming parts marked done. */
  const finished = (builder: AnswerBuilder | undefined) => {
    const previous = builder?.message;
    const message = builder?.finish();
    return message === previous ? state.messages : replaceLast(message!);
  };
  const last = () => state.messages[state.messages.length - 1];
  /** The last question in `messages`. */
  const lastQuestion = (messages: ChatMessage[]) => [...messages].reverse().find((message) => message.role === 'user');
  const report = (name: 'ask' | 'answer' | 'feedback', message: ChatMessage | undefined, vote?: 'like' | 'dislike') => {
    const question = message ? questionOf(message) : '';
    try {
      onEvent?.(name, vote ? { question, vote } : { question });
    } catch {
      // Reporting never stops a conversation.
    }
  };

  function save() {
    const question = state.messages.find((message) => message.role === 'user');
    if (!question) return;
    conversations.save({ id: state.id, title: questionOf(question).trim(), messages: state.messages, updatedAt: now() });
  }

  /** Ends the request under way without touching the messages. */
  function abortCurrent() {
    current?.controller.abort();
    current = undefined;
  }

  /** Sends `messages` (the history with the question to answer last) and streams the answer in. */
  async function run(messages: ChatMessage[], trigger: ChatTrigger, suggestedQuestionId?: string) {
    abortCurrent();
    const request = { controller: new AbortController() };
    current = request;
    const isCurrent = () => current === request && !destroyed;
    const { signal } = request.controller;
    // One change for the question and the status, so no frame shows it unsent.
    set({ messages, status: 'submitted', error: undefined });
    report('ask', lastQuestion(messages));

    let builder: AnswerBuilder | undefined;
    try {
      const chunks = await transport.sendMessages({
        chatId: state.id,
        messages: toWireMessages(state.messages),
        trigger,
        ...(suggestedQuestionId === undefined ? {} : { suggestedQuestionId }),
        signal,
      });
      for await (const chunk of chunks) {
        if (!isCurrent()) return;
        if (!builder) {
          const first = createAnswerBuilder(createId(environment), now());
          // Applied before `builder` is set: an answer that starts with an error adds no message.
          const message = first.apply(chunk);
          builder = first;
          set({ status: 'streaming', messages: [...state.messages, message] });
          continue;
        }
        const previous = builder.message;
        const message = builder.apply(chunk);
        if (message !== previous) set({ messages: replaceLast(message) });
      }
      if (!isCurrent()) return;
      current = undefined;
      // A stream with no chunk at all still completes, as an empty answer.
      set({ status: 'ready', messages: finished(builder) });
      report('answer', lastQuestion(messages));
      save();
    } catch (error) {
      if (!isCurrent()) return;
      current = undefined;
      // Every message stays, the partial answer too (finished, so nothing shows as still typing).
      set({ status: 'error', error: toChatError(error, signal), messages: finished(builder) });
    }
  }

  const isBusy = () => state.status === 'submitted' || state.status === 'streaming';

  const store: ChatStore = {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    send(text, options) {
      if (destroyed || isBusy() || text.trim() === '') return;
      const message: ChatMessage = { id: createId(environment), role: 'user', parts: [{ type: 'text', text }], meta: { createdAt: now() } };
      void run([...state.messages, message], 'submit-message', options?.suggestedQuestionId);
    },
    stop() {
      if (!isBusy()) return;
      const wasStreaming = state.status === 'streaming';
      abortCurrent();
      const lastMessage = last();
      if (wasStreaming && lastMessage?.role === 'assistant') {
        set({ status: 'ready', messages: replaceLast({ ...lastMessage, parts: withTextDone(lastMessage.parts), meta: { ...lastMessage.meta, stopped: true } }) });
      } else {
        // Stopped before the first chunk: an empty answer marked stopped says so in the thread.
        const stopped: ChatMessage = { id: createId(environment), role: 'assistant', parts: [], meta: { createdAt: now(), stopped: true } };
        set({ status: 'ready', messages: [...state.messages, stopped] });
      }
      save();
    },
    retry() {
      if (destroyed || isBusy()) return;
      const lastMessage = last();
      const canRetry = state.status === 'error' || (lastMessage?.role === 'assistant' && lastMessage.meta?.stopped === true);
      if (!canRetry) return;
      const messages = lastMessage?.role === 'assistant' ? state.messages.slice(0, -1) : state.messages;
      if (messages[messages.length - 1]?.role !== 'user') return;
      void run(messages, 'regenerate-message');
    },
    newConversation() {
      if (destroyed) return;
      if (isBusy()) store.stop();
      set({ id: createId(environment), messages: [], status: 'ready', error: undefined });
    },
    load(conversation: StoredConversation) {
      if (destroyed) return;
      // The answer being streamed is kept (stopped and saved), as with a new conversation.
      if (isBusy()) store.stop();
      set({ id: conversation.id, messages: conversation.messages, status: 'ready', error: undefined });
    },
    get canGiveFeedback() {
      return typeof transport.sendFeedback === 'function';
    },
    async sendFeedback(assistantMessageId, vote) {
      const index = state.messages.findIndex((message) => message.id === assistantMessageId && message.role === 'assistant');
      if (index === -1) throw new ChatError('feedbackFailed', 'http');
      const answer = state.messages[index]!;
      const messages = state.messages.slice();
      messages[index] = { ...answer, meta: { ...answer.meta, feedback: vote } };
      set({ messages });
      if (conversations.getAll().some((conversation) => conversation.id === state.id)) save();
      if (!transport.sendFeedback) throw new ChatError('feedbackUnavailable', 'http');
      // The backend files a vote under the question the answer replies to.
      const question = lastQuestion(state.messages.slice(0, index));
      if (!question) throw new ChatError('feedbackFailed', 'http');
      report('feedback', question, vote);
      try {
        await transport.sendFeedback({ messageId: question.id, vote });
      } catch (error) {
        throw error instanceof ChatError ? error : new ChatError('feedbackFailed', 'network');
      }
    },
    getSuggestedQuestions(): Promise<SuggestedQuestion[]> {
      if (!transport.getSuggestedQuestions) return Promise.resolve([]);
      // Asked once per store: every new-conversation screen shows the same questions.
      suggestions ??= transport.getSuggestedQuestions().catch(() => {
        // Suggestions are a nicety: the screen shows none, and the next opening asks again.
        suggestions = undefined;
        return [];
      });
      return suggestions;
    },
    destroy() {
      abortCurrent();
      destroyed = true;
      listeners.clear();
    },
  };
  return store;
}
