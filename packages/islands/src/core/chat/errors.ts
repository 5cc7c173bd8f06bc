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

/** A `ChatError` from a message a server wrote (an `error` chunk, a JSON `message`). */
export function errorFromText(text: string, kind: ChatError['kind'], status?: number): ChatError {
  let message = text.trim() === '' ? 'The assistant could not answer. Please try again.' : text.trim();
  // Some servers put a whole JSON error in `errorText`: show its message, not the JSON.
  if (message.startsWith('{')) {
    try {
      message = messageInJson(JSON.parse(message)).message?.trim() || 'The assistant could not answer. Please try again.';
    } catch {
      // Not JSON: shown as written.
    }
  }
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
  let message: string | undefined;
  let code: string | undefined;
  const trimmed = body.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[') || trimmed.startsWith('"')) {
    try {
      ({ message, code } = messageInJson(JSON.parse(trimmed)));
    } catch {
      // Not JSON after all: judged as text below.
    }
  }
  // Plain text is shown when it is short; markup and JSON without a message never are.
  if (message === undefined && trimmed !== '' && !/^[<{[]/.test(trimmed) && trimmed.length <= 300) message = trimmed;
  if (code !== undefined && CONVERSATION_LIMIT.test(code)) {
    return new ChatError(message ?? 'This conversation has reached its limit. Start a new conversation.', 'conversation-limit', response.status);
  }
  const fallback = response.ok
    ? 'The assistant sent no answer. Please try again.'
    : STATUS_MESSAGES[response.status] ?? (response.status >= 500 ? 'The assistant is unavailable right now. Please try again later.' : `The assistant could not answer (HTTP ${response.status}).`);
  const error = errorFromText(message ?? fallback, 'http', response.status);
  if (response.status === 413 && error.kind === 'http') return new ChatError(error.message, 'conversation-limit', response.status);
  return error;
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
