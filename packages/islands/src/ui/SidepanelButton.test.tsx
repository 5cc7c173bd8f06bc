import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { sidepanelButtonHtml } from '../shell/sidepanelButtonMarkup.js';
import { SidepanelButton } from './SidepanelButton.js';

describe('the SSR shell and the UI render the same Sidepanel trigger', () => {
  it.each([
    { buttonText: 'Ask AI', buttonAriaLabel: 'Ask AI', side: 'right' as const, showShortcutHint: true },
    { buttonText: 'Ask AI', buttonAriaLabel: 'Ask AI', side: 'left' as const, showShortcutHint: false },
    { buttonText: 'Demander <à> & "l\'IA"', buttonAriaLabel: "L'assistant", side: 'right' as const, showShortcutHint: true },
  ])('%j', (content) => {
    expect(renderToStaticMarkup(<SidepanelButton {...content} />)).toBe(sidepanelButtonHtml(content));
  });
});

describe('sidepanelButtonHtml', () => {
  const render = (html: string) => {
    const template = document.createElement('template');
    template.innerHTML = html;
    return template.content.firstElementChild as HTMLButtonElement;
  };

  it('is a named dialog trigger, reached by Tab, with the Ctrl/Cmd+I hint', () => {
    const button = render(sidepanelButtonHtml({ buttonText: 'Ask AI', buttonAriaLabel: 'Ask the docs', side: 'right', showShortcutHint: true }));
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('aria-label')).toBe('Ask the docs');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Control+I Meta+I');
    expect(button.hasAttribute('tabindex')).toBe(false);
    expect(button.hasAttribute('data-sitesearch-sidepanel-button')).toBe(true);
    expect(button.getAttribute('data-side')).toBe('right');
    expect(button.querySelector('.sitesearch-sidepanel-button-text')!.textContent).toBe('Ask AI');
    expect(button.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    expect(button.querySelector('.sitesearch-sidepanel-button-keys')!.getAttribute('aria-hidden')).toBe('true');
    expect(button.querySelector('.sitesearch-sidepanel-button-keys')!.textContent).toBe('I');
  });

  it('leaves the hint out when Ctrl/Cmd+I is off, and escapes texts', () => {
    const html = sidepanelButtonHtml({ buttonText: '<b>Ask</b>', buttonAriaLabel: 'Ask "AI"', side: 'left', showShortcutHint: false });
    expect(html).not.toContain('aria-keyshortcuts');
    expect(html).not.toContain('sitesearch-sidepanel-button-keys');
    expect(html).not.toContain('<b>');
    expect(render(html).textContent).toBe('<b>Ask</b>');
    expect(render(html).getAttribute('aria-label')).toBe('Ask "AI"');
  });
});
