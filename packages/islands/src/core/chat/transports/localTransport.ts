/**
 * The local assistant: answers from the site's own index, in the browser, with no account
 * (`@sitesearch/local/assistant`). Its code is loaded on the first question, as a chunk of its
 * own, so pages whose visitors never ask pay nothing for it.
 */
import type { SearchClientLike } from '../../options/types.js';
import { toChatError } from '../errors.js';
import { ChatError, type ChatChunk, type ChatMessage, type ChatTransport } from '../types.js';

/**
 * The part of `@sitesearch/local/assistant` this transport uses, restated structurally: the
 * package exports only its build output, and this package must type-check on a fresh clone
 * before its neighbour is built (its contract is `packages/local/src/assistant/types.ts`).
 */
export interface LocalAssistantModule {
  createLocalAssistant(options: { searchClient: SearchClientLike; indexName: string; searchParameters?: Record<string, unknown> }): {
    answer(request: { messages: ChatMessage[]; signal?: AbortSignal }): AsyncIterable<ChatChunk>;
  };
}

export interface LocalTransportOptions {
  /** The widget's search client (the local index client, or any lite-client-shaped one). */
  searchClient: SearchClientLike;
  indexName: string;
  searchParameters?: Record<string, unknown> | undefined;
  /** Loads the assistant's code (tests pass their own; default: the bundled chunk). */
  loadAssistant?: () => Promise<LocalAssistantModule>;
}

async function loadBundledAssistant(): Promise<LocalAssistantModule> {
  // @ts-ignore -- resolves only once @sitesearch/local is built (see LocalAssistantModule); esbuild bundles it as a chunk.
  const module: unknown = await import('@sitesearch/local/assistant');
  return module as LocalAssistantModule;
}

export function createLocalTransport(options: LocalTransportOptions): ChatTransport {
  const load = options.loadAssistant ?? loadBundledAssistant;
  let assistant: ReturnType<LocalAssistantModule['createLocalAssistant']> | undefined;

  async function getAssistant() {
    if (assistant) return assistant;
    let module: LocalAssistantModule;
    try {
      module = await load();
    } catch {
      // Not cached: a chunk that failed to download (offline) may load on the next question.
      throw new ChatError('loadFailed', 'network');
    }
    assistant = module.createLocalAssistant({
      searchClient: options.searchClient,
      indexName: options.indexName,
      ...(options.searchParameters ? { searchParameters: options.searchParameters } : {}),
    });
    return assistant;
  }

  return {
    async sendMessages({ messages, signal }) {
      const local = await getAssistant();
      if (signal.aborted) throw new ChatError('stopped', 'aborted');
      return guard(local.answer({ messages, signal }), signal);
    },
  };
}

/** The assistant promises never to throw, but a bug in it must still reach the user as a `ChatError`. */
async function* guard(chunks: AsyncIterable<ChatChunk>, signal: AbortSignal): AsyncGenerator<ChatChunk, void, undefined> {
  try {
    for await (const chunk of chunks) {
      if (signal.aborted) return;
      yield chunk;
    }
  } catch (error) {
    throw toChatError(error, signal);
  }
}
