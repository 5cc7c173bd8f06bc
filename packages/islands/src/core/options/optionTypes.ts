import type { WidgetName } from './errors.js';

/**
 * The type of every option, as a table: the first pass of the option resolvers, small enough for
 * the CDN loader to run up front so a wrong call throws at the call site. The deeper rules (value
 * ranges, translation keys, unknown names with a suggestion) run in the full resolvers.
 *
 * A type is a string of letters, any of which fits: `s` string, `n` number, `b` boolean,
 * `f` function, `o` object (not an array, not an element), `a` array, `e` DOM element. A capital
 * letter fits the same values and says the option holds code (a function, or an object with
 * methods), which a plugin's data config cannot carry (`codeOptions`). A nested table is an
 * object whose listed keys have those types (other keys are left to the resolver).
 *
 * The tables themselves are the option tables of the widgets: siteSearchOptionTable.ts and
 * sidepanelOptionTable.ts.
 */
export interface TypeTable {
  [option: string]: string | TypeTable;
}

// For the CDN loader, which checks both widgets' options up front. The resolvers import the table
// modules themselves, so the search modal's chunks never pull in the Sidepanel's table.
export { checkRequiredSiteSearchOptions, SITESEARCH_ENTRY_OPTION_TYPES, SITESEARCH_OPTION_TYPES } from './siteSearchOptionTable.js';
export { SIDEPANEL_ENTRY_OPTION_TYPES, SIDEPANEL_OPTION_TYPES } from './sidepanelOptionTable.js';

/** The names of a table whose type letters are capitals: options holding code. */
export type CodeOptionName<T> = { [K in keyof T]: T[K] extends string ? (T[K] extends Lowercase<T[K]> ? never : K) : never }[keyof T];

/** The options of `table` that hold code (capital type letters), in table order. */
export const codeOptions = <T extends TypeTable>(table: T): Array<CodeOptionName<T>> =>
  Object.keys(table).filter((key) => {
    const type = table[key];
    return typeof type === 'string' && type !== type.toLowerCase();
  }) as Array<CodeOptionName<T>>;

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
    // A capital letter fits as its small one does: it only marks an option holding code.
    else if (!expected.toLowerCase().includes(kindOf(item))) throw fail(at, expected.toLowerCase(), kindOf(item));
  }
  return value as Record<string, unknown>;
}
