import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sidepanelButtonHtml } from '../shell/sidepanelButtonMarkup.js';
import { Sidepanel } from './react.js';

const props = { appId: 'APP', apiKey: 'KEY', assistantId: 'assistant', indexName: 'docs' };
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('<Sidepanel /> (React entry)', () => {
  it('server-renders the SSR shell trigger, byte for byte', () => {
    const html = renderToString(<Sidepanel {...props} side="left" />);
    expect(html).toBe(sidepanelButtonHtml({ buttonText: 'Ask AI', buttonAriaLabel: 'Ask AI', side: 'left', showShortcutHint: true }));
    expect(renderToString(<Sidepanel {...props} keyboardShortcuts={{ 'Ctrl/Cmd+I': false }} translations={{ sidepanel: { buttonText: 'Demander' } }} />)).toBe(
      sidepanelButtonHtml({ buttonText: 'Demander', buttonAriaLabel: 'Ask AI', side: 'right', showShortcutHint: false }),
    );
  });

  it('hydrates without a mismatch and listens for Ctrl/Cmd+I; unmounting removes the listener', async () => {
    const error = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Sidepanel {...props} />);
    document.body.appendChild(container);
    const remove = vi.spyOn(window, 'removeEventListener');
    let root!: ReturnType<typeof hydrateRoot>;
    await act(async () => {
      root = hydrateRoot(container, <Sidepanel {...props} />);
    });
    expect(error).not.toHaveBeenCalled();
    expect(container.querySelectorAll('[data-sitesearch-sidepanel-button]')).toHaveLength(1);
    await act(async () => root.unmount());
    expect(remove.mock.calls.some(([type]) => type === 'keydown')).toBe(true);
  });
});
