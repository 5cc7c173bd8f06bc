/**
 * Turns whatever a backend or the network does wrong into a `ChatError`: a JSON body's message
 * instead of raw JSON (DocSearch shows the raw text), a code per status when the body says nothing
 * useful, and `conversation-limit` when a new conversation is the way out. The sentences for the
 * codes are translations (`modal.askAiErrors`), kept out of the chat's chunk; the rules for a
 * refused HTTP answer are `responseErrors.ts`, fetched when a request fails.
 */
import { ChatError, type ChatErrorCode } from './types.js';

/** Codes and wordings of "this conversation is too long" (the assistant backend says `AI-217`). */
export const CONVERSATION_LIMIT = /\bAI-217\b|conversation (?:limit|length)|(?:limit|maximum)[^.]{0,40}\bconversation|too many messages|conversation is too long/i;

/** `JSON.parse`, or `undefined` for text that is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * A `ChatError` from a message a server wrote (an `error` chunk, a JSON `message`), shown as
 * written; `code` names the sentence shown when there is no such message.
 */
export function errorFromText(text: string, kind: ChatError['kind'], status?: number, code: ChatErrorCode = 'couldNotAnswer'): ChatError {
  let message: string | undefined = text.trim();
  // Some servers put a whole JSON error in `errorText`: show its message, not the JSON (text that
  // is not JSON is shown as written).
  const json = message.startsWith('{') ? parseJson(message) : undefined;
  if (json !== undefined) message = messageInJson(json).message?.trim();
  if (!message) return new ChatError(code, kind, status);
  return CONVERSATION_LIMIT.test(message) ? new ChatError('conversationLimit', 'conversation-limit', status, message) : new ChatError(code, kind, status, message);
}

/** Finds a readable message in a parsed JSON error body (`{message}`, `{error: {message}}`, …). */
export function messageInJson(value: unknown): { message?: string; code?: string } {
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

/** Whether an error (thrown by `fetch` or a read) comes from an aborted signal. */
export function isAbortError(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError');
}

/** Any thrown value as a `ChatError`, so the UI always has a sentence to show. */
export function toChatError(error: unknown, signal?: AbortSignal): ChatError {
  if (error instanceof ChatError) return error;
  return isAbortError(error, signal) ? new ChatError('stopped', 'aborted') : new ChatError('unknown', 'stream');
}
