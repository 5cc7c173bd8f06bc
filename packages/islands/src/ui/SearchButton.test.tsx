import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderSearchButton } from '../shell/renderSearchButton.js';
import { searchButtonHtml } from '../shell/buttonMarkup.js';
import { SearchButton } from './SearchButton.js';

describe('the SSR shell and the UI render the same button', () => {
  it.each([
    { buttonText: 'Search', buttonAriaLabel: 'Search', showShortcutHint: true },
    { buttonText: 'Search', buttonAriaLabel: 'Search', showShortcutHint: false },
    { buttonText: 'Chercher <vite> & "co"', buttonAriaLabel: "L'aide d'abord", showShortcutHint: true },
  ])('%j', (content) => {
    expect(renderToStaticMarkup(<SearchButton {...content} />)).toBe(searchButtonHtml(content));
  });
});

describe('renderSearchButton', () => {
  it('renders the default button with the Ctrl/Cmd+K hint', () => {
    const html = renderSearchButton();
    expect(html).toContain('aria-label="Search"');
    expect(html).toContain('aria-keyshortcuts="Control+K Meta+K"');
    expect(html).toContain('sitesearch-button-key-mod');
    expect(html).toContain('data-sitesearch-button=""');
  });

  it('leaves the hint out when Ctrl/Cmd+K is disabled', () => {
    const html = renderSearchButton({ keyboardShortcuts: { 'Ctrl/Cmd+K': false } });
    expect(html).not.toContain('sitesearch-button-keys');
    expect(html).not.toContain('aria-keyshortcuts');
  });

  it('uses the button translations, escaped', () => {
    const html = renderSearchButton({ translations: { button: { buttonText: '<b>Find</b>', buttonAriaLabel: 'Find "docs"' } } });
    expect(html).toContain('&lt;b&gt;Find&lt;/b&gt;');
    expect(html).toContain('aria-label="Find &quot;docs&quot;"');
    expect(html).not.toContain('<b>');
  });

  it('validates what it reads', () => {
    expect(() => renderSearchButton({ translations: { button: { buttonText: 1 as never } } })).toThrowError(
      'sitesearch: option "translations.button.buttonText" must be a string; received the number 1.',
    );
    expect(() => renderSearchButton({ keyboardShortcuts: { 'Ctrl/Cmd+K': 'no' as never } })).toThrowError(
      'sitesearch: option "keyboardShortcuts.Ctrl/Cmd+K" must be true or false; received the string "no".',
    );
  });
});
