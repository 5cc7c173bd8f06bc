import type { WidgetName } from './options/errors.js';
import { ASK_AI_ERROR_TEXTS, ASK_AI_SCREEN_TEXTS, NEW_CONVERSATION_TEXTS, SIDEPANEL_TEXTS } from './chatTranslations.js';
import {
  BUTTON_TEXTS,
  ENTER_KEY_HINTS,
  ERROR_SCREEN_TEXTS,
  FOOTER_TEXTS,
  mergeTranslations,
  NO_RESULTS_SCREEN_TEXTS,
  RESULTS_SCREEN_TEXTS,
  SEARCH_BOX_TEXTS,
  START_SCREEN_TEXTS,
} from './keywordTranslations.js';

// The keyword search's texts and the resolution rules (placeholders included) live there; these
// are the names this module has always offered (`@sitesearch/islands/core` re-exports it).
export {
  DEFAULT_PLACEHOLDER,
  DEFAULT_PLACEHOLDER_ASK_AI,
  DEFAULT_PLACEHOLDER_ASK_AI_CHAT,
  ENTER_KEY_HINTS,
  resolveAskAiPlaceholder,
  resolvePlaceholder,
} from './keywordTranslations.js';

/** Makes every property optional, recursively (functions stay as they are). */
export type DeepPartial<T> = T extends (...args: never[]) => unknown ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** A value of the HTML `enterkeyhint` attribute. */
export type EnterKeyHint = (typeof ENTER_KEY_HINTS)[number];

/** Texts around the search button. */
export interface ButtonTranslations {
  /** Visible text of the button. */
  buttonText: string;
  /** Accessible name of the button. */
  buttonAriaLabel: string;
}

/** Texts of the search box. */
export interface SearchBoxTranslations {
  /** Title of the clear button. */
  clearButtonTitle: string;
  /** Accessible name of the clear button. */
  clearButtonAriaLabel: string;
  /** Visible text of the close button. */
  closeButtonText: string;
  /** Accessible name of the close button. */
  closeButtonAriaLabel: string;
  /** Placeholder; when unset, `Search docs` or `Search docs or ask AI a question` (with `askAi`, unless `placeholderTextWithAskAi` is set). */
  placeholderText?: string;
  /** Placeholder when `askAi` is set (wins over `placeholderText` then); when unset, `placeholderText`, else `Search docs or ask AI a question`. */
  placeholderTextWithAskAi?: string;
  /** Placeholder in the assistant chat; when unset, `Ask another question...`. */
  placeholderTextAskAi?: string;
  /** Placeholder while an answer streams. */
  placeholderTextAskAiStreaming: string;
  /** `enterkeyhint` of the input in keyword search. */
  enterKeyHint: EnterKeyHint;
  /** `enterkeyhint` of the input in the assistant chat. */
  enterKeyHintAskAi: EnterKeyHint;
  /** Label of the search input. */
  searchInputLabel: string;
  /** Text of the button back to keyword search. */
  backToKeywordSearchButtonText: string;
  /** Accessible name of the button back to keyword search. */
  backToKeywordSearchButtonAriaLabel: string;
  /** Placeholder of a new conversation. */
  newConversationPlaceholder: string;
  /** Title of the conversation history. */
  conversationHistoryTitle: string;
  /** Text of the action that starts a new conversation. */
  startNewConversationText: string;
  /** Text of the action that shows the conversation history. */
  viewConversationHistoryText: string;
}

/** Texts of the start screen (recent and favorite searches). */
export interface StartScreenTranslations {
  /** Default: "Recent". */
  recentSearchesTitle: string;
  /** Default: "No recent searches". */
  noRecentSearchesText: string;
  /** Default: "Save this search". */
  saveRecentSearchButtonTitle: string;
  /** Default: "Remove this search from history". */
  removeRecentSearchButtonTitle: string;
  /** Default: "Favorite". */
  favoriteSearchesTitle: string;
  /** Default: "Remove this search from favorites". */
  removeFavoriteSearchButtonTitle: string;
  /** Default: "Recent conversations". */
  recentConversationsTitle: string;
  /** Default: "Remove this conversation from history". */
  removeRecentConversationButtonTitle: string;
}

/** Texts of the error screen. */
export interface ErrorScreenTranslations {
  /** Default: "Unable to fetch results". */
  titleText: string;
  /** Default: "You might want to check your network connection.". */
  helpText: string;
}

/** Texts of the no-results screen. */
export interface NoResultsScreenTranslations {
  /** Default: "No results found for". */
  noResultsText: string;
  /** Default: "Try searching for". */
  suggestedQueryText: string;
  /** Default: "Believe this query should return results?". */
  reportMissingResultsText: string;
  /** Default: "Let us know.". */
  reportMissingResultsLinkText: string;
}

/** Texts of the results screen. */
export interface ResultsScreenTranslations {
  /** Default: "Ask AI: ". */
  askAiPlaceholder: string;
  /** Default: "Nothing in the docs? Ask AI: ". */
  noResultsAskAiPlaceholder: string;
  /** SiteSearch extension: announced to screen readers when one result is found. */
  resultsCountOneText: string;
  /** SiteSearch extension: announced to screen readers for several results; `{count}` is the number. */
  resultsCountOtherText: string;
}

/** Texts of the assistant chat. */
export interface AskAiScreenTranslations {
  /** Default: "Answers are written by AI from these docs and can be wrong. Check the linked sources.". */
  disclaimerText: string;
  /**
   * SiteSearch extension: the disclaimer when the local assistant answers (no credentials): it
   * quotes the docs found by search rather than writing with AI. Default: "Answers quote these docs,
   * found by search; they are not written by AI and can miss. Check the linked pages.".
   */
  localDisclaimerText: string;
  /** Default: "Related sources". */
  relatedSourcesText: string;
  /** Default: "Thinking...". */
  thinkingText: string;
  /** Default: "Copy". */
  copyButtonText: string;
  /** Default: "Copied!". */
  copyButtonCopiedText: string;
  /** Default: "Copy". */
  copyButtonTitle: string;
  /** Default: "Like". */
  likeButtonTitle: string;
  /** SiteSearch extension: accessible name and tooltip of the button that stops an answer while it streams. Default: "Stop answering". */
  stopButtonAriaLabel: string;
  /** SiteSearch extension: the button under a failed answer that asks the question again. Default: "Try again". */
  retryButtonText: string;
  /** Default: "Dislike". */
  dislikeButtonTitle: string;
  /** Default: "Thanks for your feedback!". */
  thanksForFeedbackText: string;
  /** Default: "Searching...". */
  preToolCallText: string;
  /** Default: "Searching for ". */
  duringToolCallText: string;
  /** Default: "Searched for". */
  afterToolCallText: string;
  /** Renders aggregated tool calls (overrides the default rendering together with `aggregatedToolCallText`). */
  aggregatedToolCallNode?: (queries: string[], onSearchQueryClick: (query: string) => void) => unknown;
  /** Words around aggregated tool calls. */
  aggregatedToolCallText?: (queries: string[]) => { before?: string; separator?: string; lastSeparator?: string; after?: string };
  /** Default: "You stopped this response". */
  stoppedStreamingText: string;
}

/**
 * SiteSearch addition: the sentences of the assistant chat's errors, one per `ChatError` code
 * (the key is the code followed by `Text`). A message the server wrote is shown instead, as written.
 */
export interface AskAiErrorTranslations {
  /** Default: "The assistant could not be reached. Check your network connection and try again.". */
  networkText: string;
  /** Default: "The assistant could not be loaded. Check your network connection and try again.". */
  loadFailedText: string;
  /** Default: "The answer was stopped.". */
  stoppedText: string;
  /** Default: "The answer was cut off: the connection closed before it finished. Please try again.". */
  cutOffText: string;
  /** Default: "The assistant sent an answer that could not be read. Please try again.". */
  unreadableText: string;
  /** Default: "The assistant could not answer. Please try again.". */
  couldNotAnswerText: string;
  /** Default: "The assistant sent no answer. Please try again.". */
  noAnswerText: string;
  /** Any 5xx status. Default: "The assistant is unavailable right now. Please try again later.". */
  unavailableText: string;
  /** 400. Default: "The assistant could not understand the request.". */
  badRequestText: string;
  /** 401. Default: "The assistant refused the credentials of this site.". */
  unauthorizedText: string;
  /** 403. Default: "This site is not allowed to use the assistant.". */
  forbiddenText: string;
  /** 404. Default: "The assistant was not found. Check the assistant ID.". */
  notFoundText: string;
  /** 413. Default: "This conversation is too long for the assistant. Start a new conversation.". */
  tooLongText: string;
  /** 422. Default: "The assistant could not process this conversation.". */
  unprocessableText: string;
  /** 429. Default: "The assistant is receiving too many questions. Please wait a moment and try again.". */
  rateLimitedText: string;
  /** Any other status; `{status}` is the number. Default: "The assistant could not answer (HTTP {status}).". */
  httpStatusText: string;
  /** Default: "This conversation has reached its limit. Start a new conversation.". */
  conversationLimitText: string;
  /** Default: "The assistant sent an unreadable answer to the sign-in request. Please try again.". */
  signInUnreadableText: string;
  /** Default: "The assistant refused to start a conversation. Please try again later.". */
  signInRefusedText: string;
  /** Default: "Your feedback could not be sent. Please try again.". */
  feedbackFailedText: string;
  /** Default: "This assistant does not take feedback.". */
  feedbackUnavailableText: string;
  /** Default: "Something went wrong while answering. Please try again.". */
  unknownText: string;
}

/** Texts of the modal footer. */
export interface FooterTranslations {
  /** Default: "Select". */
  selectText: string;
  /** Default: "Submit question". */
  submitQuestionText: string;
  /** Default: "Enter key". */
  selectKeyAriaLabel: string;
  /** Default: "Navigate". */
  navigateText: string;
  /** Default: "Arrow up". */
  navigateUpKeyAriaLabel: string;
  /** Default: "Arrow down". */
  navigateDownKeyAriaLabel: string;
  /** Default: "Close". */
  closeText: string;
  /** Default: "Back to search". */
  backToSearchText: string;
  /** Default: "Escape key". */
  closeKeyAriaLabel: string;
  /** Default: "Powered by". */
  poweredByText: string;
}

/** Texts of a new conversation. */
export interface NewConversationTranslations {
  /** Default: "How can I help you today?". */
  newConversationTitle: string;
  /** Default: "I answer questions from this documentation and link to the pages I used.". */
  newConversationDescription: string;
}

/** SiteSearch addition: texts of the Sidepanel's trigger and header. */
export interface SidepanelTranslations {
  /** Visible text of the trigger button. Default: "Ask AI". */
  buttonText: string;
  /** Accessible name of the trigger button; keep it starting with the visible text. Default: "Ask AI". */
  buttonAriaLabel: string;
  /** Title in the panel's header, also the dialog's accessible name. Default: "Ask AI". */
  titleText: string;
  /** Accessible name of the button that widens the panel. Default: "Expand panel". */
  expandButtonAriaLabel: string;
  /** Accessible name of the button that brings it back to its default width. Default: "Collapse panel". */
  collapseButtonAriaLabel: string;
  /** Accessible name of the close button. Default: "Close panel". */
  closeButtonAriaLabel: string;
  /** Accessible name of the button from the history screen back to the conversation. Default: "Back to conversation". */
  backButtonAriaLabel: string;
}

/** Every text and aria-label of the widgets. */
export interface SiteSearchTranslations {
  button: ButtonTranslations;
  /** SiteSearch addition: the Sidepanel's own texts (its chat uses `modal.askAiScreen`, `modal.newConversation`…). */
  sidepanel: SidepanelTranslations;
  modal: {
    searchBox: SearchBoxTranslations;
    startScreen: StartScreenTranslations;
    errorScreen: ErrorScreenTranslations;
    noResultsScreen: NoResultsScreenTranslations;
    resultsScreen: ResultsScreenTranslations;
    askAiScreen: AskAiScreenTranslations;
    /** SiteSearch addition: the chat's error sentences (the modal's and the Sidepanel's). */
    askAiErrors: AskAiErrorTranslations;
    footer: FooterTranslations;
    newConversation: NewConversationTranslations;
  };
}

/** The built-in (English) translations. */
export const DEFAULT_TRANSLATIONS: SiteSearchTranslations = {
  button: BUTTON_TEXTS,
  sidepanel: SIDEPANEL_TEXTS,
  modal: {
    searchBox: SEARCH_BOX_TEXTS,
    startScreen: START_SCREEN_TEXTS,
    errorScreen: ERROR_SCREEN_TEXTS,
    noResultsScreen: NO_RESULTS_SCREEN_TEXTS,
    resultsScreen: RESULTS_SCREEN_TEXTS,
    askAiScreen: ASK_AI_SCREEN_TEXTS,
    askAiErrors: ASK_AI_ERROR_TEXTS,
    footer: FOOTER_TEXTS,
    newConversation: NEW_CONVERSATION_TEXTS,
  },
};

/**
 * Deep-merges a partial override into the defaults, checking every given key against the shape
 * of the defaults: a typo or a wrong type is an `Error` naming the full key path, since a
 * silently ignored translation is hard to notice on a live site.
 */
export function resolveTranslations(widget: WidgetName, overrides: unknown): SiteSearchTranslations {
  return mergeTranslations(widget, overrides, DEFAULT_TRANSLATIONS);
}
