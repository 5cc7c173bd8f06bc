/**
 * Turns whatever a backend or the network does wrong into a `ChatError` a user can read: a JSON
 * body's message instead of raw JSON (DocSearch shows the raw text), a sentence per status when
 * the body says nothing useful, and `conversation-limit` when a new conversation is the way out.
 */
import { ChatError } from './types.js';

/** Codes and wordings of "this conversation is too long" (the assistant backend says `AI-217`). */
const CONVERSATION_LIMIT = /\bAI-217\b|conversation (?:limit|length)|(?:limit|maximum)[^.]{0,40}\bconversation|too many messages|conversation is too long/i;

const STATUS_MESSAGES: Record<number, string> = {
  400: 'The assistant could not understand the request.',
  401: 'The assistant refused the credentials of this site.',
  403: 'This site is not allowed to use the assistant.',
  404: 'The assistant was not found. Check the assistant ID.',
  413: 'This conversation is too long for the assistant. Start a new conversation.',
  422: 'The assistant could not process this conversation.',
  429: 'The assistant is receiving too many questions. Please wait a moment and try again.',
};

export const NETWORK_MESSAGE = 'The assistant could not be reached. Check your network connection and try again.';
export const STOPPED_MESSAGE = 'The answer was stopped.';
/** A chunk of the chat's code (a transport, the local assistant) could not be fetched. */
export const LOAD_FAILED_MESSAGE = 'The assistant could not be loaded. Check your network connection and try again.';

const COULD_NOT_ANSWER = 'The assistant could not answer. Please try again.';

/** `JSON.parse`, or `undefined` for text that is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A `ChatError` from a message a server wrote (an `error` chunk, a JSON `message`). */
export function errorFromText(text: string, kind: ChatError['kind'], status?: number): ChatError {
  let message = text.trim() || COULD_NOT_ANSWER;
  // Some servers put a whole JSON error in `errorText`: show its message, not the JSON (text that
  // is not JSON is shown as written).
  const json = message.startsWith('{') ? parseJson(message) : undefined;
  if (json !== undefined) message = messageInJson(json).message?.trim() || COULD_NOT_ANSWER;
  return new ChatError(message, CONVERSATION_LIMIT.test(message) ? 'conversation-limit' : kind, status);
}

/** Finds a readable message in a parsed JSON error body (`{message}`, `{error: {message}}`, …). */
function messageInJson(value: unknown): { message?: string; code?: string } {
  if (typeof value === 'string') return { message: value };
  if (typeof value !== 'object' || value === null) return {};
  const record = value as Record<string, unknown>;
  const code = typeof record.code === 'string' ? record.code : undefined;
  for (const key of ['message', 'errorText', 'error', 'detail', 'title']) {
    const field = record[key];
    if (typeof field === 'string' && field.trim() !== '') return { message: field, code };
    if (typeof field === 'object' && field !== null) {
      const nested = messageInJson(field);
      if (nested.message) return { message: nested.message, code: code ?? nested.code };
    }
  }
  return { code };
}

/**
 * The error for a non-2xx response. Reads the body once; never shows markup or a stack: a long
 * or HTML body gives way to a sentence chosen by the status.
 */
export async function errorFromResponse(response: Response): Promise<ChatError> {
  let body = '';
  try {
    body = await response.text();
  } catch {
    // A body that fails to arrive still leaves the status to go by.
  }
  const trimmed = body.trim();
  // JSON without a message (and not JSON after all) is judged as text below.
  let { message, code } = /^[{["]/.test(trimmed) ? messageInJson(parseJson(trimmed)) : {};
  // Plain text is shown when it is short; markup and JSON without a message never are.
  if (message === undefined && trimmed !== '' && !/^[<{[]/.test(trimmed) && trimmed.length <= 300) message = trimmed;
  const overLimit = code !== undefined && CONVERSATION_LIMIT.test(code);
  const fallback = overLimit
    ? 'This conversation has reached its limit. Start a new conversation.'
    : response.ok
      ? 'The assistant sent no answer. Please try again.'
      : STATUS_MESSAGES[response.status] ?? (response.status >= 500 ? 'The assistant is unavailable right now. Please try again later.' : `The assistant could not answer (HTTP ${response.status}).`);
  // 413 (the request is too large) and a limit's code always ask for a new conversation.
  return errorFromText(message ?? fallback, overLimit || response.status === 413 ? 'conversation-limit' : 'http', response.status);
}

/** Whether an error (thrown by `fetch` or a read) comes from an aborted signal. */
export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError');
}

/** Any thrown value as a `ChatError`, so the UI always gets a readable message. */
export function toChatError(error: unknown, signal?: AbortSignal): ChatError {
  if (error instanceof ChatError) return error;
  if (isAbortError(error, signal)) return new ChatError(STOPPED_MESSAGE, 'aborted');
  return new ChatError('Something went wrong while answering. Please try again.', 'stream');
}
