/** The assistant backend (`agentStudio` omitted or `false`), PROTOCOLS.md section 2. */
import type { AskAiSearchParameters, SearchClientLike } from '../../options/types.js';
import { type ChatEnvironment, fetchOf, getSessionStorage } from '../environment.js';
import { ChatError, type ChatTransport, type SuggestedQuestion } from '../types.js';
import { createTokenSource } from './assistantToken.js';
import { hasEntries, post, readAnswer, trimBase } from './http.js';

export const DEFAULT_ASSISTANT_BASE_URL = 'https://askai.algolia.com';
/** The index where the dashboard keeps each assistant's suggested questions. */
export const SUGGESTED_QUESTIONS_INDEX = 'algolia_ask_ai_suggested_questions';

export interface AssistantTransportOptions {
  assistantId: string;
  appId: string | undefined;
  apiKey: string | undefined;
  indexName: string | undefined;
  /** Flat parameters, sent only when set. */
  searchParameters?: AskAiSearchParameters | undefined;
  /** Default `https://askai.algolia.com`. */
  baseUrl?: string | undefined;
  /** Searches the suggested questions; without it the transport offers none. */
  suggestedQuestionsClient?: SearchClientLike | undefined;
  environment?: ChatEnvironment | undefined;
  /** Clock for the token's expiry (tests). */
  now?: () => number;
}

export function createAssistantTransport(options: AssistantTransportOptions): ChatTransport {
  const baseUrl = trimBase(options.baseUrl ?? DEFAULT_ASSISTANT_BASE_URL);
  const fetch = fetchOf(options.environment);
  const tokens = createTokenSource({ baseUrl, assistantId: options.assistantId, fetch, storage: getSessionStorage(options.environment), now: options.now });

  /** Posts with the token; a 401 means the token was refused: one new token, one more try. */
  async function postWithToken(url: string, headers: Record<string, string | undefined>, body: unknown, signal?: AbortSignal): Promise<Response> {
    const attempt = async (token: string) => post(fetch, url, { headers: { ...headers, authorization: `TOKEN ${token}` }, body, signal });
    try {
      return await attempt(await tokens.get());
    } catch (error) {
      if (!(error instanceof ChatError) || error.status !== 401 || signal?.aborted) throw error;
      return attempt(await tokens.renew());
    }
  }

  const transport: ChatTransport = {
    async sendMessages({ chatId, messages, trigger, suggestedQuestionId, signal }) {
      const body: Record<string, unknown> = { id: chatId, messages, trigger };
      if (hasEntries(options.searchParameters)) body.searchParameters = options.searchParameters;
      if (suggestedQuestionId !== undefined) body.suggestedQuestionId = suggestedQuestionId;
      const response = await postWithToken(
        `${baseUrl}/chat`,
        {
          'x-algolia-application-id': options.appId,
          'x-algolia-api-key': options.apiKey,
          'x-algolia-index-name': options.indexName,
          'x-algolia-assistant-id': options.assistantId,
          'x-ai-sdk-version': 'v5',
          'content-type': 'application/json',
        },
        body,
        signal,
      );
      return readAnswer(response, signal);
    },
    async sendFeedback({ messageId, vote }) {
      // The hosted service ties a token to its assistant and checks the pair on every request,
      // so the feedback post names the assistant as the chat post does (DocSearch 4.7 does too).
      await postWithToken(
        `${baseUrl}/chat/feedback`,
        { 'x-algolia-assistant-id': options.assistantId, 'content-type': 'application/json' },
        { appId: options.appId, messageId, thumbs: vote === 'like' ? 1 : 0 },
      );
    },
  };
  const client = options.suggestedQuestionsClient;
  if (client) {
    transport.getSuggestedQuestions = async (): Promise<SuggestedQuestion[]> => {
      const { results } = await client.search({
        requests: [{ indexName: SUGGESTED_QUESTIONS_INDEX, query: '', filters: `state:published AND assistantId:${options.assistantId}`, hitsPerPage: 3 }],
      });
      const hits = (results[0] as { hits?: unknown } | undefined)?.hits;
      if (!Array.isArray(hits)) return [];
      const questions: SuggestedQuestion[] = [];
      for (const hit of hits as Array<Record<string, unknown>>) {
        if (typeof hit?.question !== 'string' || hit.question.trim() === '') continue;
        questions.push(typeof hit.objectID === 'string' ? { id: hit.objectID, question: hit.question } : { question: hit.question });
      }
      return questions;
    };
  }
  return transport;
}
