/**
 * The chat's chunk: everything Ask AI needs beyond the keyword modal (the chat core, its
 * transports, the chat components, Markdown), imported the first time Ask AI is used. The local
 * assistant is a further chunk, imported by the local transport on the first question.
 */
import { chooseChatBackend } from '../../../core/chat/backend.js';
import { emitEvent } from '../../../core/analytics/events.js';
import { createChat } from '../../../core/chat/chatStore.js';
import { createChatTransport } from '../../../core/chat/createChatTransport.js';
import type { ResolvedAskAi } from '../../../core/options/askAi.js';
import type { SearchClientLike } from '../../../core/options/types.js';
import type { LoadedAskAi } from '../askAiRuntime.js';
import { AskAiScreen } from './AskAiScreen.js';
import { conversationListFor } from './conversationsChunk.js';

export interface SetUpAskAiOptions {
  askAi: ResolvedAskAi;
  /** The widget's search client (the local assistant retrieves through it), or its promise while it loads. */
  searchClient: SearchClientLike | Promise<SearchClientLike>;
  environment: Window;
  /** `false` with `disableUserPersonalization`: conversations live in memory for this page only. */
  persist?: boolean;
}

export async function setUpAskAi({ askAi, searchClient, environment, persist = true }: SetUpAskAiOptions): Promise<LoadedAskAi> {
  const conversations = conversationListFor(askAi, environment, persist);
  const transport = createChatTransport(askAi, { searchClient: await searchClient, environment });
  const local = chooseChatBackend(askAi) === 'local';
  return { Screen: AskAiScreen, chat: createChat({ transport, conversations, environment, onEvent: (name, detail) => emitEvent(environment, name, { ...detail, surface: 'modal' } as never) }), conversations, local };
}

