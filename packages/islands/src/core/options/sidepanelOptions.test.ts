import { beforeEach, describe, expect, it } from 'vitest';
import { resolveCssWidth, resolveSidepanelOptions } from './sidepanelOptions.js';

const required = { appId: 'APP', apiKey: 'KEY', assistantId: 'assistant', indexName: 'docs' };
const react = (options: Record<string, unknown> = {}) => resolveSidepanelOptions({ ...required, ...options }, 'react');

describe('resolveSidepanelOptions', () => {
  beforeEach(() => {
    document.body.innerHTML = '<div id="panel"></div><div id="panel2"></div>';
  });

  it('applies every default of the spec', () => {
    expect(react()).toMatchObject({
      ...required,
      agentStudio: false,
      searchParameters: undefined,
      variant: 'floating',
      side: 'right',
      width: '360px',
      expandedWidth: '580px',
      suggestedQuestions: false,
      keyboardShortcuts: { 'Ctrl/Cmd+I': true },
      theme: 'light',
      container: undefined,
      portalContainer: undefined,
    });
  });

  it('turns number widths into px and keeps CSS widths', () => {
    expect(react({ width: 400, expandedWidth: 'min(90vw, 48rem)' })).toMatchObject({ width: '400px', expandedWidth: 'min(90vw, 48rem)' });
    expect(react({ width: '30vw' }).width).toBe('30vw');
  });

  it('takes every documented value', () => {
    expect(
      react({ variant: 'inline', side: 'left', theme: 'dark', suggestedQuestions: true, keyboardShortcuts: { 'Ctrl/Cmd+I': false }, agentStudio: true, searchParameters: { docs: { filters: 'a:b' } } }),
    ).toMatchObject({ variant: 'inline', side: 'left', theme: 'dark', suggestedQuestions: true, keyboardShortcuts: { 'Ctrl/Cmd+I': false }, agentStudio: true });
  });

  it('resolves the container in the JavaScript entry, first match wins', () => {
    expect(resolveSidepanelOptions({ ...required, container: 'div' }, 'js').container?.id).toBe('panel');
    expect(() => resolveSidepanelOptions({ ...required }, 'js')).toThrowError('sidepanel: option "container" is required');
    expect(() => resolveSidepanelOptions({ ...required, container: '#nope' }, 'js')).toThrowError('sidepanel: option "container": no element matches the selector "#nope".');
  });

  it.each([
    [{ appId: undefined }, 'sidepanel: option "appId" is required.'],
    [{ apiKey: undefined }, 'sidepanel: option "apiKey" is required.'],
    [{ assistantId: undefined }, 'sidepanel: option "assistantId" is required.'],
    [{ indexName: undefined }, 'sidepanel: option "indexName" is required.'],
    [{ indexName: 5 }, 'sidepanel: option "indexName" must be a non-empty string; received the number 5.'],
    [{ variant: 'modal' }, 'sidepanel: option "variant" must be one of "floating", "inline"; received the string "modal".'],
    [{ side: 'top' }, 'sidepanel: option "side" must be one of "right", "left"; received the string "top".'],
    [{ theme: 'auto' }, 'sidepanel: option "theme" must be one of "light", "dark"; received the string "auto".'],
    [{ width: -1 }, 'sidepanel: option "width" must be a number of pixels (> 0) or a CSS width such as "420px", "30vw" or "min(90vw, 40rem)"; received the number -1.'],
    [{ expandedWidth: '' }, 'sidepanel: option "expandedWidth" must be a number of pixels (> 0) or a CSS width such as "420px", "30vw" or "min(90vw, 40rem)"; received the string "".'],
    [{ width: '10px; color: red' }, 'sidepanel: option "width" must be a number of pixels'],
    [{ width: true }, 'sidepanel: option "width" must be a number of pixels'],
    [{ suggestedQuestions: 'yes' }, 'sidepanel: option "suggestedQuestions" must be true or false; received the string "yes".'],
    [{ agentStudio: 1 }, 'sidepanel: option "agentStudio" must be true or false; received the number 1.'],
    [{ keyboardShortcuts: { 'Ctrl/Cmd+K': false } }, 'sidepanel: unknown option "keyboardShortcuts.Ctrl/Cmd+K" (a keyboard shortcut). "Ctrl/Cmd+K" and "/" belong to the search modal. Known: "Ctrl/Cmd+I".'],
    [{ keyboardShortcuts: { 'Ctrl/Cmd+I': 'off' } }, 'sidepanel: option "keyboardShortcuts.Ctrl/Cmd+I" must be true or false; received the string "off".'],
    [{ searchParameters: { docs: { filters: 'x' } } }, 'sidepanel: option "searchParameters.docs" holds an object, which is the shape of the agent backend'],
    [{ agentStudio: true, searchParameters: { facetFilters: ['a'] } }, 'sidepanel: option "searchParameters.facetFilters" is not an object. "facetFilters" looks like a flat parameter'],
    [{ portalContainer: {} }, 'sidepanel: option "portalContainer" must be an Element or a DocumentFragment; received an empty object.'],
    [{ container: '#panel' }, 'sidepanel: option "container" is only for the JavaScript function; the React component renders into "portalContainer".'],
    [{ sid: 'left' }, 'sidepanel: unknown option "sid" (the React component). Did you mean "side"?'],
  ])('rejects %j', (options, message) => {
    expect(() => react(options)).toThrowError(message);
  });
});

describe('resolveCssWidth', () => {
  it('checks strings with CSS.supports when the browser has it', () => {
    const original = (globalThis as { CSS?: unknown }).CSS;
    (globalThis as { CSS?: unknown }).CSS = { supports: (_property: string, value: string) => value !== 'wide' };
    try {
      expect(resolveCssWidth('width', '20rem')).toBe('20rem');
      expect(() => resolveCssWidth('width', 'wide')).toThrowError('sidepanel: option "width" must be a number of pixels');
    } finally {
      (globalThis as { CSS?: unknown }).CSS = original;
    }
  });
});

describe('resolveSidepanelOptions for an integration', () => {
  it('takes neither container nor portalContainer', () => {
    expect(resolveSidepanelOptions({ ...required }, 'integration')).toMatchObject({ container: undefined, portalContainer: undefined });
    expect(() => resolveSidepanelOptions({ ...required, container: '#x' }, 'integration')).toThrowError(
      'sidepanel: option "container" is only for the JavaScript function; the integration renders the panel into the page body.',
    );
  });
});
