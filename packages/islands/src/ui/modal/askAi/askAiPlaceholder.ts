import type { ResolvedSiteSearchOptions } from '../../../core/options/siteSearchOptions.js';
import { resolveAskAiPlaceholder, resolvePlaceholder } from '../../../core/translations.js';

/**
 * The prompt's placeholder on the Ask AI screen (spec 2.2 and 2.4): an explicit `placeholder`
 * option wins everywhere; else "Answering..." while an answer streams, the new-conversation
 * text before the first question, and `placeholderTextAskAi` (or "Ask another question...") after.
 */
export function askAiPlaceholder(options: Pick<ResolvedSiteSearchOptions, 'placeholder' | 'translations'>, state: { streaming: boolean; newConversation: boolean }): string {
  const { translations } = options;
  // The resolved options keep one placeholder: it was given explicitly when it is not what the
  // translations alone resolve to.
  const explicit = options.placeholder !== resolvePlaceholder({ translations, hasAskAi: true });
  if (explicit) return options.placeholder;
  const texts = translations.modal.searchBox;
  if (state.streaming) return texts.placeholderTextAskAiStreaming;
  return state.newConversation ? texts.newConversationPlaceholder : resolveAskAiPlaceholder(translations);
}
