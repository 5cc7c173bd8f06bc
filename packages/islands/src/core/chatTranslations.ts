import type { AskAiErrorTranslations, AskAiScreenTranslations, NewConversationTranslations, SidepanelTranslations } from './translations.js';

/**
 * The default texts only the assistant chat shows (the Ask AI screen, its errors, a new
 * conversation) and the Sidepanel's own: `DEFAULT_TRANSLATIONS` (translations.ts) holds them with
 * the rest. Apart so the search modal's first load carries the keyword screens' texts alone: the
 * CDN build resolves these with `askAi` (core/options/chatOptions.ts), and the Sidepanel's
 * resolver imports them with its own file.
 */

export const SIDEPANEL_TEXTS: SidepanelTranslations = {
  buttonText: 'Ask AI',
  buttonAriaLabel: 'Ask AI',
  titleText: 'Ask AI',
  expandButtonAriaLabel: 'Expand panel',
  collapseButtonAriaLabel: 'Collapse panel',
  closeButtonAriaLabel: 'Close panel',
  backButtonAriaLabel: 'Back to conversation',
};

export const ASK_AI_SCREEN_TEXTS: AskAiScreenTranslations = {
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
};

export const ASK_AI_ERROR_TEXTS: AskAiErrorTranslations = {
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
};

export const NEW_CONVERSATION_TEXTS: NewConversationTranslations = {
  newConversationTitle: 'How can I help you today?',
  newConversationDescription: 'I answer questions from this documentation and link to the pages I used.',
};
