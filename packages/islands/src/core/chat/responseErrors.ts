/**
 * The error for a refused HTTP answer (a non-2xx status, or a 2xx JSON body instead of a stream):
 * a chunk of its own, fetched by the transports' POST helper (`transports/http.ts`) when a request
 * fails, so no answer that arrives carries these rules.
 */
import { CONVERSATION_LIMIT, errorFromText, messageInJson, parseJson } from './errors.js';
import type { ChatError, ChatErrorCode } from './types.js';

const STATUS_CODES: Record<number, ChatErrorCode> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  413: 'tooLong',
  422: 'unprocessable',
  429: 'rateLimited',
};

/**
 * The error for a non-2xx response. Reads the body once; never shows markup or a stack: a long
 * or HTML body gives way to a code chosen by the status.
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
  const sentence: ChatErrorCode = overLimit
    ? 'conversationLimit'
    : response.ok
      ? 'noAnswer'
      : STATUS_CODES[response.status] ?? (response.status >= 500 ? 'unavailable' : 'httpStatus');
  // 413 (the request is too large) and a limit's code always ask for a new conversation.
  return errorFromText(message ?? '', overLimit || response.status === 413 ? 'conversation-limit' : 'http', response.status, sentence);
}
