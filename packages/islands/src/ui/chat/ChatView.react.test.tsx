// The React entry compiles the same components against React: one pass through the main paths
// with React itself (the other chat tests render with Preact, as the JS entry ships).
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useAnswerEnd } from './ChatMessages.js';
import { ChatView } from './ChatView.js';
import { assistant, fakeChat, translations, user } from './testing.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The answer's actions are a chunk of their own: fetched first, so that they render with the answer.
beforeAll(async () => {
  await useAnswerEnd.preload();
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

function mountWithReact(element: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root!.render(element));
  return container;
}

describe('ChatView with React', () => {
  it('renders an answer with its tool line, Markdown, sources and actions, and sends on Enter', () => {
    const onSearchQuery = vi.fn();
    const chat = fakeChat({
      messages: [
        user('u1', 'How do I install?'),
        assistant('a1', [
          { type: 'tool-searchIndex', toolCallId: 't1', state: 'output-available', input: { query: 'install' }, output: { query: 'install', hits: [] } },
          { type: 'text', text: 'Run `pnpm add x`, see [Install](/install/).\n\n```sh\npnpm add x\n```' },
        ]),
      ],
    });
    const container = mountWithReact(<ChatView chat={chat} translations={translations} onSearchQuery={onSearchQuery} />);
    expect(container.querySelector('.sitesearch-tool-call')?.textContent).toBe('Searched for install');
    act(() => container.querySelector<HTMLButtonElement>('.sitesearch-tool-query')!.click());
    expect(onSearchQuery).toHaveBeenCalledWith('install');
    expect(container.querySelector('pre code')?.className).toBe('language-sh');
    expect(container.querySelector('.sitesearch-chat-sources a')?.getAttribute('href')).toBe('/install/');
    expect(container.querySelectorAll('.sitesearch-chat-actions button')).toHaveLength(3);

    const textarea = container.querySelector('textarea')!;
    expect(textarea.getAttribute('enterkeyhint')).toBe('enter');
    act(() => {
      // React tracks the value it set: go through the native setter so it sees the change.
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(textarea, 'Next question');
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => {
      textarea.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    expect(chat.calls).toEqual([{ method: 'send', args: ['Next question'] }]);
  });
});
