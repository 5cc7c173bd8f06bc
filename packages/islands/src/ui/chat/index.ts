/** The chat UI: components any host (the modal's Ask AI screen, the Sidepanel) can compose. */
export { ChatView, useStickToBottom, type ChatViewProps } from './ChatView.js';
export { ChatMessages, type ChatMessagesProps } from './ChatMessages.js';
export { ChatPrompt, type ChatPromptProps } from './ChatPrompt.js';
export { NewConversation, type NewConversationProps } from './NewConversation.js';
export { ConversationHistory, RecentConversations, useConversations, type ConversationHistoryProps, type RecentConversationsProps } from './ConversationHistory.js';
export { Disclaimer } from './Disclaimer.js';
export { Markdown } from './Markdown.js';
export { ToolCalls, type ToolCallsProps } from './ToolCalls.js';
export { chatErrorText, chatLabels } from './chatTexts.js';
export { linksOf } from './links.js';
