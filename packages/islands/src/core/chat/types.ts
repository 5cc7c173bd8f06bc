/**
 * The chat's data model: the UI message stream of both hosted backends (PROTOCOLS.md section 1)
 * and the messages built from it. Every chat UI (the modal's Ask AI screen, the Sidepanel) and
 * every transport (assistant backend, agent backend, local assistant) speaks these types.
 */

/** One chunk of the UI message stream (`data: <json>` of a server-sent event). */
export type ChatChunk =
  | { type: 'start'; messageId?: string; messageMetadata?: unknown }
  | { type: 'start-step' }
  | { type: 'finish-step' }
  | { type: 'finish'; finishReason?: string; messageMetadata?: unknown }
  | { type: 'abort' }
  | { type: 'message-metadata'; messageMetadata?: unknown }
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  | { type: 'reasoning-start'; id: string }
  | { type: 'reasoning-delta'; id: string; delta: string }
  | { type: 'reasoning-end'; id: string }
  | { type: 'tool-input-start'; toolCallId: string; toolName: string; providerExecuted?: boolean }
  | { type: 'tool-input-delta'; toolCallId: string; inputTextDelta: string }
  | { type: 'tool-input-available'; toolCallId: string; toolName: string; input: unknown; providerExecuted?: boolean }
  | { type: 'tool-input-error'; toolCallId: string; toolName?: string; input?: unknown; errorText: string }
  | { type: 'tool-output-available'; toolCallId: string; output: unknown }
  | { type: 'tool-output-error'; toolCallId: string; errorText: string }
  | { type: 'error'; errorText: string }
  | { type: 'source-url'; sourceId: string; url: string; title?: string }
  | { type: `data-${string}`; id?: string; data: unknown; transient?: boolean };

/** A text part (Markdown for assistant messages, plain text for user messages). */
export interface TextPart {
  type: 'text';
  text: string;
  /** `streaming` while deltas arrive, `done` after `text-end` or the end of the stream. */
  state?: 'streaming' | 'done';
}

export interface ReasoningPart {
  type: 'reasoning';
  text: string;
  state?: 'streaming' | 'done';
}

export interface StepStartPart {
  type: 'step-start';
}

/** A tool call, e.g. `tool-searchIndex` (assistant) or `tool-algolia_search_index` (agent). */
export interface ToolPart {
  type: `tool-${string}`;
  toolCallId: string;
  state: 'input-streaming' | 'input-available' | 'output-available' | 'output-error';
  input?: unknown;
  output?: unknown;
  errorText?: string;
  providerExecuted?: boolean;
}

export interface SourceUrlPart {
  type: 'source-url';
  sourceId: string;
  url: string;
  title?: string;
}

/** A `data-<name>` part, e.g. `data-suggestions` of the agent backend. Never sent back. */
export interface DataPart {
  type: `data-${string}`;
  id?: string;
  data: unknown;
}

export type MessagePart = TextPart | ReasoningPart | StepStartPart | ToolPart | SourceUrlPart | DataPart;

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: MessagePart[];
  /** SiteSearch's own bookkeeping, never sent to a backend. */
  meta?: {
    /** The user stopped this answer (shows `stoppedStreamingText`, no actions). */
    stopped?: boolean;
    /** The user's vote on this answer (assistant backend only). */
    feedback?: 'like' | 'dislike';
    /** When the message was created (ms since the epoch). */
    createdAt?: number;
  };
}

/** Why a request is sent: a new user message, or a retry of the last answer. */
export type ChatTrigger = 'submit-message' | 'regenerate-message';

export interface SendMessagesRequest {
  /** The conversation id. */
  chatId: string;
  /** The whole history, with `data-*` parts and `meta` already removed (see `toWireMessages`). */
  messages: ChatMessage[];
  trigger: ChatTrigger;
  /** Set when the question was a suggested question of the assistant backend. */
  suggestedQuestionId?: string;
  signal: AbortSignal;
}

/**
 * A chat backend. `sendMessages` resolves once the answer starts (headers received) with the
 * stream of chunks, or rejects with a `ChatError` (its code names the sentence the UI shows).
 */
export interface ChatTransport {
  sendMessages(request: SendMessagesRequest): Promise<AsyncIterable<ChatChunk>>;
  /** Posts a like or dislike; absent when the backend takes no feedback (agent backend, local). */
  sendFeedback?(request: { messageId: string; vote: 'like' | 'dislike' }): Promise<void>;
  /** Suggested questions for the new-conversation screen; absent when the backend has none. */
  getSuggestedQuestions?(): Promise<SuggestedQuestion[]>;
}

export interface SuggestedQuestion {
  /** Sent as `suggestedQuestionId` (assistant backend); undefined for local suggestions. */
  id?: string;
  question: string;
}

/**
 * Which sentence explains a `ChatError`: the UI shows `modal.askAiErrors[`${code}Text`]` from the
 * site's translations (the core holds no English), unless the server wrote its own message.
 */
export type ChatErrorCode =
  /** The backend could not be reached. */
  | 'network'
  /** A chunk of the chat's code (a transport, the local assistant) could not be fetched. */
  | 'loadFailed'
  /** The reader stopped the answer. */
  | 'stopped'
  /** The stream ended before the answer finished. */
  | 'cutOff'
  /** The stream held something that is not a chunk. */
  | 'unreadable'
  /** An `error` chunk with no text. */
  | 'couldNotAnswer'
  /** A 2xx JSON body instead of a stream, with no message. */
  | 'noAnswer'
  /** A 5xx status. */
  | 'unavailable'
  | 'badRequest'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  /** 413: the request is too large. */
  | 'tooLong'
  | 'unprocessable'
  | 'rateLimited'
  /** Any other status; the sentence has a `{status}` placeholder. */
  | 'httpStatus'
  /** The backend's code says the conversation is over its limit (`AI-217`). */
  | 'conversationLimit'
  /** The token endpoint answered something that is not JSON. */
  | 'signInUnreadable'
  /** The token endpoint gave no token and no message. */
  | 'signInRefused'
  /** A like or dislike could not be posted. */
  | 'feedbackFailed'
  /** The backend takes no feedback. */
  | 'feedbackUnavailable'
  /** Anything else thrown while answering (a bug). */
  | 'unknown';

/**
 * A fault in talking to a backend. `code` names the sentence to show; `serverMessage` is the
 * server's own readable words (a JSON `message`, a short text body, an `error` chunk's text),
 * shown as written instead. `kind` lets the UI add advice: `conversation-limit` suggests a new
 * conversation, the others a retry.
 */
export class ChatError extends Error {
  constructor(
    readonly code: ChatErrorCode,
    readonly kind: 'network' | 'http' | 'stream' | 'conversation-limit' | 'aborted' = 'http',
    readonly status?: number,
    readonly serverMessage?: string,
  ) {
    // For logs and debuggers: the UI reads `code` and `serverMessage`.
    super(serverMessage ?? code);
    this.name = 'ChatError';
  }
}

/** Status of a chat, as in the AI SDK: what the UI shows follows from it. */
export type ChatStatus = 'ready' | 'submitted' | 'streaming' | 'error';

export interface ChatState {
  /** Conversation id (new for every new conversation). */
  id: string;
  messages: ChatMessage[];
  status: ChatStatus;
  /** Set when `status` is `error`: its code (and the server's message, if any) says what to show. */
  error: ChatError | undefined;
}

/** A stored conversation, as listed on the start screen and in the history screen. */
export interface StoredConversation {
  id: string;
  /** The first question, shown as the conversation's title. */
  title: string;
  messages: ChatMessage[];
  updatedAt: number;
}

/**
 * One conversation's live state and its actions: what every chat UI subscribes to
 * (`useSyncExternalStore`-shaped, like the other core stores). Created by `createChat`.
 */
export interface ChatStore {
  get(): ChatState;
  subscribe(listener: (state: ChatState) => void): () => void;
  /** Sends a user message (ignored while `submitted`/`streaming`: stop first). */
  send(text: string, options?: { suggestedQuestionId?: string }): void;
  /** Aborts the answer being streamed; the partial answer is kept and marked `meta.stopped`. */
  stop(): void;
  /** After an error or a stop: asks again for an answer to the last user message. */
  retry(): void;
  /** Starts a new, empty conversation (the current one stays in storage if it was saved). */
  newConversation(): void;
  /** Replaces the current conversation with a stored one. */
  load(conversation: StoredConversation): void;
  /** Whether like/dislike are offered (assistant backend only). */
  readonly canGiveFeedback: boolean;
  /** Records a vote on an assistant message and posts it; rejects with a readable `ChatError` (the vote is kept). */
  sendFeedback(assistantMessageId: string, vote: 'like' | 'dislike'): Promise<void>;
  /** Suggested questions for the new-conversation screen (empty when the backend has none or fails). */
  getSuggestedQuestions(): Promise<SuggestedQuestion[]>;
  /** Aborts any stream and drops listeners. */
  destroy(): void;
}

/** The stored conversations of one assistant, shared live by every widget on the page. */
export interface ConversationList {
  /** Newest first. */
  getAll(): StoredConversation[];
  subscribe(listener: () => void): () => void;
  save(conversation: StoredConversation): void;
  remove(id: string): void;
}
