/**
 * The modal's and the Sidepanel's texts in the page's locale, through Docusaurus' i18n: each is a
 * `translate()` of an id, answered by the site's `i18n/<locale>/code.json` over what the theme
 * supplies for the locale (index.ts: theme-search-algolia's texts shipped by
 * @docusaurus/theme-translations, and the theme's own French). The ids are theme-search-algolia's
 * where the text means the same, so a site moving over keeps its translations; the others are the
 * theme's own, named after the translation key (`theme.SearchModal.<section>.<key>`,
 * `theme.Sidepanel.<key>`). Each message is the widget's English default, so an untranslated id
 * shows what the widget shows without this module. Called in the modal's and the panel's chunks:
 * a page carries these only once someone searches. The button's and the trigger's own texts are
 * translated up front, where they are rendered (SearchBar/buttonOptions.ts,
 * Sidepanel/triggerOptions.ts). Not translated: `enterKeyHint` and `enterKeyHintAskAi`, values of
 * the HTML `enterkeyhint` attribute rather than words (some shipped packs translate them anyway).
 */
import { translate } from '@docusaurus/Translate';
import type { DeepPartial, SiteSearchTranslations } from '@sitesearch/islands/core';

export type TranslatedTexts = DeepPartial<SiteSearchTranslations>;

/** A text left as its English message is left out, for the keys whose default is not a text but a rule (the placeholders). */
const translated = (text: string, english: string): string | undefined => (text === english ? undefined : text);

/** The keyword search's texts (what the modal shows without an assistant). */
export function keywordTexts(): TranslatedTexts {
  // The older id (theme-search-algolia before DocSearch 4) still counts, as a site's code.json may have only it.
  const placeholderText =
    translated(translate({ id: 'theme.SearchModal.searchBox.placeholderText', message: 'Search docs', description: 'The placeholder of the search input' }), 'Search docs') ??
    translated(translate({ id: 'theme.SearchModal.placeholder', message: 'Search docs', description: 'The placeholder of the search input (older id; theme.SearchModal.searchBox.placeholderText wins)' }), 'Search docs');
  return {
    modal: {
      searchBox: {
        clearButtonTitle: translate({ id: 'theme.SearchModal.searchBox.clearButtonTitle', message: 'Clear', description: 'The tooltip of the button that clears the query' }),
        clearButtonAriaLabel: translate({ id: 'theme.SearchModal.searchBox.resetButtonTitle', message: 'Clear the query', description: 'The ARIA label of the button that clears the query' }),
        closeButtonText: translate({ id: 'theme.SearchModal.searchBox.closeButtonText', message: 'Close', description: 'The text of the button that closes the search modal' }),
        closeButtonAriaLabel: translate({ id: 'theme.SearchModal.searchBox.closeButtonAriaLabel', message: 'Close', description: 'The ARIA label of the button that closes the search modal' }),
        placeholderText,
        placeholderTextWithAskAi: translated(
          translate({ id: 'theme.SearchModal.searchBox.placeholderTextWithAskAi', message: 'Search docs or ask AI a question', description: 'The placeholder of the search input when Ask AI is on' }),
          'Search docs or ask AI a question',
        ),
        placeholderTextAskAi: translated(
          translate({ id: 'theme.SearchModal.searchBox.placeholderTextAskAi', message: 'Ask another question...', description: 'The placeholder text when in AI question mode' }),
          'Ask another question...',
        ),
        placeholderTextAskAiStreaming: translate({ id: 'theme.SearchModal.searchBox.placeholderTextAskAiStreaming', message: 'Answering...', description: 'The placeholder text for search box when AI is streaming an answer' }),
        searchInputLabel: translate({ id: 'theme.SearchModal.searchBox.searchInputLabel', message: 'Search', description: 'The ARIA label for search input' }),
        backToKeywordSearchButtonText: translate({ id: 'theme.SearchModal.searchBox.backToKeywordSearchButtonText', message: 'Back to keyword search', description: 'The text for back to keyword search button' }),
        backToKeywordSearchButtonAriaLabel: translate({ id: 'theme.SearchModal.searchBox.backToKeywordSearchButtonAriaLabel', message: 'Back to keyword search', description: 'The ARIA label for back to keyword search button' }),
        newConversationPlaceholder: translate({ id: 'theme.SearchModal.searchBox.newConversationPlaceholder', message: 'Ask a question', description: 'The placeholder of the input of a new Ask AI conversation' }),
        conversationHistoryTitle: translate({ id: 'theme.SearchModal.searchBox.conversationHistoryTitle', message: 'My conversation history', description: 'The title of the Ask AI conversation history' }),
        startNewConversationText: translate({ id: 'theme.SearchModal.searchBox.startNewConversationText', message: 'Start a new conversation', description: 'The action that starts a new Ask AI conversation' }),
        viewConversationHistoryText: translate({ id: 'theme.SearchModal.searchBox.viewConversationHistoryText', message: 'Conversation history', description: 'The action that shows the Ask AI conversation history' }),
      },
      startScreen: {
        recentSearchesTitle: translate({ id: 'theme.SearchModal.startScreen.recentSearchesTitle', message: 'Recent', description: 'The title for recent searches' }),
        noRecentSearchesText: translate({ id: 'theme.SearchModal.startScreen.noRecentSearchesText', message: 'No recent searches', description: 'The text when there are no recent searches' }),
        saveRecentSearchButtonTitle: translate({ id: 'theme.SearchModal.startScreen.saveRecentSearchButtonTitle', message: 'Save this search', description: 'The title for save recent search button' }),
        removeRecentSearchButtonTitle: translate({ id: 'theme.SearchModal.startScreen.removeRecentSearchButtonTitle', message: 'Remove this search from history', description: 'The title for remove recent search button' }),
        favoriteSearchesTitle: translate({ id: 'theme.SearchModal.startScreen.favoriteSearchesTitle', message: 'Favorite', description: 'The title for favorite searches' }),
        removeFavoriteSearchButtonTitle: translate({ id: 'theme.SearchModal.startScreen.removeFavoriteSearchButtonTitle', message: 'Remove this search from favorites', description: 'The title for remove favorite search button' }),
        recentConversationsTitle: translate({ id: 'theme.SearchModal.startScreen.recentConversationsTitle', message: 'Recent conversations', description: 'The title for recent conversations' }),
        removeRecentConversationButtonTitle: translate({ id: 'theme.SearchModal.startScreen.removeRecentConversationButtonTitle', message: 'Remove this conversation from history', description: 'The title for remove recent conversation button' }),
      },
      errorScreen: {
        titleText: translate({ id: 'theme.SearchModal.errorScreen.titleText', message: 'Unable to fetch results', description: 'The title for error screen' }),
        helpText: translate({ id: 'theme.SearchModal.errorScreen.helpText', message: 'You might want to check your network connection.', description: 'The help text for error screen' }),
      },
      noResultsScreen: {
        noResultsText: translate({ id: 'theme.SearchModal.noResultsScreen.noResultsText', message: 'No results found for', description: 'The text when there are no results' }),
        suggestedQueryText: translate({ id: 'theme.SearchModal.noResultsScreen.suggestedQueryText', message: 'Try searching for', description: 'The text for suggested query' }),
        reportMissingResultsText: translate({ id: 'theme.SearchModal.noResultsScreen.reportMissingResultsText', message: 'Believe this query should return results?', description: 'The text for reporting missing results' }),
        reportMissingResultsLinkText: translate({ id: 'theme.SearchModal.noResultsScreen.reportMissingResultsLinkText', message: 'Let us know.', description: 'The link text for reporting missing results' }),
      },
      resultsScreen: {
        askAiPlaceholder: translate({ id: 'theme.SearchModal.resultsScreen.askAiPlaceholder', message: 'Ask AI: ', description: 'The placeholder text for Ask AI input' }),
        noResultsAskAiPlaceholder: translate({ id: 'theme.SearchModal.resultsScreen.noResultsAskAiPlaceholder', message: 'Nothing in the docs? Ask AI: ', description: 'The Ask AI entry, before the query, when the docs gave no result' }),
        resultsCountOneText: translate({ id: 'theme.SearchModal.resultsScreen.resultsCountOneText', message: '1 result', description: 'Announced to screen readers when one result is found' }),
        resultsCountOtherText: translate({ id: 'theme.SearchModal.resultsScreen.resultsCountOtherText', message: '{count} results', description: 'Announced to screen readers when several results are found ({count}: their number)' }),
      },
      footer: {
        selectText: translate({ id: 'theme.SearchModal.footer.selectText', message: 'Select', description: 'The select text for footer' }),
        submitQuestionText: translate({ id: 'theme.SearchModal.footer.submitQuestionText', message: 'Submit question', description: 'The submit question text for footer' }),
        selectKeyAriaLabel: translate({ id: 'theme.SearchModal.footer.selectKeyAriaLabel', message: 'Enter key', description: 'The ARIA label for select key in footer' }),
        navigateText: translate({ id: 'theme.SearchModal.footer.navigateText', message: 'Navigate', description: 'The navigate text for footer' }),
        navigateUpKeyAriaLabel: translate({ id: 'theme.SearchModal.footer.navigateUpKeyAriaLabel', message: 'Arrow up', description: 'The ARIA label for navigate up key in footer' }),
        navigateDownKeyAriaLabel: translate({ id: 'theme.SearchModal.footer.navigateDownKeyAriaLabel', message: 'Arrow down', description: 'The ARIA label for navigate down key in footer' }),
        closeText: translate({ id: 'theme.SearchModal.footer.closeText', message: 'Close', description: 'The close text for footer' }),
        backToSearchText: translate({ id: 'theme.SearchModal.footer.backToSearchText', message: 'Back to search', description: 'The back to search text for footer' }),
        closeKeyAriaLabel: translate({ id: 'theme.SearchModal.footer.closeKeyAriaLabel', message: 'Escape key', description: 'The ARIA label for close key in footer' }),
        poweredByText: translate({ id: 'theme.SearchModal.footer.searchByText', message: 'Powered by', description: "The 'Powered by' text for footer" }),
      },
    },
  };
}

/** The assistant chat's texts (the modal's Ask AI and the Sidepanel's). */
export function chatTexts(): TranslatedTexts {
  return {
    modal: {
      askAiScreen: {
        disclaimerText: translate({ id: 'theme.SearchModal.askAiScreen.disclaimerText', message: 'Answers are written by AI from these docs and can be wrong. Check the linked sources.', description: 'The disclaimer text for AI answers' }),
        localDisclaimerText: translate({
          id: 'theme.SearchModal.askAiScreen.localDisclaimerText',
          message: 'Answers quote these docs, found by search; they are not written by AI and can miss. Check the linked pages.',
          description: 'The disclaimer of the local assistant (no credentials), which quotes the docs rather than writing with AI',
        }),
        relatedSourcesText: translate({ id: 'theme.SearchModal.askAiScreen.relatedSourcesText', message: 'Related sources', description: 'The text for related sources' }),
        thinkingText: translate({ id: 'theme.SearchModal.askAiScreen.thinkingText', message: 'Thinking...', description: 'The text when AI is thinking' }),
        copyButtonText: translate({ id: 'theme.SearchModal.askAiScreen.copyButtonText', message: 'Copy', description: 'The text for copy button' }),
        copyButtonCopiedText: translate({ id: 'theme.SearchModal.askAiScreen.copyButtonCopiedText', message: 'Copied!', description: 'The text for copy button when copied' }),
        copyButtonTitle: translate({ id: 'theme.SearchModal.askAiScreen.copyButtonTitle', message: 'Copy', description: 'The title for copy button' }),
        likeButtonTitle: translate({ id: 'theme.SearchModal.askAiScreen.likeButtonTitle', message: 'Like', description: 'The title for like button' }),
        stopButtonAriaLabel: translate({ id: 'theme.SearchModal.askAiScreen.stopButtonAriaLabel', message: 'Stop answering', description: 'The ARIA label of the button that stops an answer while it streams' }),
        retryButtonText: translate({ id: 'theme.SearchModal.askAiScreen.retryButtonText', message: 'Try again', description: 'The button under a failed answer that asks the question again' }),
        dislikeButtonTitle: translate({ id: 'theme.SearchModal.askAiScreen.dislikeButtonTitle', message: 'Dislike', description: 'The title for dislike button' }),
        thanksForFeedbackText: translate({ id: 'theme.SearchModal.askAiScreen.thanksForFeedbackText', message: 'Thanks for your feedback!', description: 'The text for thanks for feedback' }),
        preToolCallText: translate({ id: 'theme.SearchModal.askAiScreen.preToolCallText', message: 'Searching...', description: 'The text before tool call' }),
        duringToolCallText: translate({ id: 'theme.SearchModal.askAiScreen.duringToolCallText', message: 'Searching for ', description: 'The text during tool call' }),
        afterToolCallText: translate({ id: 'theme.SearchModal.askAiScreen.afterToolCallText', message: 'Searched for', description: 'The text after tool call' }),
        stoppedStreamingText: translate({ id: 'theme.SearchModal.askAiScreen.stoppedStreamingText', message: 'You stopped this response', description: 'Under an answer the reader stopped' }),
      },
      askAiErrors: {
        networkText: translate({ id: 'theme.SearchModal.askAiErrors.networkText', message: 'The assistant could not be reached. Check your network connection and try again.', description: 'Ask AI error: the network failed' }),
        loadFailedText: translate({ id: 'theme.SearchModal.askAiErrors.loadFailedText', message: 'The assistant could not be loaded. Check your network connection and try again.', description: 'Ask AI error: its code did not load' }),
        stoppedText: translate({ id: 'theme.SearchModal.askAiErrors.stoppedText', message: 'The answer was stopped.', description: 'Ask AI error: the answer was stopped' }),
        cutOffText: translate({ id: 'theme.SearchModal.askAiErrors.cutOffText', message: 'The answer was cut off: the connection closed before it finished. Please try again.', description: 'Ask AI error: the connection closed mid-answer' }),
        unreadableText: translate({ id: 'theme.SearchModal.askAiErrors.unreadableText', message: 'The assistant sent an answer that could not be read. Please try again.', description: 'Ask AI error: an unreadable answer' }),
        couldNotAnswerText: translate({ id: 'theme.SearchModal.askAiErrors.couldNotAnswerText', message: 'The assistant could not answer. Please try again.', description: 'Ask AI error: the assistant reported a failure' }),
        noAnswerText: translate({ id: 'theme.SearchModal.askAiErrors.noAnswerText', message: 'The assistant sent no answer. Please try again.', description: 'Ask AI error: an empty answer' }),
        unavailableText: translate({ id: 'theme.SearchModal.askAiErrors.unavailableText', message: 'The assistant is unavailable right now. Please try again later.', description: 'Ask AI error: HTTP 5xx' }),
        badRequestText: translate({ id: 'theme.SearchModal.askAiErrors.badRequestText', message: 'The assistant could not understand the request.', description: 'Ask AI error: HTTP 400' }),
        unauthorizedText: translate({ id: 'theme.SearchModal.askAiErrors.unauthorizedText', message: 'The assistant refused the credentials of this site.', description: 'Ask AI error: HTTP 401' }),
        forbiddenText: translate({ id: 'theme.SearchModal.askAiErrors.forbiddenText', message: 'This site is not allowed to use the assistant.', description: 'Ask AI error: HTTP 403' }),
        notFoundText: translate({ id: 'theme.SearchModal.askAiErrors.notFoundText', message: 'The assistant was not found. Check the assistant ID.', description: 'Ask AI error: HTTP 404' }),
        tooLongText: translate({ id: 'theme.SearchModal.askAiErrors.tooLongText', message: 'This conversation is too long for the assistant. Start a new conversation.', description: 'Ask AI error: HTTP 413' }),
        unprocessableText: translate({ id: 'theme.SearchModal.askAiErrors.unprocessableText', message: 'The assistant could not process this conversation.', description: 'Ask AI error: HTTP 422' }),
        rateLimitedText: translate({ id: 'theme.SearchModal.askAiErrors.rateLimitedText', message: 'The assistant is receiving too many questions. Please wait a moment and try again.', description: 'Ask AI error: HTTP 429' }),
        httpStatusText: translate({ id: 'theme.SearchModal.askAiErrors.httpStatusText', message: 'The assistant could not answer (HTTP {status}).', description: 'Ask AI error: another HTTP status ({status}: its number)' }),
        conversationLimitText: translate({ id: 'theme.SearchModal.askAiErrors.conversationLimitText', message: 'This conversation has reached its limit. Start a new conversation.', description: 'Ask AI error: the conversation is full' }),
        signInUnreadableText: translate({ id: 'theme.SearchModal.askAiErrors.signInUnreadableText', message: 'The assistant sent an unreadable answer to the sign-in request. Please try again.', description: 'Ask AI error: an unreadable sign-in answer' }),
        signInRefusedText: translate({ id: 'theme.SearchModal.askAiErrors.signInRefusedText', message: 'The assistant refused to start a conversation. Please try again later.', description: 'Ask AI error: sign-in refused' }),
        feedbackFailedText: translate({ id: 'theme.SearchModal.askAiErrors.feedbackFailedText', message: 'Your feedback could not be sent. Please try again.', description: 'Ask AI error: feedback not sent' }),
        feedbackUnavailableText: translate({ id: 'theme.SearchModal.askAiErrors.feedbackUnavailableText', message: 'This assistant does not take feedback.', description: 'Ask AI error: no feedback with this assistant' }),
        unknownText: translate({ id: 'theme.SearchModal.askAiErrors.unknownText', message: 'Something went wrong while answering. Please try again.', description: 'Ask AI error: any other fault' }),
      },
      newConversation: {
        newConversationTitle: translate({ id: 'theme.SearchModal.newConversation.newConversationTitle', message: 'How can I help you today?', description: 'The title of a new Ask AI conversation' }),
        newConversationDescription: translate({
          id: 'theme.SearchModal.newConversation.newConversationDescription',
          message: 'I answer questions from this documentation and link to the pages I used.',
          description: 'What the assistant does, under the title of a new conversation',
        }),
      },
    },
  };
}

/** The Sidepanel's own texts but its trigger's (translated where the trigger renders). */
export function sidepanelTexts(): TranslatedTexts {
  return {
    sidepanel: {
      titleText: translate({ id: 'theme.Sidepanel.titleText', message: 'Ask AI', description: "The title in the Sidepanel's header, also its accessible name" }),
      expandButtonAriaLabel: translate({ id: 'theme.Sidepanel.expandButtonAriaLabel', message: 'Expand panel', description: 'The ARIA label of the button that widens the Sidepanel' }),
      collapseButtonAriaLabel: translate({ id: 'theme.Sidepanel.collapseButtonAriaLabel', message: 'Collapse panel', description: 'The ARIA label of the button that brings the Sidepanel back to its width' }),
      closeButtonAriaLabel: translate({ id: 'theme.Sidepanel.closeButtonAriaLabel', message: 'Close panel', description: 'The ARIA label of the button that closes the Sidepanel' }),
      backButtonAriaLabel: translate({ id: 'theme.Sidepanel.backButtonAriaLabel', message: 'Back to conversation', description: 'The ARIA label of the button from the history back to the conversation' }),
    },
  };
}
