import { describe, expect, it } from 'vitest';
import { resolveSiteSearchOptions } from '../../../core/options/siteSearchOptions.js';
import { askAiPlaceholder } from './askAiPlaceholder.js';

const options = (extra: Record<string, unknown>) =>
  resolveSiteSearchOptions({ appId: 'A', apiKey: 'K', indices: ['docs'], askAi: 'assistant', ...extra }, 'react');

describe('askAiPlaceholder', () => {
  it('follows the chat: new conversation, then "Ask another question...", "Answering..." while streaming', () => {
    const resolved = options({});
    expect(askAiPlaceholder(resolved, { streaming: false, newConversation: true })).toBe('Ask a question');
    expect(askAiPlaceholder(resolved, { streaming: false, newConversation: false })).toBe('Ask another question...');
    expect(askAiPlaceholder(resolved, { streaming: true, newConversation: false })).toBe('Answering...');
  });

  it('uses the translations, the keyword placeholderText not among them', () => {
    const resolved = options({
      translations: { modal: { searchBox: { placeholderText: 'Chercher', placeholderTextAskAi: 'Autre question', placeholderTextAskAiStreaming: 'Réponse…', newConversationPlaceholder: 'Posez' } } },
    });
    expect(resolved.placeholder).toBe('Chercher');
    expect(askAiPlaceholder(resolved, { streaming: false, newConversation: true })).toBe('Posez');
    expect(askAiPlaceholder(resolved, { streaming: false, newConversation: false })).toBe('Autre question');
    expect(askAiPlaceholder(resolved, { streaming: true, newConversation: false })).toBe('Réponse…');
  });

  it('an explicit placeholder option wins on every screen', () => {
    const resolved = options({ placeholder: 'Find anything' });
    for (const streaming of [true, false]) for (const newConversation of [true, false]) expect(askAiPlaceholder(resolved, { streaming, newConversation })).toBe('Find anything');
  });
});
