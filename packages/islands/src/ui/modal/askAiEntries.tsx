/**
 * The keyword screen's Ask AI rows (see `AskAiKeywordParts`): the entry that asks the query, above
 * the results, and the stored conversations on the start screen. In the Ask AI addon's chunk, with
 * their icons, so a keyword-only modal carries none of it.
 */
import type { AskAiItem, ConversationItem, ListSection } from '../ItemList.js';
import { EnterIcon } from '../icons.js';
import type { AskAiKeywordParts } from './askAiRuntime.js';
import { ChatIcon, SparklesIcon } from './icons.js';

/** A conversation ID as part of an element ID. */
const idPart = (id: string) => id.replace(/[^\w-]/g, '_');

export const askAiKeywordParts: AskAiKeywordParts = {
  sections({ ids, showStart, query, noResults, conversations, texts }): ListSection[] {
    if (showStart) {
      if (conversations.length === 0) return [];
      return [
        {
          id: `${ids}-conversations`,
          title: texts.startScreen.recentConversationsTitle,
          items: conversations.map((conversation) => ({ id: `${ids}-conversation-${idPart(conversation.id)}`, source: 'conversation', conversationId: conversation.id, title: conversation.title })),
        },
      ];
    }
    const label = noResults ? texts.resultsScreen.noResultsAskAiPlaceholder : texts.resultsScreen.askAiPlaceholder;
    return [{ id: `${ids}-ask-ai`, items: [{ id: `${ids}-ask-ai-entry`, source: 'askAi', label, query: query.trim() }] }];
  },

  Content: ({ item }: { item: AskAiItem | ConversationItem }) => (
    <>
      <span className="sitesearch-hit-icon-wrap">{item.source === 'askAi' ? <SparklesIcon /> : <ChatIcon />}</span>
      <span className="sitesearch-hit-text">
        <span className="sitesearch-hit-title">
          {item.source === 'askAi' ? (
            <>
              <span className="sitesearch-ask-ai-label">{item.label}</span>
              {item.query}
            </>
          ) : (
            item.title
          )}
        </span>
      </span>
      <EnterIcon />
    </>
  ),
};
