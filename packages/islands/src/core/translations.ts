import { checkFunction, checkOneOf, checkPlainObject, checkString, type OptionPath } from './options/checks.js';
import { unknownOption, type WidgetName } from './options/errors.js';

/** Makes every property optional, recursively (functions stay as they are). */
export type DeepPartial<T> = T extends (...args: never[]) => unknown ? T : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> } : T;

/** Values of the HTML `enterkeyhint` attribute. */
export const ENTER_KEY_HINTS = ['enter', 'done', 'go', 'next', 'previous', 'search', 'send'] as const;
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
  /** Placeholder; when unset, `Search docs` or `Search docs or ask AI a question` (with `askAi`). */
  placeholderText?: string;
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
  button: { buttonText: 'Search', buttonAriaLabel: 'Search' },
  sidepanel: {
    buttonText: 'Ask AI',
    buttonAriaLabel: 'Ask AI',
    titleText: 'Ask AI',
    expandButtonAriaLabel: 'Expand panel',
    collapseButtonAriaLabel: 'Collapse panel',
    closeButtonAriaLabel: 'Close panel',
    backButtonAriaLabel: 'Back to conversation',
  },
  modal: {
    searchBox: {
      clearButtonTitle: 'Clear',
      clearButtonAriaLabel: 'Clear the query',
      closeButtonText: 'Close',
      closeButtonAriaLabel: 'Close',
      placeholderText: undefined,
      placeholderTextAskAi: undefined,
      placeholderTextAskAiStreaming: 'Answering...',
      enterKeyHint: 'search',
      enterKeyHintAskAi: 'enter',
      searchInputLabel: 'Search',
      backToKeywordSearchButtonText: 'Back to keyword search',
      backToKeywordSearchButtonAriaLabel: 'Back to keyword search',
      newConversationPlaceholder: 'Ask a question',
      conversationHistoryTitle: 'My conversation history',
      startNewConversationText: 'Start a new conversation',
      viewConversationHistoryText: 'Conversation history',
    },
    startScreen: {
      recentSearchesTitle: 'Recent',
      noRecentSearchesText: 'No recent searches',
      saveRecentSearchButtonTitle: 'Save this search',
      removeRecentSearchButtonTitle: 'Remove this search from history',
      favoriteSearchesTitle: 'Favorite',
      removeFavoriteSearchButtonTitle: 'Remove this search from favorites',
      recentConversationsTitle: 'Recent conversations',
      removeRecentConversationButtonTitle: 'Remove this conversation from history',
    },
    errorScreen: {
      titleText: 'Unable to fetch results',
      helpText: 'You might want to check your network connection.',
    },
    noResultsScreen: {
      noResultsText: 'No results found for',
      suggestedQueryText: 'Try searching for',
      reportMissingResultsText: 'Believe this query should return results?',
      reportMissingResultsLinkText: 'Let us know.',
    },
    resultsScreen: {
      askAiPlaceholder: 'Ask AI: ',
      noResultsAskAiPlaceholder: 'Nothing in the docs? Ask AI: ',
      resultsCountOneText: '1 result',
      resultsCountOtherText: '{count} results',
    },
    askAiScreen: {
      disclaimerText: 'Answers are written by AI from these docs and can be wrong. Check the linked sources.',
      localDisclaimerText: 'Answers quote these docs, found by search; they are not written by AI and can miss. Check the linked pages.',
      relatedSourcesText: 'Related sources',
      thinkingText: 'Thinking...',
      copyButtonText: 'Copy',
      copyButtonCopiedText: 'Copied!',
      copyButtonTitle: 'Copy',
      likeButtonTitle: 'Like',
      stopButtonAriaLabel: 'Stop answering',
      retryButtonText: 'Try again',
      dislikeButtonTitle: 'Dislike',
      thanksForFeedbackText: 'Thanks for your feedback!',
      preToolCallText: 'Searching...',
      duringToolCallText: 'Searching for ',
      afterToolCallText: 'Searched for',
      aggregatedToolCallNode: undefined,
      aggregatedToolCallText: undefined,
      stoppedStreamingText: 'You stopped this response',
    },
    askAiErrors: {
      networkText: 'The assistant could not be reached. Check your network connection and try again.',
      loadFailedText: 'The assistant could not be loaded. Check your network connection and try again.',
      stoppedText: 'The answer was stopped.',
      cutOffText: 'The answer was cut off: the connection closed before it finished. Please try again.',
      unreadableText: 'The assistant sent an answer that could not be read. Please try again.',
      couldNotAnswerText: 'The assistant could not answer. Please try again.',
      noAnswerText: 'The assistant sent no answer. Please try again.',
      unavailableText: 'The assistant is unavailable right now. Please try again later.',
      badRequestText: 'The assistant could not understand the request.',
      unauthorizedText: 'The assistant refused the credentials of this site.',
      forbiddenText: 'This site is not allowed to use the assistant.',
      notFoundText: 'The assistant was not found. Check the assistant ID.',
      tooLongText: 'This conversation is too long for the assistant. Start a new conversation.',
      unprocessableText: 'The assistant could not process this conversation.',
      rateLimitedText: 'The assistant is receiving too many questions. Please wait a moment and try again.',
      httpStatusText: 'The assistant could not answer (HTTP {status}).',
      conversationLimitText: 'This conversation has reached its limit. Start a new conversation.',
      signInUnreadableText: 'The assistant sent an unreadable answer to the sign-in request. Please try again.',
      signInRefusedText: 'The assistant refused to start a conversation. Please try again later.',
      feedbackFailedText: 'Your feedback could not be sent. Please try again.',
      feedbackUnavailableText: 'This assistant does not take feedback.',
      unknownText: 'Something went wrong while answering. Please try again.',
    },
    footer: {
      selectText: 'Select',
      submitQuestionText: 'Submit question',
      selectKeyAriaLabel: 'Enter key',
      navigateText: 'Navigate',
      navigateUpKeyAriaLabel: 'Arrow up',
      navigateDownKeyAriaLabel: 'Arrow down',
      closeText: 'Close',
      backToSearchText: 'Back to search',
      closeKeyAriaLabel: 'Escape key',
      poweredByText: 'Powered by',
    },
    newConversation: {
      newConversationTitle: 'How can I help you today?',
      newConversationDescription: 'I answer questions from this documentation and link to the pages I used.',
    },
  },
};

/** Keys whose default is `undefined`, with the type their value must have. */
const OPTIONAL_KEYS: Record<string, 'string' | 'function'> = {
  'modal.searchBox.placeholderText': 'string',
  'modal.searchBox.placeholderTextAskAi': 'string',
  'modal.askAiScreen.aggregatedToolCallNode': 'function',
  'modal.askAiScreen.aggregatedToolCallText': 'function',
};

const ENTER_KEY_HINT_KEYS = new Set(['modal.searchBox.enterKeyHint', 'modal.searchBox.enterKeyHintAskAi']);

/**
 * Deep-merges a partial override into the defaults, checking every given key against the shape
 * of the defaults: a typo or a wrong type is an `Error` naming the full key path, since a
 * silently ignored translation is hard to notice on a live site.
 */
export function resolveTranslations(widget: WidgetName, overrides: unknown): SiteSearchTranslations {
  if (overrides === undefined) return DEFAULT_TRANSLATIONS;
  return mergeLevel(widget, 'translations', DEFAULT_TRANSLATIONS as unknown as Record<string, unknown>, overrides) as unknown as SiteSearchTranslations;
}

function mergeLevel(widget: WidgetName, path: string, defaults: Record<string, unknown>, overrides: unknown): Record<string, unknown> {
  const given = checkPlainObject({ widget, path }, overrides);
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(given)) {
    const keyPath = `${path}.${key}`;
    const relative = keyPath.slice('translations.'.length);
    const at: OptionPath = { widget, path: keyPath };
    if (!(key in defaults)) {
      throw unknownOption(widget, keyPath, Object.keys(defaults), 'a translation key');
    }
    if (value === undefined) continue;
    const fallback = defaults[key];
    if (typeof fallback === 'object' && fallback !== null) {
      merged[key] = mergeLevel(widget, keyPath, fallback as Record<string, unknown>, value);
    } else if (ENTER_KEY_HINT_KEYS.has(relative)) {
      merged[key] = checkOneOf(at, value, ENTER_KEY_HINTS);
    } else if (OPTIONAL_KEYS[relative] === 'function') {
      merged[key] = checkFunction(at, value);
    } else {
      merged[key] = checkString(at, value, { allowEmpty: true });
    }
  }
  return merged;
}

/** Default placeholders, by whether the assistant is configured. */
export const DEFAULT_PLACEHOLDER = 'Search docs';
export const DEFAULT_PLACEHOLDER_ASK_AI = 'Search docs or ask AI a question';
export const DEFAULT_PLACEHOLDER_ASK_AI_CHAT = 'Ask another question...';

/**
 * The keyword-search placeholder: the `placeholder` option wins, then the
 * `placeholderText` translation, then the default for whether `askAi` is set.
 */
export function resolvePlaceholder(params: { placeholder?: string; translations: SiteSearchTranslations; hasAskAi: boolean }): string {
  return (
    params.placeholder ??
    params.translations.modal.searchBox.placeholderText ??
    (params.hasAskAi ? DEFAULT_PLACEHOLDER_ASK_AI : DEFAULT_PLACEHOLDER)
  );
}

/** The placeholder of the assistant chat input. */
export function resolveAskAiPlaceholder(translations: SiteSearchTranslations): string {
  return translations.modal.searchBox.placeholderTextAskAi ?? DEFAULT_PLACEHOLDER_ASK_AI_CHAT;
}
