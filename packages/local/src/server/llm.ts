/**
 * Optional answer writing by a language model behind an OpenAI-compatible API (`--llm-url`,
 * `--llm-model`): the `generate` hook of the local assistant. The model sees only the retrieved
 * passages, numbered with their URLs, and is told to answer from them and cite them as links,
 * so an answer stays checkable against the docs.
 */
import type { AssistantMessage, AssistantPassage, LocalAssistantOptions } from '../assistant/types.js';

export interface LlmOptions {
  /** Base URL of the API, e.g. `http://127.0.0.1:11434/v1`; requests go to `<base>/chat/completions`. */
  baseUrl: string;
  /** Model name sent as `model`. */
  model: string;
  /** Sent as `Authorization: Bearer <apiKey>` (the CLI reads it from `SITESEARCH_LLM_API_KEY`). */
  apiKey?: string;
}

export type GenerateHook = NonNullable<LocalAssistantOptions['generate']>;

export function validateLlmOptions(options: LlmOptions): LlmOptions {
  let url: URL;
  try {
    url = new URL(options.baseUrl);
  } catch {
    throw new TypeError(`llm.baseUrl must be an http(s) URL, got ${JSON.stringify(options.baseUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`llm.baseUrl must be an http(s) URL, got ${JSON.stringify(options.baseUrl)}`);
  if (typeof options.model !== 'string' || options.model.trim() === '') throw new TypeError('llm.model is required: the name of the model to ask, e.g. "llama3.2"');
  return options;
}

export function systemPrompt(passages: readonly AssistantPassage[]): string {
  const numbered = passages.map((passage, i) => `[${i + 1}] ${passage.title}\nURL: ${passage.url}\n${passage.text}`).join('\n\n');
  return (
    'You answer questions about this documentation site. Answer only from the numbered passages below; ' +
    'if they do not contain the answer, say that the documentation does not cover it. ' +
    'Cite every passage you use as a Markdown link to its URL, e.g. [Server options](/config/server-options). ' +
    'Answer in Markdown, briefly.\n\n' +
    `Passages:\n\n${numbered || '(none found)'}`
  );
}

function textOf(message: AssistantMessage): string {
  return message.parts
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('');
}

/** The hook: one streamed chat completion per answer, yielding the text deltas. */
export function createLlmGenerate(options: LlmOptions): GenerateHook {
  const { baseUrl, model, apiKey } = validateLlmOptions(options);
  const endpoint = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return async function* generate({ question, history, passages, signal }) {
    const conversation = history
      .filter((message) => message.role === 'user' || message.role === 'assistant')
      .map((message) => ({ role: message.role, content: textOf(message) }))
      .filter((message) => message.content !== '');
    // The history may or may not end with the question itself; send it once, last.
    const lastMessage = conversation[conversation.length - 1];
    if (lastMessage?.role === 'user' && lastMessage.content === question) conversation.pop();
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      body: JSON.stringify({
        model,
        stream: true,
        messages: [{ role: 'system', content: systemPrompt(passages) }, ...conversation, { role: 'user', content: question }],
      }),
      ...(signal ? { signal } : {}),
    }).catch((error: unknown) => {
      throw new Error(`the language model at ${endpoint} cannot be reached (${(error as Error).message})`);
    });
    if (!response.ok || !response.body) {
      throw new Error(`the language model at ${endpoint} answered ${response.status}${await upstreamMessage(response)}`);
    }
    for await (const data of sseData(chunksOf(response.body))) {
      if (data === '[DONE]') return;
      let parsed: { choices?: Array<{ delta?: { content?: unknown } }>; error?: { message?: unknown } };
      try {
        parsed = JSON.parse(data) as typeof parsed;
      } catch {
        throw new Error(`the language model at ${endpoint} streamed something that is not JSON: ${data.slice(0, 80)}`);
      }
      if (parsed.error) throw new Error(`the language model failed: ${String(parsed.error.message ?? JSON.stringify(parsed.error))}`);
      const delta = parsed.choices?.[0]?.delta?.content;
      if (typeof delta === 'string' && delta !== '') yield delta;
    }
  };
}

async function upstreamMessage(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 500);
  if (!text) return '';
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message);
    if (typeof message === 'string') return `: ${message}`;
  } catch {
    // Not JSON: the text itself is the message.
  }
  return `: ${text}`;
}

/** The DOM typings give `ReadableStream` no async iterator, though Node's has one: read it plainly. */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncIterable<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Stops the upstream answer when the reader leaves early ([DONE], abort, error).
    reader.cancel().catch(() => {});
  }
}

/**
 * The `data` of each server-sent event. Events may be split anywhere across network chunks, lines
 * may end in CRLF, and an event's several `data:` lines are joined with newlines.
 */
export async function* sseData(body: AsyncIterable<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  for await (const bytes of body) {
    buffer += decoder.decode(bytes, { stream: true });
    let newline: number;
    while ((newline = buffer.search(/\r\n|\r|\n/)) !== -1) {
      const line = buffer.slice(0, newline);
      // A lone "\r" at the end of the buffer may be the first half of "\r\n": wait for more.
      if (buffer[newline] === '\r' && newline === buffer.length - 1) break;
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
    }
  }
  buffer += decoder.decode();
  if (buffer.startsWith('data:')) data.push(buffer.slice(buffer.startsWith('data: ') ? 6 : 5));
  if (data.length > 0) yield data.join('\n');
}
