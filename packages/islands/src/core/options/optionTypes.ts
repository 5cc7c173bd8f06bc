import { optionError, type WidgetName } from './errors.js';

/**
 * The type of every option, as a table: the first pass of the option resolvers, small enough for
 * the CDN loader to run up front so a wrong call throws at the call site. The deeper rules (value
 * ranges, translation keys, unknown names with a suggestion) run in the full resolvers.
 *
 * A type is a string of letters, any of which fits: `s` string, `n` number, `b` boolean,
 * `f` function, `o` object (not an array, not an element), `a` array, `e` DOM element. A nested
 * table is an object whose listed keys have those types (other keys are left to the resolver).
 */
export interface TypeTable {
  [option: string]: string | TypeTable;
}

/** The search modal's options (`sitesearch()`, the React component, the integrations). */
export const SITESEARCH_OPTION_TYPES = {
  appId: 's',
  apiKey: 's',
  indices: 'a',
  indexName: 's',
  placeholder: 's',
  askAi: 'so',
  searchParameters: 'o',
  transformItems: 'f',
  hitComponent: 'f',
  transformSearchClient: 'f',
  disableUserPersonalization: 'b',
  initialQuery: 's',
  navigator: 'o',
  // Only the button's texts: the loader draws the button with them.
  translations: { button: { buttonText: 's', buttonAriaLabel: 's' } },
  getMissingResultsUrl: 'f',
  keyboardShortcuts: { 'Ctrl/Cmd+K': 'b', '/': 'b' },
  resultsFooterComponent: 'f',
  maxResultsPerGroup: 'n',
  recentSearchesLimit: 'n',
  recentSearchesWithFavoritesLimit: 'n',
  searchClient: 'o',
};

/** The Sidepanel's options (`container` and `portalContainer` are checked with the entry's rules). */
export const SIDEPANEL_OPTION_TYPES = {
  appId: 's',
  apiKey: 's',
  assistantId: 's',
  agentId: 's',
  indexName: 's',
  indices: 'a',
  agentStudio: 'b',
  searchParameters: 'o',
  variant: 's',
  side: 's',
  width: 'ns',
  expandedWidth: 'ns',
  suggestedQuestions: 'b',
  keyboardShortcuts: { 'Ctrl/Cmd+I': 'b' },
  theme: 's',
  translations: { sidepanel: { buttonText: 's', buttonAriaLabel: 's' } },
  searchClient: 'o',
  baseUrl: 's',
  pushTarget: 'se',
};

const WORDS: Record<string, string> = { s: 'a string', n: 'a number', b: 'a boolean', f: 'a function', o: 'an object', a: 'an array', e: 'an element', l: 'null' };
const LETTERS: Record<string, string> = { string: 's', number: 'n', boolean: 'b', function: 'f', object: 'o' };

/** The letter of a value's type (a symbol or a bigint gets its `typeof`, which fits no table). */
const kindOf = (value: unknown): string =>
  value === null ? 'l' : Array.isArray(value) ? 'a' : (value as Node).nodeType === 1 ? 'e' : (LETTERS[typeof value] ?? typeof value);

/**
 * Checks `value` against `table` and returns it: throws an Error naming the option (its dotted
 * path) for the first option of a wrong type. Options left undefined are not checked.
 */
export function checkOptionTypes(widget: WidgetName, table: TypeTable, value: unknown, path = ''): Record<string, unknown> {
  const fail = (at: string, expected: string, kind: string) =>
    new Error(`${widget}: option "${at}" must be ${[...expected].map((letter) => WORDS[letter]).join(' or ')}; received ${WORDS[kind] ?? `a ${kind}`}.`);
  const kind = kindOf(value);
  if (kind !== 'o') throw fail(path || 'options', 'o', kind);
  for (const key in table) {
    const expected = table[key]!;
    const item = (value as Record<string, unknown>)[key];
    const at = path ? `${path}.${key}` : key;
    if (item === undefined) continue;
    if (typeof expected === 'object') checkOptionTypes(widget, expected, item, at);
    else if (!expected.includes(kindOf(item))) throw fail(at, expected, kindOf(item));
  }
  return value as Record<string, unknown>;
}

/**
 * The search modal's required options, checked on the options as given (after their types): the
 * CDN loader runs it up front, the resolver as part of its first pass.
 */
export function checkRequiredSiteSearchOptions(given: Record<string, unknown>): void {
  if (!given.searchClient) {
    if (given.appId === undefined) throw optionError('sitesearch', 'option "appId" is required (or pass a ready "searchClient", such as the local index client).');
    if (given.apiKey === undefined) throw optionError('sitesearch', 'option "apiKey" is required: use a search-only API key (or pass a ready "searchClient").');
  }
  if (given.indices === undefined && given.indexName === undefined) {
    throw optionError('sitesearch', '"indices" or "indexName" is required: pass the names of the indices to search, e.g. indices: [\'docs\'].');
  }
}
