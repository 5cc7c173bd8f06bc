import { describe, expect, it } from 'vitest';
import { DEFAULT_TRANSLATIONS } from '../translations.js';
import { errorFromText, toChatError } from './errors.js';
import { errorFromResponse } from './responseErrors.js';
import { ChatError, type ChatErrorCode } from './types.js';

const reply = (status: number, body: string) => new Response(status === 204 ? null : body, { status });
const fields = (error: ChatError) => ({ code: error.code, kind: error.kind, status: error.status, serverMessage: error.serverMessage });

describe('errorFromResponse', () => {
  it.each([
    [400, 'badRequest'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'notFound'],
    [422, 'unprocessable'],
    [429, 'rateLimited'],
    [500, 'unavailable'],
    [503, 'unavailable'],
    [409, 'httpStatus'],
  ] as Array<[number, ChatErrorCode]>)('gives a bare %i the code %s, with no message of its own', async (status, code) => {
    expect(fields(await errorFromResponse(reply(status, '')))).toEqual({ code, kind: 'http', status, serverMessage: undefined });
  });

  it('asks for a new conversation on 413 and on a limit code, with or without a message', async () => {
    expect(fields(await errorFromResponse(reply(413, '')))).toMatchObject({ code: 'tooLong', kind: 'conversation-limit' });
    expect(fields(await errorFromResponse(reply(400, '{"code":"AI-217"}')))).toMatchObject({ code: 'conversationLimit', kind: 'conversation-limit', serverMessage: undefined });
    expect(fields(await errorFromResponse(reply(400, '{"code":"AI-217","message":"Too many turns"}')))).toMatchObject({ kind: 'conversation-limit', serverMessage: 'Too many turns' });
  });

  it('keeps the server’s readable words: a JSON message, a nested one, short plain text', async () => {
    expect((await errorFromResponse(reply(400, '{"message":"Bad index"}'))).serverMessage).toBe('Bad index');
    expect((await errorFromResponse(reply(422, '{"error":{"detail":"Unknown part"}}'))).serverMessage).toBe('Unknown part');
    expect(fields(await errorFromResponse(reply(502, 'upstream timed out')))).toEqual({ code: 'unavailable', kind: 'http', status: 502, serverMessage: 'upstream timed out' });
  });

  it('never keeps markup, JSON without a message or a long body', async () => {
    for (const body of ['<html><body>Bad gateway</body></html>', '{"status":500}', '[1,2]', 'x'.repeat(301)]) {
      expect((await errorFromResponse(reply(500, body))).serverMessage, body.slice(0, 20)).toBeUndefined();
    }
  });
});

describe('errorFromText', () => {
  it('keeps the text of an error chunk, or its JSON message, and falls back to couldNotAnswer', () => {
    expect(fields(errorFromText('The model failed', 'stream'))).toEqual({ code: 'couldNotAnswer', kind: 'stream', status: undefined, serverMessage: 'The model failed' });
    expect(errorFromText('{"error":{"message":"Rate limited"}}', 'stream').serverMessage).toBe('Rate limited');
    expect(fields(errorFromText('  ', 'stream'))).toMatchObject({ code: 'couldNotAnswer', serverMessage: undefined });
    expect(fields(errorFromText('{"code":1}', 'stream'))).toMatchObject({ code: 'couldNotAnswer', serverMessage: undefined });
  });

  it('recognizes a conversation limit in the words', () => {
    expect(fields(errorFromText('AI-217: conversation limit reached', 'stream'))).toMatchObject({ code: 'conversationLimit', kind: 'conversation-limit' });
  });
});

describe('toChatError', () => {
  it('passes a ChatError through and names aborts and anything else, hiding foreign words', () => {
    const original = new ChatError('network', 'network');
    expect(toChatError(original)).toBe(original);
    expect(fields(toChatError(new DOMException('stop', 'AbortError')))).toMatchObject({ code: 'stopped', kind: 'aborted' });
    expect(fields(toChatError(new TypeError('x is undefined')))).toEqual({ code: 'unknown', kind: 'stream', status: undefined, serverMessage: undefined });
  });
});

describe('the sentences of the codes', () => {
  it('exist for every code, in modal.askAiErrors', () => {
    const codes: ChatErrorCode[] = ['network', 'loadFailed', 'stopped', 'cutOff', 'unreadable', 'couldNotAnswer', 'noAnswer', 'unavailable', 'badRequest', 'unauthorized', 'forbidden', 'notFound', 'tooLong', 'unprocessable', 'rateLimited', 'httpStatus', 'conversationLimit', 'signInUnreadable', 'signInRefused', 'feedbackFailed', 'feedbackUnavailable', 'unknown'];
    expect(Object.keys(DEFAULT_TRANSLATIONS.modal.askAiErrors).sort()).toEqual(codes.map((code) => `${code}Text`).sort());
  });
});
