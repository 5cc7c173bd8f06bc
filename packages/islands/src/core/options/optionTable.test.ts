import { describe, expect, it } from 'vitest';
import { SIDEPANEL_OPTION_DOCS, sidepanelOptionRows, SITESEARCH_OPTION_DOCS, siteSearchOptionRows, type OptionDoc, type OptionRow } from './optionDocs.js';
import type { CodeOptionName } from './optionTypes.js';
import { resolveSidepanelOptions } from './sidepanelOptions.js';
import { SIDEPANEL_DEFAULTS, SIDEPANEL_ENTRY_OPTIONS, SIDEPANEL_OPTION_TYPES, type SidepanelOptionName } from './sidepanelOptionTable.js';
import { resolveSiteSearchOptions, type Entry } from './siteSearchOptions.js';
import { SITESEARCH_DEFAULTS, SITESEARCH_ENTRY_OPTIONS, SITESEARCH_OPTION_TYPES, type SiteSearchOptionName } from './siteSearchOptionTable.js';
import type { SidepanelBaseOptions, SidepanelOptions, SidepanelProps, SiteSearchBaseOptions, SiteSearchOptions, SiteSearchProps } from './types.js';

// Type-level checks, run by `tsc` before the tests: an option added to the TypeScript types and
// not to the table (or the other way round) fails the build, and so does a function-typed option
// whose type letters do not say it holds code.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type TableNames<Common, Only extends { js: readonly string[]; react: readonly string[] }> = keyof Common | Only['js'][number] | Only['react'][number];
type FunctionTyped<T> = { [K in keyof T]-?: NonNullable<T[K]> extends (...args: never[]) => unknown ? K : never }[keyof T];
const typeChecks: [
  Equal<TableNames<typeof SITESEARCH_OPTION_TYPES, typeof SITESEARCH_ENTRY_OPTIONS>, keyof SiteSearchOptions | keyof SiteSearchProps>,
  Equal<TableNames<typeof SIDEPANEL_OPTION_TYPES, typeof SIDEPANEL_ENTRY_OPTIONS>, keyof SidepanelOptions | keyof SidepanelProps>,
  Equal<FunctionTyped<SiteSearchBaseOptions> & CodeOptionName<typeof SITESEARCH_OPTION_TYPES>, FunctionTyped<SiteSearchBaseOptions>>,
  Equal<FunctionTyped<SidepanelBaseOptions>, never>,
] = [true, true, true, true];

const SITESEARCH_BASE = { appId: 'APP', apiKey: 'KEY', indices: ['docs'] };
const SIDEPANEL_BASE = { appId: 'APP', apiKey: 'KEY', indexName: 'docs', assistantId: 'assistant-1' };

/** Whether `resolve` takes the name `name` in `entry` (a name not in the base options is given as undefined, so only the name is judged). */
function takesName(resolve: (options: unknown, entry: Entry) => unknown, base: Record<string, unknown>, name: string, entry: Entry): boolean {
  const options: Record<string, unknown> = { ...base, ...(entry === 'js' ? { container: document.body } : {}) };
  if (!(name in options)) options[name] = undefined;
  try {
    resolve(options, entry);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    if (message.includes(`option "${name}"`)) return false;
    throw error;
  }
}

const widgets: Array<[string, () => OptionRow[], (options: unknown, entry: Entry) => unknown, Record<string, unknown>, Record<string, OptionDoc>, Record<string, unknown>]> = [
  ['the search modal', siteSearchOptionRows, resolveSiteSearchOptions, SITESEARCH_BASE, SITESEARCH_OPTION_DOCS, SITESEARCH_DEFAULTS],
  ['the Sidepanel', sidepanelOptionRows, resolveSidepanelOptions, SIDEPANEL_BASE, SIDEPANEL_OPTION_DOCS, SIDEPANEL_DEFAULTS],
];

describe.each(widgets)('the option table of %s', (_widget, rows, resolve, base, docs, defaults) => {
  it('matches the TypeScript types (checked by tsc) and has a doc line, a type and a default for every option', () => {
    expect(typeChecks).toEqual([true, true, true, true]);
    for (const row of rows()) {
      expect(row.doc, row.name).toMatch(/^\S.*[.]$/);
      expect(row.type, row.name).not.toBe('');
      expect(row.default, row.name).not.toBe('');
      expect(row.types, row.name).toMatch(/^[snbfoae]+$|^object$/);
      // One place for each default: the table's plain value, or the docs' words, never both.
      expect(docs[row.name]!.default === undefined, row.name).toBe(defaults[row.name] !== undefined);
    }
  });

  it("says which entries take each option, as the resolver does (an integration's data config takes only data)", () => {
    for (const row of rows()) {
      for (const entry of ['js', 'react', 'integration'] as const) {
        // The resolver's 'integration' entry also takes the code options that reach the browser another way (Astro's clientOptionsModule).
        const listed = entry === 'integration' ? row.entries.includes('integration') || row.kind === 'function' : row.entries.includes(entry);
        expect(takesName(resolve, base, row.name, entry), `${row.name} in ${entry}`).toBe(listed);
      }
      expect(row.entries.includes('cdn'), row.name).toBe(row.entries.includes('js'));
    }
  });

  it('applies the plain defaults of the table when an option is left out', () => {
    const resolved = resolve({ ...base }, 'react') as Record<string, unknown>;
    const withDefaults = rows().filter((row) => row.defaultValue !== undefined);
    expect(withDefaults.length).toBeGreaterThan(4);
    for (const row of withDefaults) expect(resolved[row.name], row.name).toEqual(row.defaultValue);
  });
});

/**
 * The interface's own tables (section 2.1 and 2.2 of INTERFACE.md), where the spec is checked
 * out next to the repository: every option of the spec is in the table, ours that are not are
 * marked as SiteSearch additions, and each default the spec gives as a plain value is ours.
 */
// Node's fs and env, typed here: the package compiles without Node's types (it runs in browsers).
const { existsSync, readFileSync } = (await import(/* @vite-ignore */ `node:${'fs'}`)) as { existsSync(path: string): boolean; readFileSync(path: string, encoding: 'utf8'): string };
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const SPEC = env.SITESEARCH_INTERFACE_SPEC ?? '/work/shared/spec/INTERFACE.md';

function specOptions(heading: string): Map<string, string> {
  const text = readFileSync(SPEC, 'utf8');
  const section = text.slice(text.indexOf(heading), text.indexOf('\n### ', text.indexOf(heading) + 1));
  const options = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split(/(?<!\\)\|/).map((cell: string) => cell.trim());
    const name = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
    if (name) options.set(name, cells[4]!);
  }
  return options;
}

/** A spec default that is a plain value (`5`, `false`, `'360px'`), as a value; else undefined. */
function plainValue(cell: string): unknown {
  const text = cell.replace(/^`(.*)`$/, '$1');
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  const quoted = /^'([^']*)'$/.exec(text);
  return quoted ? quoted[1] : undefined;
}

describe.skipIf(!existsSync(SPEC))('the option tables against INTERFACE.md', () => {
  it.each([
    ['### 2.2', siteSearchOptionRows, 4],
    ['### 2.1', sidepanelOptionRows, 6],
  ] as const)('section %s: the same options (ours beyond it are additions) and the same plain defaults', (heading, rows, plainDefaults) => {
    const spec = specOptions(heading);
    const table = new Map(rows().map((row) => [row.name, row]));
    expect(spec.size).toBeGreaterThan(10);
    expect([...spec.keys()].filter((name) => !table.has(name))).toEqual([]);
    expect([...table.values()].filter((row) => !spec.has(row.name) && !row.addition).map((row) => row.name)).toEqual([]);
    expect([...table.values()].filter((row) => spec.has(row.name) && row.addition).map((row) => row.name)).toEqual([]);
    const compared = [...spec].filter(([, cell]) => plainValue(cell) !== undefined);
    expect(compared.length).toBeGreaterThanOrEqual(plainDefaults);
    for (const [name, cell] of compared) expect(table.get(name)!.defaultValue, name).toEqual(plainValue(cell));
  });
});

// Keep the name types in use: the tables are keyed by them.
export type { SidepanelOptionName, SiteSearchOptionName };
