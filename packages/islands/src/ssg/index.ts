/**
 * `@sitesearch/islands/ssg`: what every static-site plugin (Astro, Docusaurus, …) does with its
 * options before a page is served, written once: refuse what cannot cross from Node to the
 * browser, choose between the local index and the hosted provider, complete the Sidepanel from
 * `askAi`, and split the config into the loader's share (every page) and the widget's (on first
 * interaction). Each plugin only says where its options are written, for the error messages.
 *
 * No Node-only imports: the Docusaurus theme's components import parts of this in the browser.
 */
import { resolveSidepanelOptions, type ResolvedSidepanelOptions } from '../core/options/sidepanelOptions.js';
import { resolveSiteSearchOptions, type ResolvedSiteSearchOptions } from '../core/options/siteSearchOptions.js';
import type { SidepanelBaseOptions, SiteSearchBaseOptions } from '../core/options/types.js';
import { codeOptions, type CodeOptionName } from '../core/options/optionTypes.js';
import { SIDEPANEL_ENTRY_OPTIONS, SIDEPANEL_OPTION_TYPES } from '../core/options/sidepanelOptionTable.js';
import { SITESEARCH_OPTION_TYPES } from '../core/options/siteSearchOptionTable.js';
import { providerOrigin } from '../shell/preconnect.js';

/**
 * The widgets' option tables, one row per option with every column (type letters, kind,
 * entries, default, doc line), for the plugins and the site's reference pages. A module of its
 * own, which no browser bundle imports.
 */
export { siteSearchOptionRows, sidepanelOptionRows, type OptionEntry, type OptionRow } from '../core/options/optionDocs.js';

/** The search modal's options that are functions or objects with methods (capital type letters in the option table). */
export type FunctionOptionName = CodeOptionName<typeof SITESEARCH_OPTION_TYPES>;

/** The search modal's options a plugin's data config carries: all the entries take, less those holding code. */
export type DataOptionName = Exclude<keyof SiteSearchBaseOptions, FunctionOptionName>;

/** Options that are functions or objects with methods: a plugin's data config cannot carry them. */
export const FUNCTION_OPTIONS: readonly FunctionOptionName[] = /* @__PURE__ */ codeOptions(SITESEARCH_OPTION_TYPES);

/** Options a plugin's data config carries, in table order. */
export const DATA_OPTIONS = /* @__PURE__ */ (Object.keys(SITESEARCH_OPTION_TYPES) as DataOptionName[]).filter((key) => !(FUNCTION_OPTIONS as readonly string[]).includes(key));

/** The Sidepanel's options holding code: the plugin gives the panel what it needs (the local index client). */
const SIDEPANEL_FUNCTION_OPTIONS: readonly string[] = /* @__PURE__ */ codeOptions(SIDEPANEL_OPTION_TYPES);

/** The index the local default searches when the config names none. */
export const DEFAULT_LOCAL_INDEX = 'docs';

/** The assistant ID of a local Sidepanel when `askAi` names none (it only keys the stored conversations). */
export const DEFAULT_LOCAL_ASSISTANT = 'local';

/** The assistant backend's default host (PROTOCOLS.md section 2), preconnected on intent. */
const ASSISTANT_HOST = 'https://askai.algolia.com';

/**
 * The options of spec 2.2 that a plugin's config can hold: everything that survives JSON (the
 * option table's data options), with the core's names, types and docs. Function options reach the
 * browser another way (Astro's `clientOptionsModule`, a swizzled Docusaurus component). Without
 * `appId`/`apiKey`, the local index of the built site is searched (and `indices` defaults to
 * `['docs']`).
 */
export type SerializableSiteSearchOptions = Pick<SiteSearchBaseOptions, DataOptionName>;

/**
 * The Sidepanel's options (spec 2.1 and the later shapes of 9.5) that a plugin's config can hold:
 * all but those holding code (`searchClient`: the local index client is made in the browser) and
 * `container`/`portalContainer` (the panel renders into the page body); `pushTarget` is a CSS
 * selector. Without `appId`/`apiKey`/`baseUrl` of its own, the Sidepanel talks to the assistant
 * of `askAi`, and with the local index to the local assistant over it, so both share their
 * conversations.
 */
export type SerializableSidepanelOptions = Omit<SidepanelBaseOptions, CodeOptionName<typeof SIDEPANEL_OPTION_TYPES> | 'pushTarget'> & {
  /** What the `inline` variant pushes aside, as a CSS selector (default: chosen by the panel). */
  pushTarget?: string;
};

/** What the local index is built from (only used without `appId`/`apiKey`). */
export interface LocalIndexOptions {
  /** Folders of the build output (relative to it) not to index, e.g. `['drafts']`. */
  exclude?: string[];
  /** Category of pages that have none (default: the first URL segment, title-cased). */
  defaultLvl0?: string;
  /**
   * URL patterns → the `page_rank` of the pages they match (higher first, default 0; the first
   * that matches wins), e.g. `{ '/blog/*': -1 }`. Release posts rank -1 unless one matches;
   * `{ '*': 0 }` turns that off. See `@sitesearch/local`'s README, "Page rank".
   */
  pageRank?: Record<string, number>;
  /**
   * Synonyms in the hosted provider's format: the path of a JSON file (from the project root),
   * or the list itself, e.g. `[{ objectID: 'flaky', type: 'oneWaySynonym', input: 'flaky',
   * synonyms: ['retry'] }]`. Types: `synonym`, `oneWaySynonym`, `altCorrection1`,
   * `altCorrection2`, `placeholder`. See `@sitesearch/local`'s README, "Synonyms".
   */
  synonyms?: string | SynonymObject[];
}

/**
 * One synonym as the hosted provider stores it (its `SynonymHit`). `@sitesearch/local` keeps a
 * structural copy (its `SynonymHit`, in `engine/synonyms.ts`): islands builds against local, so
 * local cannot import this without a build cycle, and islands type-checks before local is built.
 * `tests/support/restatedTypes.ts` makes the typecheck of `tests/` fail the day the two differ.
 */
export interface SynonymObject {
  objectID: string;
  type: 'synonym' | 'oneWaySynonym' | 'altCorrection1' | 'altCorrection2' | 'placeholder';
  synonyms?: string[];
  input?: string;
  word?: string;
  corrections?: string[];
  placeholder?: string;
  replacements?: string[];
}

/** What the widget gets, loaded with it on first interaction. */
export interface ClientConfig {
  options: SerializableSiteSearchOptions;
  /** The Sidepanel's options, complete (what `askAi` and the local index gave filled in), or `null` without `sidepanel`. */
  sidepanel: SerializableSidepanelOptions | null;
  /** URL of the local index folder, or `null` when the hosted provider is used. */
  localIndexUrl: string | null;
}

/** What the loader gets on every page. */
export interface ShellConfig {
  keyboardShortcuts: { 'Ctrl/Cmd+K': boolean; '/': boolean };
  /** Origins to preconnect on intent (the provider's host; none for the local index). */
  preconnect: string[];
  /** The Sidepanel's share, or `null` without `sidepanel`. */
  sidepanel: SidepanelShellConfig | null;
}

/** What the loader needs of the Sidepanel before any interaction. */
export interface SidepanelShellConfig {
  keyboardShortcuts: { 'Ctrl/Cmd+I': boolean };
  /** `inline` panels close before a client-side page swap (the content they push goes). */
  variant: 'floating' | 'inline';
  /** Origins to preconnect on intent (the assistant's host; none for the local assistant). */
  preconnect: string[];
}

/**
 * Where a set of options was written, so that every error points there: each plugin makes one
 * per place (the Astro config, a component prop, `themeConfig.sitesearch`).
 */
export interface OptionOrigin {
  /** Put in `sitesearch (<where>): …`, e.g. `in the Astro config, integrations: [sitesearch({ … })]`. */
  where: string;
  /** The sentence after "…cannot be sent to the browser from here." saying where a function goes instead. */
  functionValueHint: string;
  /** The sentence after `option "<key>" cannot be set here: ` saying where that function option goes instead. */
  functionOptionHint(key: string): string;
}

/** An error about an option, saying where it was written. */
export const originError = (origin: OptionOrigin, text: string): Error => new Error(`sitesearch (${origin.where}): ${text}`);

/** An error from the core validators, re-worded to say where the option was written. */
export function fromOrigin(error: unknown, origin: OptionOrigin): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(message.replace(/^sitesearch: /, `sitesearch (${origin.where}): `), { cause: error });
}

/**
 * Whatever crosses from Node to the browser has to survive JSON unchanged; anything else
 * (a function, a class instance, NaN) is refused with its path.
 */
export function assertSerializable(value: unknown, path: string, origin: OptionOrigin): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return;
    throw originError(origin, `option "${path}" must be a finite number; received ${value}.`);
  }
  if (typeof value === 'function') {
    throw originError(origin, `option "${path}" is a function, and functions cannot be sent to the browser from here. ${origin.functionValueHint}`);
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => assertSerializable(item, `${path}[${index}]`, origin));
    return;
  }
  if (typeof value === 'object') {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      const name = (prototype as { constructor?: { name?: string } } | null)?.constructor?.name ?? 'a class';
      throw originError(origin, `option "${path}" must be plain data (strings, numbers, booleans, arrays, objects); received an instance of ${name}.`);
    }
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) assertSerializable(item, `${path}.${key}`, origin);
    }
    return;
  }
  throw originError(origin, `option "${path}" must be plain data; received a ${typeof value}.`);
}

/** A stand-in for the local index client while validating (the real one is created in the browser). */
export const VALIDATION_CLIENT = { search: async () => ({ results: [] }) };

/** Whether the options use the embedded local index (no provider credentials). */
export const usesLocalIndex = (options: { appId?: unknown; apiKey?: unknown }): boolean => options.appId === undefined && options.apiKey === undefined;

/** The options with the local default index named when they use the local index and name none (the index is ours, so its name is not the user's burden). */
export function withDefaultLocalIndex<T extends { appId?: unknown; apiKey?: unknown; indices?: unknown; indexName?: unknown }>(options: T): T {
  return usesLocalIndex(options) && options.indices === undefined && options.indexName === undefined ? { ...options, indices: [DEFAULT_LOCAL_INDEX] } : options;
}

/**
 * Runs the core validators over serializable options, as the browser will see them; with the
 * local index a stand-in client takes the place of the credentials.
 */
export function validateSerializable(options: SerializableSiteSearchOptions, origin: OptionOrigin): ResolvedSiteSearchOptions {
  for (const key of FUNCTION_OPTIONS) {
    if ((options as Record<string, unknown>)[key] !== undefined) throw originError(origin, `option "${key}" cannot be set here: ${origin.functionOptionHint(key)}`);
  }
  for (const [key, value] of Object.entries(options)) {
    if (value !== undefined) assertSerializable(value, key, origin);
  }
  try {
    return resolveSiteSearchOptions(usesLocalIndex(options) ? { ...options, searchClient: VALIDATION_CLIENT } : options, 'integration');
  } catch (error) {
    throw fromOrigin(error, origin);
  }
}

/**
 * With the local index, the assistant's own credentials must come in pairs: the core falls back
 * to the top-level ones, and there are none, so `askAi.appId` alone would quietly mean the local
 * assistant instead of the hosted one the user asked for.
 */
export function checkAskAiCredentials(options: SerializableSiteSearchOptions, origin: OptionOrigin): void {
  const { askAi } = options;
  if (!usesLocalIndex(options) || typeof askAi !== 'object' || askAi === null) return;
  const [given, missing] = askAi.appId !== undefined && askAi.apiKey === undefined ? ['appId', 'apiKey'] : askAi.apiKey !== undefined && askAi.appId === undefined ? ['apiKey', 'appId'] : [];
  if (given) {
    throw originError(
      origin,
      `option "askAi.${missing}" is required with "askAi.${given}" when there are no top-level "appId"/"apiKey" (the local index). Give both for the hosted assistant, or neither for the local assistant.`,
    );
  }
}

/**
 * A Sidepanel option's name in quotes, not yet written `sidepanel.<option>`: every name of the
 * option table. Built when an error is re-worded, so pages that import this module for the
 * browser helpers do not carry the table.
 */
const keyToken = () =>
  new RegExp(`"(?!sidepanel\\.)((?:${[...Object.keys(SIDEPANEL_OPTION_TYPES), ...SIDEPANEL_ENTRY_OPTIONS.js, ...SIDEPANEL_ENTRY_OPTIONS.react].join('|')})(?:[.[][^"]*)?)"`, 'g');

/**
 * A core error about the Sidepanel, re-worded for a plugin's config: where the option was
 * written, and every option as `sidepanel.<option>` (the value received is left as it was).
 */
export function fromSidepanelOrigin(error: unknown, origin: OptionOrigin): Error {
  const message = (error instanceof Error ? error.message : String(error)).replace(/^sidepanel: /, '');
  const cut = message.indexOf('; received');
  const [named, rest] = cut === -1 ? [message, ''] : [message.slice(0, cut), message.slice(cut)];
  const renamed = named.replace(/\b(options?) "([^"]+)"/, '$1 "sidepanel.$2"').replace(keyToken(), '"sidepanel.$1"');
  return new Error(`sitesearch (${origin.where}): ${renamed}${rest}`, { cause: error });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep-merges plain objects (the Sidepanel's translations over the top-level ones). */
export function mergeObjects(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) return over === undefined ? base : over;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) merged[key] = mergeObjects(base[key], value);
  return merged;
}

/** What the rest of the config offers the Sidepanel. */
export interface SidepanelContext {
  /** The modal's options as written (with the local default index). */
  options: Pick<SerializableSiteSearchOptions, 'translations'>;
  resolved: Pick<ResolvedSiteSearchOptions, 'askAi' | 'appId' | 'apiKey' | 'indices'>;
  /** No credentials: the local index (and the local assistant). */
  local: boolean;
}

/**
 * Fills in what the Sidepanel did not say, from `askAi` and the local index:
 * - where it asks (`appId`/`apiKey`, `baseUrl`) when it names none of the three;
 * - which assistant (`assistantId`, `agentStudio`, and `searchParameters` of the same backend)
 *   when it names neither an ID nor a backend; with the local index and no `askAi`, "local";
 * - `indexName`: the assistant's index, else the first index searched;
 * - `translations`: the top-level ones, with the Sidepanel's on top.
 * The result is what the browser resolves, so the Sidepanel and the modal's Ask AI get the same
 * conversation key when they talk to the same assistant.
 */
export function completeSidepanelOptions(value: true | SerializableSidepanelOptions, context: SidepanelContext): SerializableSidepanelOptions {
  const written: SerializableSidepanelOptions = value === true ? {} : Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined));
  const { askAi } = context.resolved;
  const complete: SerializableSidepanelOptions = { ...written };
  const namesHost = written.appId !== undefined || written.apiKey !== undefined || written.baseUrl !== undefined;
  if (!namesHost) {
    const appId = askAi ? askAi.appId : context.resolved.appId;
    const apiKey = askAi ? askAi.apiKey : context.resolved.apiKey;
    if (appId !== undefined && apiKey !== undefined) Object.assign(complete, { appId, apiKey });
    if (askAi?.baseUrl !== undefined) complete.baseUrl = askAi.baseUrl;
  }
  const namesAssistant = written.assistantId !== undefined || written.agentId !== undefined || written.agentStudio !== undefined;
  if (!namesAssistant && askAi) {
    complete.assistantId = askAi.assistantId;
    if (askAi.agentStudio) complete.agentStudio = true;
    if (written.searchParameters === undefined && askAi.searchParameters !== undefined) complete.searchParameters = askAi.searchParameters;
  } else if (written.assistantId === undefined && written.agentId === undefined && context.local) {
    complete.assistantId = DEFAULT_LOCAL_ASSISTANT;
  }
  if (written.indexName === undefined) {
    const indexName = askAi?.indexName ?? context.resolved.indices[0]?.name;
    if (indexName !== undefined) complete.indexName = indexName;
  }
  const translations = mergeObjects(context.options.translations, written.translations);
  if (translations !== undefined) complete.translations = translations as SerializableSidepanelOptions['translations'];
  return complete;
}

/**
 * A rough check of a CSS selector where there is no DOM to parse it (Node, at config time):
 * brackets, parentheses and quotes balanced, no dangling combinator or comma, no declaration
 * characters. It catches the usual typos; the browser parses the selector fully.
 */
export function looksLikeSelector(selector: string): boolean {
  const text = selector.trim();
  if (text === '' || /[{};]/.test(text) || /^[>+~,]|[>+~,]$/.test(text)) return false;
  const closing: Record<string, string> = { '[': ']', '(': ')' };
  const open: string[] = [];
  let quote: string | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '\\') {
      index++;
    } else if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char in closing) {
      open.push(closing[char]!);
    } else if (char === ']' || char === ')') {
      if (open.pop() !== char) return false;
    }
  }
  return quote === undefined && open.length === 0;
}

/**
 * Checks complete Sidepanel options as the browser will resolve them (with the local index a
 * stand-in client takes the place of the one made in the browser).
 */
export function validateSidepanel(options: SerializableSidepanelOptions, origin: OptionOrigin): ResolvedSidepanelOptions {
  for (const [key, value] of Object.entries(options)) {
    if (SIDEPANEL_FUNCTION_OPTIONS.includes(key)) {
      throw originError(
        origin,
        `option "sidepanel.${key}" cannot be set here: ${key === 'searchClient' ? 'with no credentials the plugin gives the Sidepanel the local index client itself.' : 'it holds code, and the config is data sent to the browser.'}`,
      );
    }
    if (value !== undefined) assertSerializable(value, `sidepanel.${key}`, origin);
  }
  if (typeof options.pushTarget === 'string' && options.pushTarget.trim() !== '' && !looksLikeSelector(options.pushTarget)) {
    throw originError(origin, `option "sidepanel.pushTarget" is not a valid CSS selector: ${JSON.stringify(options.pushTarget)}.`);
  }
  const local = options.appId === undefined && options.apiKey === undefined && options.baseUrl === undefined;
  try {
    return resolveSidepanelOptions(local ? { ...options, searchClient: VALIDATION_CLIENT } : options, 'integration');
  } catch (error) {
    throw fromSidepanelOrigin(error, origin);
  }
}

/**
 * The `sidepanel` option of a plugin's config (`true`, `false` or an object), completed from the
 * rest of the config and checked; `undefined` without it.
 */
export function validateSidepanelOption(
  value: unknown,
  context: SidepanelContext,
  origin: OptionOrigin,
): { options: SerializableSidepanelOptions; resolved: ResolvedSidepanelOptions } | undefined {
  if (value === undefined || value === false) return undefined;
  if (value !== true && !isPlainObject(value)) {
    throw originError(origin, `option "sidepanel" must be true or an object of Sidepanel options, e.g. sidepanel: { side: 'left' }; received ${JSON.stringify(value) ?? typeof value}.`);
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) if (item !== undefined) assertSerializable(item, `sidepanel.${key}`, origin);
    if (typeof value.pushTarget === 'object' && value.pushTarget !== null) throw originError(origin, 'option "sidepanel.pushTarget" must be a CSS selector here (an element cannot be written in a config file).');
  }
  const options = completeSidepanelOptions(value as true | SerializableSidepanelOptions, context);
  return { options, resolved: validateSidepanel(options, origin) };
}

/** Origins the Sidepanel's chat talks to, preconnected on intent (none for the local assistant). */
export function sidepanelPreconnect(resolved: ResolvedSidepanelOptions): string[] {
  if (resolved.baseUrl !== undefined) return [new URL(resolved.baseUrl).origin];
  if (resolved.appId === undefined) return [];
  return [resolved.agentStudio ? `https://${resolved.appId.toLowerCase()}.algolia.net` : ASSISTANT_HOST];
}

/** The loader's share of the Sidepanel's config. */
export const sidepanelShellConfig = (resolved: ResolvedSidepanelOptions): SidepanelShellConfig => ({
  keyboardShortcuts: resolved.keyboardShortcuts,
  variant: resolved.variant,
  preconnect: sidepanelPreconnect(resolved),
});

/** A plugin's config once checked: what `shellConfig` and `clientConfig` split between loader and widget. */
export interface ValidatedSiteOptions {
  /** Options for the browser (what the user wrote, plus the local default index name). */
  options: SerializableSiteSearchOptions;
  resolved: ResolvedSiteSearchOptions;
  /** No credentials: the local index. */
  local: boolean;
  /** The Sidepanel, completed from `askAi` and the local index, or `undefined` without `sidepanel`. */
  sidepanel: { options: SerializableSidepanelOptions; resolved: ResolvedSidepanelOptions } | undefined;
}

/** The loader's share of the config: enough for shortcuts and preconnect, nothing more. */
export function shellConfig(validated: ValidatedSiteOptions): ShellConfig {
  const { resolved } = validated;
  return {
    keyboardShortcuts: resolved.keyboardShortcuts,
    preconnect: validated.local || !resolved.appId ? [] : [providerOrigin(resolved.appId)],
    sidepanel: validated.sidepanel ? sidepanelShellConfig(validated.sidepanel.resolved) : null,
  };
}

/** The URL of the local index folder of a site served under `base`. */
export const localIndexUrl = (base: string): string => `${base.replace(/\/?$/, '/')}sitesearch/`;

/** The widget's share of the config. */
export function clientConfig(validated: ValidatedSiteOptions, base: string): ClientConfig {
  return {
    options: validated.options,
    sidepanel: validated.sidepanel?.options ?? null,
    localIndexUrl: validated.local ? localIndexUrl(base) : null,
  };
}
