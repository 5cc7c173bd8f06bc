import { describe, expect, it } from 'vitest';
import { checkOptionTypes, SIDEPANEL_OPTION_TYPES, SITESEARCH_OPTION_TYPES, type TypeTable } from './optionTypes.js';
import { resolveSidepanelOptions } from './sidepanelOptions.js';
import { resolveSiteSearchOptions } from './siteSearchOptions.js';

const SITESEARCH_BASE = { appId: 'APP', apiKey: 'KEY', indices: ['docs'] };
const SIDEPANEL_BASE = { appId: 'APP', apiKey: 'KEY', indexName: 'docs', assistantId: 'assistant-1' };

/** Every leaf of a table as [dotted path, options holding `value` there]. */
function leaves(table: TypeTable, value: unknown, path: string[] = []): Array<[string, Record<string, unknown>]> {
  return Object.entries(table).flatMap(([key, type]) => {
    const at = [...path, key];
    if (typeof type === 'object') return leaves(type, value, at);
    const options: Record<string, unknown> = {};
    at.reduce((object, part, index) => (object[part] = index === at.length - 1 ? value : {}) as Record<string, unknown>, options);
    return [[at.join('.'), options] as [string, Record<string, unknown>]];
  });
}

describe('the table of option types (first pass of the resolvers, run up front by the CDN loader)', () => {
  it('names the option and both types when one is wrong; nested tables check only their listed keys', () => {
    expect(() => checkOptionTypes('sitesearch', SITESEARCH_OPTION_TYPES, { appId: 5 })).toThrowError('sitesearch: option "appId" must be a string; received a number.');
    expect(() => checkOptionTypes('sidepanel', SIDEPANEL_OPTION_TYPES, { width: true })).toThrowError('sidepanel: option "width" must be a number or a string; received a boolean.');
    expect(() => checkOptionTypes('sidepanel', SIDEPANEL_OPTION_TYPES, { pushTarget: [] })).toThrowError('option "pushTarget" must be a string or an element; received an array.');
    expect(() => checkOptionTypes('sitesearch', SITESEARCH_OPTION_TYPES, { translations: { button: null } })).toThrowError('option "translations.button" must be an object; received null.');
    expect(() => checkOptionTypes('sitesearch', SITESEARCH_OPTION_TYPES, { navigator: Symbol('x') })).toThrowError('received a symbol.');
    expect(() => checkOptionTypes('sitesearch', SITESEARCH_OPTION_TYPES, { translations: { modal: 5 }, unknown: 1, indexName: undefined })).not.toThrow();
    expect(() => checkOptionTypes('sitesearch', SITESEARCH_OPTION_TYPES, [])).toThrowError('option "options" must be an object; received an array.');
  });

  it('agrees with the search modal\'s resolver: the same names, and each type it rejects is rejected there too', () => {
    const known = /Known: (.*)\.$/.exec((() => { try { resolveSiteSearchOptions({ ...SITESEARCH_BASE, nope: 1 }, 'integration'); } catch (error) { return (error as Error).message; } return ''; })())![1];
    expect(known).toBe(Object.keys(SITESEARCH_OPTION_TYPES).map((key) => JSON.stringify(key)).join(', '));
    for (const [path, options] of leaves(SITESEARCH_OPTION_TYPES, Symbol('wrong'))) {
      expect(() => checkOptionTypes('sitesearch', SITESEARCH_OPTION_TYPES, options), path).toThrowError(`option "${path}"`);
      expect(() => resolveSiteSearchOptions({ ...SITESEARCH_BASE, ...options }, 'integration'), path).toThrowError(`"${path}"`);
    }
  });

  it('agrees with the Sidepanel\'s resolver: the same names, and each type it rejects is rejected there too', () => {
    const known = /Known: (.*)\.$/.exec((() => { try { resolveSidepanelOptions({ ...SIDEPANEL_BASE, nope: 1 }, 'integration'); } catch (error) { return (error as Error).message; } return ''; })())![1];
    expect(known).toBe(Object.keys(SIDEPANEL_OPTION_TYPES).map((key) => JSON.stringify(key)).join(', '));
    for (const [path, options] of leaves(SIDEPANEL_OPTION_TYPES, Symbol('wrong'))) {
      expect(() => checkOptionTypes('sidepanel', SIDEPANEL_OPTION_TYPES, options), path).toThrowError(`option "${path}"`);
      expect(() => resolveSidepanelOptions({ ...SIDEPANEL_BASE, ...options }, 'integration'), path).toThrowError(`"${path}"`);
    }
  });
});
