import type { SiteSearchTranslations } from '../../core/translations.js';

/**
 * Labels the chat needs for which the interface has no key of its own, borrowed from the
 * closest existing key so that every word still comes from the site's translations. Kept in one
 * place so that dedicated keys, once the interface gains them, change one line each.
 */
export function chatLabels(translations: SiteSearchTranslations) {
  const { searchBox, footer, errorScreen } = translations.modal;
  return {
    /** Accessible name of the prompt ("Ask a question"): stable, unlike the placeholder. */
    prompt: searchBox.newConversationPlaceholder,
    /** The send button ("Submit question"). */
    send: footer.submitQuestionText,
    /** The stop button while an answer streams ("Answering..."): says what pressing it interrupts. */
    stop: searchBox.placeholderTextAskAiStreaming,
    /** The retry button after an error: asks the last question again ("Submit question"). */
    retry: footer.submitQuestionText,
    /** Heading of an error ("Unable to fetch results"). */
    errorTitle: errorScreen.titleText,
    /** Advice after a conversation-limit error ("Start a new conversation"). */
    newConversation: searchBox.startNewConversationText,
  };
}
