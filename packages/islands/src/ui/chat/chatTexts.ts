import type { SiteSearchTranslations } from '../../core/translations.js';

/**
 * The chat's labels by role. Those the interface has no key for are borrowed from the closest
 * existing key, so that every word still comes from the site's translations; one place, so that a
 * dedicated key, once the interface gains it, changes one line.
 */
export function chatLabels(translations: SiteSearchTranslations) {
  const { searchBox, footer, errorScreen, askAiScreen } = translations.modal;
  return {
    /** Accessible name of the prompt ("Ask a question"): stable, unlike the placeholder. */
    prompt: searchBox.newConversationPlaceholder,
    /** The send button ("Submit question"). */
    send: footer.submitQuestionText,
    /** The stop button while an answer streams ("Stop answering"). */
    stop: askAiScreen.stopButtonAriaLabel,
    /** The retry button after an error: asks the last question again ("Try again"). */
    retry: askAiScreen.retryButtonText,
    /** Heading of an error ("Unable to fetch results"). */
    errorTitle: errorScreen.titleText,
    /** Advice after a conversation-limit error ("Start a new conversation"). */
    newConversation: searchBox.startNewConversationText,
  };
}
