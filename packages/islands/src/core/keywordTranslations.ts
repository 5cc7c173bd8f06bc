import { checkFunction, checkOneOf, checkPlainObject, checkString, isPlainObject, type OptionPath } from './options/checks.js';
import { unknownOption, type WidgetName } from './options/errors.js';
import type {
  ButtonTranslations,
  ErrorScreenTranslations,
  FooterTranslations,
  NoResultsScreenTranslations,
  ResultsScreenTranslations,
  SearchBoxTranslations,
  SiteSearchTranslations,
  StartScreenTranslations,
} from './translations.js';

/**
 * The texts of the keyword search and the rules that resolve translations: what the search
 * modal's first load needs. translations.ts adds the chat's and the Sidepanel's texts
 * (chatTranslations.ts) to make `DEFAULT_TRANSLATIONS`, and re-exports everything here; the CDN
 * build's modal imports this module alone, so its first load leaves those texts out.
 */

/** Values of the HTML `enterkeyhint` attribute. */
export const ENTER_KEY_HINTS = ['enter', 'done', 'go', 'next', 'previous', 'search', 'send'] as const;

export const SEARCH_BOX_TEXTS: SearchBoxTranslations = {
  clearButtonTitle: 'Clear',
  clearButtonAriaLabel: 'Clear the query',
  closeButtonText: 'Close',
  closeButtonAriaLabel: 'Close',
  placeholderText: undefined,
  placeholderTextWithAskAi: undefined,
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
};

export const START_SCREEN_TEXTS: StartScreenTranslations = {
  recentSearchesTitle: 'Recent',
  noRecentSearchesText: 'No recent searches',
  saveRecentSearchButtonTitle: 'Save this search',
  removeRecentSearchButtonTitle: 'Remove this search from history',
  favoriteSearchesTitle: 'Favorite',
  removeFavoriteSearchButtonTitle: 'Remove this search from favorites',
  recentConversationsTitle: 'Recent conversations',
  removeRecentConversationButtonTitle: 'Remove this conversation from history',
};

export const ERROR_SCREEN_TEXTS: ErrorScreenTranslations = {
  titleText: 'Unable to fetch results',
  helpText: 'You might want to check your network connection.',
};

export const NO_RESULTS_SCREEN_TEXTS: NoResultsScreenTranslations = {
  noResultsText: 'No results found for',
  suggestedQueryText: 'Try searching for',
  reportMissingResultsText: 'Believe this query should return results?',
  reportMissingResultsLinkText: 'Let us know.',
};

export const RESULTS_SCREEN_TEXTS: ResultsScreenTranslations = {
  askAiPlaceholder: 'Ask AI: ',
  noResultsAskAiPlaceholder: 'Nothing in the docs? Ask AI: ',
  resultsCountOneText: '1 result',
  resultsCountOtherText: '{count} results',
};

export const FOOTER_TEXTS: FooterTranslations = {
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
};

export const BUTTON_TEXTS: ButtonTranslations = { buttonText: 'Search', buttonAriaLabel: 'Search' };

/**
 * The texts of the keyword search alone: `DEFAULT_TRANSLATIONS` without the chat's and the
 * Sidepanel's sections (chatTranslations.ts). The search modal resolves its translations with
 * these when it has no assistant and no text of those sections is given (`coversTranslations`):
 * nothing then shows them, and the CDN build's first load leaves them out.
 */
export type KeywordTranslations = Omit<SiteSearchTranslations, 'sidepanel' | 'modal'> & {
  modal: Omit<SiteSearchTranslations['modal'], 'askAiScreen' | 'askAiErrors' | 'newConversation'>;
};
export const KEYWORD_TRANSLATIONS: KeywordTranslations = {
  button: BUTTON_TEXTS,
  modal: {
    searchBox: SEARCH_BOX_TEXTS,
    startScreen: START_SCREEN_TEXTS,
    errorScreen: ERROR_SCREEN_TEXTS,
    noResultsScreen: NO_RESULTS_SCREEN_TEXTS,
    resultsScreen: RESULTS_SCREEN_TEXTS,
    footer: FOOTER_TEXTS,
  },
};

/** Keys whose value is a function (their default is `undefined`); every other key without an object default takes a string. */
const FUNCTION_KEYS = new Set(['modal.askAiScreen.aggregatedToolCallNode', 'modal.askAiScreen.aggregatedToolCallText']);

const ENTER_KEY_HINT_KEYS = new Set(['modal.searchBox.enterKeyHint', 'modal.searchBox.enterKeyHintAskAi']);


/** `resolveTranslations` over the given defaults (all of them, or `KEYWORD_TRANSLATIONS`). */
export function mergeTranslations<T extends KeywordTranslations>(widget: WidgetName, overrides: unknown, defaults: T): T {
  if (overrides === undefined) return defaults;
  return mergeLevel(widget, 'translations', defaults as unknown as Record<string, unknown>, overrides) as unknown as T;
}

/**
 * Whether every key of `overrides`, at any depth, is a key of `defaults` (a value that is not an
 * object has no keys to miss). When it is not, `KEYWORD_TRANSLATIONS` cannot resolve them: the
 * key belongs to the chat's sections, or is a typo that the full defaults report with its path.
 */
export function coversTranslations(defaults: object, overrides: unknown): boolean {
  return (
    !isPlainObject(overrides) ||
    Object.keys(overrides).every((key) => {
      const fallback = (defaults as Record<string, unknown>)[key];
      return key in defaults && (typeof fallback !== 'object' || fallback === null || coversTranslations(fallback, overrides[key]));
    })
  );
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
    } else if (FUNCTION_KEYS.has(relative)) {
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
 * The keyword-search placeholder: the `placeholder` option wins; then, with `askAi` set, the
 * `placeholderTextWithAskAi` translation; then the `placeholderText` translation; then the
 * default for whether `askAi` is set. A translated table gives both texts, so its placeholder
 * says "or ask AI" exactly when the assistant is there.
 */
export function resolvePlaceholder(params: { placeholder?: string; translations: SiteSearchTranslations; hasAskAi: boolean }): string {
  const texts = params.translations.modal.searchBox;
  return params.placeholder ?? (params.hasAskAi ? texts.placeholderTextWithAskAi ?? texts.placeholderText ?? DEFAULT_PLACEHOLDER_ASK_AI : texts.placeholderText ?? DEFAULT_PLACEHOLDER);
}

/** The placeholder of the assistant chat input. */
export function resolveAskAiPlaceholder(translations: SiteSearchTranslations): string {
  return translations.modal.searchBox.placeholderTextAskAi ?? DEFAULT_PLACEHOLDER_ASK_AI_CHAT;
}
