import { describe, expect, it } from 'vitest';
import { coversTranslations, KEYWORD_TRANSLATIONS, mergeTranslations } from './keywordTranslations.js';
import { DEFAULT_TRANSLATIONS, resolveAskAiPlaceholder, resolvePlaceholder, resolveTranslations } from './translations.js';

describe('translations', () => {
  it('has every key of the spec with its default', () => {
    expect(DEFAULT_TRANSLATIONS.button).toEqual({ buttonText: 'Search', buttonAriaLabel: 'Search' });
    // SiteSearch addition: the Sidepanel's trigger and header.
    expect(DEFAULT_TRANSLATIONS.sidepanel).toEqual({
      buttonText: 'Ask AI',
      buttonAriaLabel: 'Ask AI',
      titleText: 'Ask AI',
      expandButtonAriaLabel: 'Expand panel',
      collapseButtonAriaLabel: 'Collapse panel',
      closeButtonAriaLabel: 'Close panel',
      backButtonAriaLabel: 'Back to conversation',
    });
    expect(DEFAULT_TRANSLATIONS.modal.searchBox).toMatchObject({
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
    });
    expect(DEFAULT_TRANSLATIONS.modal.startScreen).toEqual({
      recentSearchesTitle: 'Recent',
      noRecentSearchesText: 'No recent searches',
      saveRecentSearchButtonTitle: 'Save this search',
      removeRecentSearchButtonTitle: 'Remove this search from history',
      favoriteSearchesTitle: 'Favorite',
      removeFavoriteSearchButtonTitle: 'Remove this search from favorites',
      recentConversationsTitle: 'Recent conversations',
      removeRecentConversationButtonTitle: 'Remove this conversation from history',
    });
    expect(DEFAULT_TRANSLATIONS.modal.errorScreen).toEqual({ titleText: 'Unable to fetch results', helpText: 'You might want to check your network connection.' });
    expect(DEFAULT_TRANSLATIONS.modal.noResultsScreen).toEqual({
      noResultsText: 'No results found for',
      suggestedQueryText: 'Try searching for',
      reportMissingResultsText: 'Believe this query should return results?',
      reportMissingResultsLinkText: 'Let us know.',
    });
    expect(DEFAULT_TRANSLATIONS.modal.resultsScreen.askAiPlaceholder).toBe('Ask AI: ');
    expect(DEFAULT_TRANSLATIONS.modal.resultsScreen.noResultsAskAiPlaceholder).toMatch(/Ask AI/);
    expect(DEFAULT_TRANSLATIONS.modal.askAiScreen).toMatchObject({
      relatedSourcesText: 'Related sources',
      thinkingText: 'Thinking...',
      copyButtonText: 'Copy',
      copyButtonCopiedText: 'Copied!',
      copyButtonTitle: 'Copy',
      likeButtonTitle: 'Like',
      dislikeButtonTitle: 'Dislike',
      thanksForFeedbackText: 'Thanks for your feedback!',
      preToolCallText: 'Searching...',
      duringToolCallText: 'Searching for ',
      afterToolCallText: 'Searched for',
      aggregatedToolCallNode: undefined,
      aggregatedToolCallText: undefined,
      stoppedStreamingText: 'You stopped this response',
    });
    expect(DEFAULT_TRANSLATIONS.modal.askAiScreen.disclaimerText).toMatch(/AI/);
    // SiteSearch addition: the chat's error sentences, one per ChatError code.
    expect(DEFAULT_TRANSLATIONS.modal.askAiErrors).toMatchObject({
      networkText: 'The assistant could not be reached. Check your network connection and try again.',
      cutOffText: 'The answer was cut off: the connection closed before it finished. Please try again.',
      unavailableText: 'The assistant is unavailable right now. Please try again later.',
      httpStatusText: 'The assistant could not answer (HTTP {status}).',
      conversationLimitText: 'This conversation has reached its limit. Start a new conversation.',
      unknownText: 'Something went wrong while answering. Please try again.',
    });
    expect(DEFAULT_TRANSLATIONS.modal.footer).toEqual({
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
    });
    expect(DEFAULT_TRANSLATIONS.modal.newConversation.newConversationTitle).toBe('How can I help you today?');
    expect(DEFAULT_TRANSLATIONS.modal.newConversation.newConversationDescription.length).toBeGreaterThan(10);
  });

  it('deep-merges a partial override and leaves the defaults untouched', () => {
    const aggregated = (queries: string[]) => ({ before: `${queries.length} searches: ` });
    const resolved = resolveTranslations('sitesearch', {
      button: { buttonText: 'Rechercher' },
      modal: { footer: { closeText: 'Fermer' }, searchBox: { enterKeyHint: 'go' }, askAiScreen: { aggregatedToolCallText: aggregated }, askAiErrors: { httpStatusText: 'Erreur HTTP {status}.' } },
    });
    expect(resolved.button).toEqual({ buttonText: 'Rechercher', buttonAriaLabel: 'Search' });
    expect(resolved.modal.footer.closeText).toBe('Fermer');
    expect(resolved.modal.footer.selectText).toBe('Select');
    expect(resolved.modal.searchBox.enterKeyHint).toBe('go');
    expect(resolved.modal.askAiScreen.aggregatedToolCallText).toBe(aggregated);
    expect(resolved.modal.errorScreen).toEqual(DEFAULT_TRANSLATIONS.modal.errorScreen);
    expect(resolved.modal.askAiErrors.httpStatusText).toBe('Erreur HTTP {status}.');
    expect(resolved.modal.askAiErrors.networkText).toBe(DEFAULT_TRANSLATIONS.modal.askAiErrors.networkText);
    expect(resolved.sidepanel).toEqual(DEFAULT_TRANSLATIONS.sidepanel);
    expect(DEFAULT_TRANSLATIONS.button.buttonText).toBe('Search');
  });

  it('returns the defaults when nothing is overridden', () => {
    expect(resolveTranslations('sitesearch', undefined)).toEqual(DEFAULT_TRANSLATIONS);
  });

  it.each([
    [{ button: 'Search' }, 'sitesearch: option "translations.button" must be an object; received the string "Search".'],
    [{ button: { buttonText: 3 } }, 'sitesearch: option "translations.button.buttonText" must be a string; received the number 3.'],
    [{ modal: { searchBox: { enterKeyHint: 'submit' } } }, 'sitesearch: option "translations.modal.searchBox.enterKeyHint" must be one of "enter", "done", "go", "next", "previous", "search", "send"; received the string "submit".'],
    [{ modal: { searchBox: { enterKeyHintAskAi: 'Enter' } } }, 'sitesearch: option "translations.modal.searchBox.enterKeyHintAskAi" must be one of "enter", "done", "go", "next", "previous", "search", "send"; received the string "Enter".'],
    [{ modal: { askAiScreen: { aggregatedToolCallNode: 'x' } } }, 'sitesearch: option "translations.modal.askAiScreen.aggregatedToolCallNode" must be a function; received the string "x".'],
    [{ modal: { footer: { closeTxt: 'x' } } }, 'sitesearch: unknown option "translations.modal.footer.closeTxt" (a translation key). Did you mean "closeText"?'],
    [{ modal: { searchBox: { placeholderText: null } } }, 'sitesearch: option "translations.modal.searchBox.placeholderText" must be a string; received null.'],
    [{ sidepanel: { closeButtonAriaLabel: false } }, 'sitesearch: option "translations.sidepanel.closeButtonAriaLabel" must be a string; received boolean false.'],
    [{ modal: { askAiErrors: { networkText: 404 } } }, 'sitesearch: option "translations.modal.askAiErrors.networkText" must be a string; received the number 404.'],
    [{ modal: { askAiErrors: { networkError: 'x' } } }, 'sitesearch: unknown option "translations.modal.askAiErrors.networkError" (a translation key). Did you mean "networkText"?'],
    [{ sidepanel: { expandButtonLabel: 'x' } }, 'sitesearch: unknown option "translations.sidepanel.expandButtonLabel" (a translation key). Did you mean "expandButtonAriaLabel"?'],
  ])('rejects %j', (overrides, message) => {
    expect(() => resolveTranslations('sitesearch', overrides)).toThrowError(message);
  });

  it('names the Sidepanel in its errors', () => {
    expect(() => resolveTranslations('sidepanel', 1)).toThrowError('sidepanel: option "translations" must be an object; received the number 1.');
  });

  it('resolves placeholders: option, then translation, then the askAi-dependent default', () => {
    const translations = resolveTranslations('sitesearch', {});
    expect(resolvePlaceholder({ translations, hasAskAi: false })).toBe('Search docs');
    expect(resolvePlaceholder({ translations, hasAskAi: true })).toBe('Search docs or ask AI a question');
    expect(resolvePlaceholder({ translations, hasAskAi: true, placeholder: 'P' })).toBe('P');
    const translated = resolveTranslations('sitesearch', { modal: { searchBox: { placeholderText: 'T', placeholderTextAskAi: 'Ask more' } } });
    expect(resolvePlaceholder({ translations: translated, hasAskAi: true })).toBe('T');
    expect(resolvePlaceholder({ translations: translated, hasAskAi: true, placeholder: 'P' })).toBe('P');
    expect(resolveAskAiPlaceholder(translations)).toBe('Ask another question...');
    expect(resolveAskAiPlaceholder(translated)).toBe('Ask more');
    // A table with both keyword placeholders: each where it belongs, whatever the order of precedence.
    const both = resolveTranslations('sitesearch', { modal: { searchBox: { placeholderText: 'Rechercher', placeholderTextWithAskAi: 'Rechercher ou demander à l’IA' } } });
    expect(resolvePlaceholder({ translations: both, hasAskAi: false })).toBe('Rechercher');
    expect(resolvePlaceholder({ translations: both, hasAskAi: true })).toBe('Rechercher ou demander à l’IA');
    expect(resolvePlaceholder({ translations: both, hasAskAi: true, placeholder: 'P' })).toBe('P');
    const withAskAiOnly = resolveTranslations('sitesearch', { modal: { searchBox: { placeholderTextWithAskAi: 'Ask or search' } } });
    expect(resolvePlaceholder({ translations: withAskAiOnly, hasAskAi: false })).toBe('Search docs');
    expect(() => resolveTranslations('sitesearch', { modal: { searchBox: { placeholderTextWithAskAi: 3 } } })).toThrowError('option "translations.modal.searchBox.placeholderTextWithAskAi" must be a string');
  });

  it('the keyword texts are the defaults without the chat and Sidepanel sections, merged by the same rules', () => {
    const { sidepanel, modal, ...rest } = DEFAULT_TRANSLATIONS;
    const { askAiScreen, askAiErrors, newConversation, ...keywordModal } = modal;
    expect(KEYWORD_TRANSLATIONS).toEqual({ ...rest, modal: keywordModal });
    expect(mergeTranslations('sitesearch', { modal: { footer: { closeText: 'Fermer' } } }, KEYWORD_TRANSLATIONS).modal.footer).toEqual({ ...DEFAULT_TRANSLATIONS.modal.footer, closeText: 'Fermer' });
    expect(() => mergeTranslations('sitesearch', { modal: { askAiScreen: {} } }, KEYWORD_TRANSLATIONS)).toThrowError('unknown option "translations.modal.askAiScreen"');
  });

  it('tells whether the keyword texts hold every key given', () => {
    expect(coversTranslations(KEYWORD_TRANSLATIONS, undefined)).toBe(true);
    expect(coversTranslations(KEYWORD_TRANSLATIONS, { button: { buttonText: 'x' }, modal: { startScreen: { recentSearchesTitle: 'y' } } })).toBe(true);
    // A value of a wrong shape: the merge reports it, whichever defaults it runs with.
    expect(coversTranslations(KEYWORD_TRANSLATIONS, { modal: 'x' })).toBe(true);
    expect(coversTranslations(KEYWORD_TRANSLATIONS, { sidepanel: {} })).toBe(false);
    expect(coversTranslations(KEYWORD_TRANSLATIONS, { modal: { newConversation: { newConversationTitle: 'z' } } })).toBe(false);
    expect(coversTranslations(KEYWORD_TRANSLATIONS, { modal: { footer: { closeTxt: 'z' } } })).toBe(false);
    expect(coversTranslations(DEFAULT_TRANSLATIONS, { sidepanel: { titleText: 'IA' }, modal: { askAiErrors: { networkText: 'n' } } })).toBe(true);
  });
});
