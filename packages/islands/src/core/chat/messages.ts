/**
 * Builds assistant messages from the UI message stream, prepares the history for the wire, and
 * reads what the chat UI shows out of a message (its Markdown, its searches, its suggestions).
 */
import { errorFromText, parseJson } from './errors.js';
import type { ChatChunk, ChatMessage, DataPart, MessagePart, ReasoningPart, TextPart, ToolPart } from './types.js';

/** Turns chunks into successive snapshots of one assistant message. */
export interface AnswerBuilder {
  /** The message as built so far (a new object after every change). */
  readonly message: ChatMessage;
  /**
   * Applies one chunk and returns the new snapshot (the same object when nothing changed, e.g.
   * for framing or unknown chunk types). An `error` chunk throws its `ChatError`.
   */
  apply(chunk: ChatChunk): ChatMessage;
  /** Marks text and reasoning still streaming as done (end of stream, stop). */
  finish(): ChatMessage;
}

const isTextLike = (part: MessagePart): part is TextPart | ReasoningPart => part.type === 'text' || part.type === 'reasoning';
export const isToolPart = (part: MessagePart): part is ToolPart => part.type.startsWith('tool-');
const isStreamingText = (part: MessagePart) => isTextLike(part) && part.state === 'streaming';
/** The parts with text and reasoning still streaming marked done (the end of a stream, a stop). */
export const withTextDone = (parts: MessagePart[]): MessagePart[] => parts.map((part) => (isStreamingText(part) ? { ...part, state: 'done' } : part)) as MessagePart[];
const isDataPart = (part: MessagePart): part is DataPart => part.type.startsWith('data-');

/**
 * Starts an assistant message. `id` is used until a `start` chunk brings the server's id.
 * Text and reasoning parts are found by their stream id, tool parts by `toolCallId`.
 */
export function createAnswerBuilder(id: string, createdAt?: number): AnswerBuilder {
  let message: ChatMessage = { id, role: 'assistant', parts: [], ...(createdAt === undefined ? {} : { meta: { createdAt } }) };
  // Type and stream id (`text:0`) → index in `parts` of the text/reasoning part receiving deltas.
  // The AI SDK ends a part with `*-end` or at a step boundary; a later delta with the same id
  // starts a new part.
  const active = new Map<string, number>();
  // Raw tool input text while it streams (the SDK's partial JSON is not worth parsing here).
  const toolInputText = new Map<string, string>();

  const setParts = (parts: MessagePart[]) => {
    message = { ...message, parts };
    return message;
  };
  const replacePart = (index: number, part: MessagePart) => {
    const parts = message.parts.slice();
    parts[index] = part;
    return setParts(parts);
  };
  const appendPart = (part: MessagePart) => setParts([...message.parts, part]);

  /** The text or reasoning part `type` with stream id `id`: starts it (`start`), adds a delta, or ends it (`end`). */
  function streamText(type: 'text' | 'reasoning', id: string, step: 'start' | 'delta' | 'end', delta: unknown): ChatMessage {
    const key = `${type}:${id}`;
    const index = step === 'start' ? undefined : active.get(key);
    const part = index === undefined ? undefined : message.parts[index];
    if (step === 'end') active.delete(key);
    if (index === undefined || !part || !isTextLike(part)) {
      if (step === 'end') return message;
      active.set(key, message.parts.length);
      return appendPart({ type, text: typeof delta === 'string' ? delta : '', state: 'streaming' });
    }
    return replacePart(index, step === 'end' ? { ...part, state: 'done' } : { ...part, text: part.text + (typeof delta === 'string' ? delta : '') });
  }

  function updateTool(toolCallId: string, update: (part: ToolPart) => ToolPart, create?: () => ToolPart): ChatMessage {
    const index = message.parts.findIndex((part) => isToolPart(part) && part.toolCallId === toolCallId);
    if (index === -1) return create ? appendPart(create()) : message;
    return replacePart(index, update(message.parts[index] as ToolPart));
  }

  function apply(chunk: ChatChunk): ChatMessage {
    switch (chunk.type) {
      case 'start':
        return typeof chunk.messageId === 'string' && chunk.messageId !== '' && chunk.messageId !== message.id ? (message = { ...message, id: chunk.messageId }) : message;
      case 'start-step':
        return appendPart({ type: 'step-start' });
      case 'finish-step':
        active.clear();
        return message;
      case 'text-start':
      case 'text-delta':
      case 'text-end':
      case 'reasoning-start':
      case 'reasoning-delta':
      case 'reasoning-end': {
        const [type, step] = chunk.type.split('-') as ['text' | 'reasoning', 'start' | 'delta' | 'end'];
        return streamText(type, chunk.id, step, step === 'delta' ? (chunk as { delta?: unknown }).delta : '');
      }
      case 'tool-input-start': {
        toolInputText.set(chunk.toolCallId, '');
        const part: ToolPart = { type: `tool-${chunk.toolName}`, toolCallId: chunk.toolCallId, state: 'input-streaming', input: undefined };
        if (chunk.providerExecuted !== undefined) part.providerExecuted = chunk.providerExecuted;
        return updateTool(chunk.toolCallId, () => part, () => part);
      }
      case 'tool-input-delta': {
        const text = (toolInputText.get(chunk.toolCallId) ?? '') + (typeof chunk.inputTextDelta === 'string' ? chunk.inputTextDelta : '');
        toolInputText.set(chunk.toolCallId, text);
        // Shows the input as soon as it is whole JSON (e.g. the search query before the results).
        const input = parseJson(text);
        return input === undefined ? message : updateTool(chunk.toolCallId, (part) => ({ ...part, input }));
      }
      case 'tool-input-available': {
        toolInputText.delete(chunk.toolCallId);
        const available = (part: ToolPart | undefined): ToolPart => {
          const next: ToolPart = { ...part, type: `tool-${chunk.toolName}`, toolCallId: chunk.toolCallId, state: 'input-available', input: chunk.input };
          if (chunk.providerExecuted !== undefined) next.providerExecuted = chunk.providerExecuted;
          return next;
        };
        return updateTool(chunk.toolCallId, available, () => available(undefined));
      }
      case 'tool-input-error': {
        const failed = (part: ToolPart | undefined): ToolPart => ({
          ...part,
          type: part?.type ?? `tool-${chunk.toolName ?? 'unknown'}`,
          toolCallId: chunk.toolCallId,
          state: 'output-error',
          input: chunk.input ?? part?.input,
          errorText: chunk.errorText,
        });
        return updateTool(chunk.toolCallId, failed, () => failed(undefined));
      }
      case 'tool-output-available':
        return updateTool(chunk.toolCallId, (part) => ({ ...part, state: 'output-available', output: chunk.output }));
      case 'tool-output-error':
        return updateTool(chunk.toolCallId, (part) => ({ ...part, state: 'output-error', errorText: chunk.errorText }));
      case 'source-url': {
        const part: MessagePart = { type: 'source-url', sourceId: chunk.sourceId, url: chunk.url };
        if (typeof chunk.title === 'string') part.title = chunk.title;
        return appendPart(part);
      }
      case 'error':
        throw errorFromText(typeof chunk.errorText === 'string' ? chunk.errorText : '', 'stream');
      default:
        return applyDataChunk(chunk);
    }
  }

  function applyDataChunk(chunk: ChatChunk): ChatMessage {
    if (!chunk.type.startsWith('data-') || !('data' in chunk)) return message;
    const data = chunk as Extract<ChatChunk, { data: unknown }>;
    // Transient data is for the moment it arrives (the AI SDK never stores it either).
    if (data.transient === true) return message;
    const part: DataPart = { type: data.type, data: data.data };
    if (typeof data.id === 'string') part.id = data.id;
    const index = part.id === undefined ? -1 : message.parts.findIndex((existing) => isDataPart(existing) && existing.type === part.type && existing.id === part.id);
    return index === -1 ? appendPart(part) : replacePart(index, part);
  }

  function finish(): ChatMessage {
    active.clear();
    return message.parts.some(isStreamingText) ? setParts(withTextDone(message.parts)) : message;
  }

  return {
    get message() {
      return message;
    },
    apply,
    finish,
  };
}

/** Tool calls that never got a result: only a stopped or failed answer leaves them behind. */
const isUnfinishedTool = (part: MessagePart) => isToolPart(part) && part.state !== 'output-available' && part.state !== 'output-error';

/**
 * The history as a backend accepts it: without `meta` (ours), without any `data-*` part (the
 * agent backend answers 422 when they come back — DocSearch 4.7 sends them and every follow-up
 * fails), without tool calls that have no result (a stopped answer; models reject a call without
 * its result), and without assistant messages left empty by all that.
 */
export function toWireMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  const wire: ChatMessage[] = [];
  for (const message of messages) {
    const parts = message.parts.filter((part) => !isDataPart(part) && !isUnfinishedTool(part));
    if (message.role === 'assistant' && !parts.some((part) => part.type !== 'step-start')) continue;
    wire.push({ id: message.id, role: message.role, parts });
  }
  return wire;
}

/** The Markdown of a message: its text parts, in order (what the copy button copies). */
export function messageText(message: ChatMessage): string {
  return message.parts
    .filter((part): part is TextPart => part.type === 'text')
    .map((part) => part.text)
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}

/** The search tools of the two backends: `searchIndex` (assistant) and `algolia_search_index` (agent). */
const SEARCH_TOOLS = new Set(['tool-searchIndex', 'tool-algolia_search_index']);

/** How the UI shows one tool call. */
export interface ToolCallView {
  toolCallId: string;
  /** The tool's name, e.g. `searchIndex`. */
  toolName: string;
  /** `true` for the backends' search tools, which render as "Searching..." / "Searched for". */
  isSearch: boolean;
  /** The search query, once known (search tools only). */
  query: string | undefined;
  /** `running` until the result (or failure) arrives. */
  status: 'running' | 'done' | 'error';
  /** Number of hits found (search tools only, when the output says). */
  hitCount: number | undefined;
  errorText: string | undefined;
}

const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The view of one tool part. */
export function toolCallView(part: ToolPart): ToolCallView {
  const isSearch = SEARCH_TOOLS.has(part.type);
  const input = asRecord(part.input);
  const output = asRecord(part.output);
  const query = isSearch ? (typeof input?.query === 'string' ? input.query : typeof output?.query === 'string' ? output.query : undefined) : undefined;
  const hitCount = !isSearch || !output ? undefined : typeof output.nbHits === 'number' ? output.nbHits : Array.isArray(output.hits) ? output.hits.length : undefined;
  return {
    toolCallId: part.toolCallId,
    toolName: part.type.slice('tool-'.length),
    isSearch,
    query,
    status: part.state === 'output-available' ? 'done' : part.state === 'output-error' ? 'error' : 'running',
    hitCount,
    errorText: part.errorText,
  };
}

/** The tool calls of a message, in order. */
export function toolCallsOf(message: ChatMessage): ToolCallView[] {
  return message.parts.filter(isToolPart).map(toolCallView);
}

/** The queries the assistant searched for while answering, in order, without repeats. */
export function searchQueriesOf(message: ChatMessage): string[] {
  const queries: string[] = [];
  for (const call of toolCallsOf(message)) {
    if (call.isSearch && call.query !== undefined && call.query.trim() !== '' && !queries.includes(call.query)) queries.push(call.query);
  }
  return queries;
}

/**
 * A message cut into what the answer view renders, in order: Markdown blocks and runs of
 * consecutive search calls (shown as one line: "Searched for a, b and c"). Other tools come as
 * their own segment; step markers, sources and data parts are left out.
 */
export type AnswerSegment =
  | { kind: 'text'; text: string; streaming: boolean }
  | { kind: 'searches'; calls: ToolCallView[]; queries: string[]; running: boolean }
  | { kind: 'tool'; call: ToolCallView };

export function answerSegments(message: ChatMessage): AnswerSegment[] {
  const segments: AnswerSegment[] = [];
  for (const part of message.parts) {
    if (part.type === 'text') {
      const text = (part as TextPart).text;
      if (text !== '') segments.push({ kind: 'text', text, streaming: (part as TextPart).state === 'streaming' });
      continue;
    }
    if (!isToolPart(part)) continue;
    const call = toolCallView(part);
    if (!call.isSearch) {
      segments.push({ kind: 'tool', call });
      continue;
    }
    const last = segments[segments.length - 1];
    const run = last?.kind === 'searches' ? last : undefined;
    const calls = run ? [...run.calls, call] : [call];
    const searches: AnswerSegment = {
      kind: 'searches',
      calls,
      queries: [...new Set(calls.map((c) => c.query).filter((q): q is string => q !== undefined && q.trim() !== ''))],
      running: calls.some((c) => c.status === 'running'),
    };
    if (run) segments[segments.length - 1] = searches;
    else segments.push(searches);
  }
  return segments;
}

/** Follow-up prompts the agent backend suggests (`data-suggestions`), the latest part winning. */
export function suggestionsOf(message: ChatMessage): string[] {
  for (let i = message.parts.length - 1; i >= 0; i--) {
    const part = message.parts[i]!;
    if (part.type !== 'data-suggestions') continue;
    const suggestions = asRecord((part as DataPart).data)?.suggestions;
    return Array.isArray(suggestions) ? suggestions.filter((s): s is string => typeof s === 'string' && s.trim() !== '') : [];
  }
  return [];
}

/** The `source-url` parts of a message, de-duplicated by URL. */
export function sourcesOf(message: ChatMessage): Array<{ url: string; title: string | undefined }> {
  const seen = new Set<string>();
  const sources: Array<{ url: string; title: string | undefined }> = [];
  for (const part of message.parts) {
    if (part.type !== 'source-url') continue;
    const { url, title } = part as Extract<MessagePart, { type: 'source-url' }>;
    if (typeof url !== 'string' || seen.has(url)) continue;
    seen.add(url);
    sources.push({ url, title });
  }
  return sources;
}

/** The text of a user message (its question). */
export function questionOf(message: ChatMessage): string {
  return message.parts
    .filter((part): part is TextPart => part.type === 'text')
    .map((part) => part.text)
    .join('');
}
