import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TRANSLATIONS } from '../core/translations.js';
import { checkSiteSearchOptionsEarly } from './cdnSiteSearchOptions.js';

beforeEach(() => {
  document.body.innerHTML = '<div id="search"></div>';
});

const call = (options: Record<string, unknown>) => () => checkSiteSearchOptionsEarly({ container: '#search', appId: 'APP', apiKey: 'KEY', indices: ['docs'], ...options });

describe('checkSiteSearchOptionsEarly (the CDN script, before sitesearch-modal.js)', () => {
  it('finds the container and reads the shortcuts and the button texts, whose defaults equal the default translations', () => {
    const early = call({})();
    expect(early.container).toBe(document.getElementById('search'));
    expect(early.environment).toBe(window);
    expect(early.keyboardShortcuts).toEqual({ 'Ctrl/Cmd+K': true, '/': true });
    expect(early.button).toEqual({ buttonText: DEFAULT_TRANSLATIONS.button.buttonText, buttonAriaLabel: DEFAULT_TRANSLATIONS.button.buttonAriaLabel });
    const custom = call({ keyboardShortcuts: { '/': false }, translations: { button: { buttonText: 'Chercher' } } })();
    expect(custom.keyboardShortcuts).toEqual({ 'Ctrl/Cmd+K': true, '/': false });
    expect(custom.button).toEqual({ buttonText: 'Chercher', buttonAriaLabel: 'Search' });
  });

  it('throws at the call for a missing required option or container, naming it', () => {
    expect(call({ indices: undefined })).toThrowError('"indices" or "indexName" is required');
    expect(call({ indices: undefined, indexName: 'docs' })).not.toThrow();
    expect(call({ appId: undefined })).toThrowError('option "appId" is required');
    expect(call({ appId: undefined, apiKey: undefined, searchClient: { search: () => Promise.resolve({ results: [] }) } })).not.toThrow();
    expect(call({ container: undefined })).toThrowError('option "container" is required');
    expect(call({ container: '#nope' })).toThrowError('option "container"');
  });

  it('throws at the call for an option of the wrong type, naming it and the type it takes', () => {
    expect(call({ maxResultsPerGroup: '5' })).toThrowError('sitesearch: option "maxResultsPerGroup" must be a number; received a string.');
    expect(call({ indices: 'docs' })).toThrowError('sitesearch: option "indices" must be an array; received a string.');
    expect(call({ transformItems: 'items' })).toThrowError('option "transformItems" must be a function');
    expect(call({ askAi: 5 })).toThrowError('option "askAi" must be a string or an object; received a number.');
    expect(call({ translations: { button: { buttonText: 5 } } })).toThrowError('option "translations.button.buttonText" must be a string');
    expect(call({ keyboardShortcuts: { '/': 'no' } })).toThrowError('option "keyboardShortcuts./" must be a boolean');
    expect(call({ container: 5 })).toThrowError('option "container"');
    expect(() => checkSiteSearchOptionsEarly('x')).toThrowError('sitesearch: option "options" must be an object; received a string.');
  });
});

describe('the container in the loader', () => {
  it('takes an element as it is, and reports a selector that is not one', () => {
    const element = document.getElementById('search')!;
    expect(call({ container: element })().container).toBe(element);
    expect(call({ container: '##' })).toThrowError('sitesearch: option "container": no element matches the selector "##".');
    expect(call({ container: null })).toThrowError('option "container" must be a string or an element; received null.');
  });
});
