/**
 * The chat's chunk: everything Ask AI needs beyond the keyword modal (the chat core, its
 * transports, the chat components, Markdown), imported the first time Ask AI is used.
 */
import type { ResolvedAskAi } from '../../../core/options/askAi.js';
import type { SearchClientLike } from '../../../core/options/types.js';
import type { LoadedAskAi } from '../askAiRuntime.js';
import { AskAiScreen } from './AskAiScreen.js';

export interface SetUpAskAiOptions {
  askAi: ResolvedAskAi;
  searchClient: SearchClientLike | Promise<SearchClientLike>;
  environment: Window;
}

export async function setUpAskAi(_options: SetUpAskAiOptions): Promise<LoadedAskAi> {
  throw new Error('sitesearch: the chat is not wired yet.');
  return { Screen: AskAiScreen } as never;
}
