import type { ChatError } from '../../core/chat/types.js';
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

/**
 * What to say about a chat error: the server's own message when it wrote one, else the site's
 * sentence for the error's code (`modal.askAiErrors`), with `{status}` filled in. A thrown value
 * that is not a `ChatError` (none should reach the UI) reads as the `unknown` sentence.
 */
export function chatErrorText(error: unknown, translations: SiteSearchTranslations): string {
  const { code = 'unknown', serverMessage, status } = (error ?? {}) as Partial<ChatError>;
  return serverMessage ?? (translations.modal.askAiErrors[`${code}Text`] ?? translations.modal.askAiErrors.unknownText).replace('{status}', String(status));
}
