/**
 * Config-time validation: the options of `sitesearch()` in `astro.config.*` are checked once,
 * by the same validators the browser widget uses, and every error says it came from the Astro
 * config so nobody hunts for it in page code.
 */
import { chooseChatBackend, resolveSiteSearchOptions, type ChatBackend, type ResolvedSiteSearchOptions } from '@sitesearch/islands/core';
import { providerOrigin } from '@sitesearch/islands/shell';
import type { ClientConfig, SerializableSidepanelOptions, SerializableSiteSearchOptions, ShellConfig, SiteSearchAstroOptions } from './config-types.js';
import { sidepanelShellConfig, validateSidepanelOption } from './sidepanel.js';
import type { ResolvedSidepanelOptions } from '@sitesearch/islands/core';

/** Options that are functions or objects with methods: only `clientOptionsModule` can carry them. */
export const FUNCTION_OPTIONS = [
  'transformItems',
  'hitComponent',
  'transformSearchClient',
  'navigator',
  'getMissingResultsUrl',
  'resultsFooterComponent',
  'searchClient',
] as const;

/** The index the local default searches when the config names none. */
export const DEFAULT_LOCAL_INDEX = 'docs';

/** Where an option came from, for error messages. */
export type OptionSource = 'the Astro config' | 'the <SiteSearch options> prop' | 'the <Sidepanel options> prop';

export const SOURCE_DETAIL: Record<OptionSource, string> = {
  'the Astro config': 'in the Astro config, integrations: [sitesearch({ … })]',
  'the <SiteSearch options> prop': 'in the "options" prop of <SiteSearch /> (@sitesearch/astro/components)',
  'the <Sidepanel options> prop': 'in the "options" prop of <Sidepanel /> (@sitesearch/astro/components)',
};

/** An error from the core validators, re-worded to say where the option was written. */
export function fromSource(error: unknown, source: OptionSource): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`${message.replace(/^sitesearch: /, `sitesearch (${SOURCE_DETAIL[source]}): `)}`, { cause: error });
}

/** An error about an option, saying where it was written. */
export const sourceError = (source: OptionSource, text: string) => new Error(`sitesearch (${SOURCE_DETAIL[source]}): ${text}`);
const optionError = sourceError;

/**
 * Whatever crosses from Node to the browser has to survive JSON unchanged; anything else
 * (a function, a class instance, `undefined` inside an array, NaN) is refused with its path.
 */
export function assertSerializable(value: unknown, path: string, source: OptionSource): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return;
    throw optionError(source, `option "${path}" must be a finite number; received ${value}.`);
  }
  if (typeof value === 'function') {
    throw optionError(
      source,
      `option "${path}" is a function, and functions cannot be sent to the browser from here. Export it from the module named by "clientOptionsModule" in sitesearch({ … }) instead.`,
    );
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => assertSerializable(item, `${path}[${index}]`, source));
    return;
  }
  if (typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      throw optionError(source, `option "${path}" must be plain data (strings, numbers, booleans, arrays, objects); received an instance of ${prototype?.constructor?.name ?? 'a class'}.`);
    }
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) assertSerializable(item, `${path}.${key}`, source);
    }
    return;
  }
  throw optionError(source, `option "${path}" must be plain data; received a ${typeof value}.`);
}

/** Drops `undefined` values so the serialized config says only what the user wrote. */
const defined = <T extends object>(object: T): T => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;

/** A stand-in for the local index client while validating (the real one is created in the browser). */
export const VALIDATION_CLIENT = { search: async () => ({ results: [] }) };

/** Whether the options use the embedded local index (no provider credentials). */
export const usesLocalIndex = (options: SerializableSiteSearchOptions): boolean => options.appId === undefined && options.apiKey === undefined;

/**
 * Runs the core validators over serializable options, as the browser will see them; with the
 * local index a stand-in client takes the place of the credentials.
 */
export function validateSerializable(options: SerializableSiteSearchOptions, source: OptionSource): ResolvedSiteSearchOptions {
  for (const key of FUNCTION_OPTIONS) {
    if ((options as Record<string, unknown>)[key] !== undefined) {
      throw optionError(
        source,
        `option "${key}" cannot be set here: the Astro config and component props only carry data to the browser. Export "${key}" from the module named by "clientOptionsModule" in sitesearch({ … }), e.g. export default { ${key} }.`,
      );
    }
  }
  for (const [key, value] of Object.entries(options)) {
    if (value !== undefined) assertSerializable(value, key, source);
  }
  try {
    return resolveSiteSearchOptions(usesLocalIndex(options) ? { ...options, searchClient: VALIDATION_CLIENT } : options, 'integration');
  } catch (error) {
    throw fromSource(error, source);
  }
}

export interface ValidatedIntegrationOptions {
  /** Options for the browser (what the user wrote, plus the local default index name). */
  options: SerializableSiteSearchOptions;
  resolved: ResolvedSiteSearchOptions;
  clientOptionsModule: string | undefined;
  localIndex: SiteSearchAstroOptions['localIndex'];
  local: boolean;
  /** Who answers Ask AI (`local`: the local assistant over the local index), or `undefined` without `askAi`. */
  chatBackend: ChatBackend | undefined;
  /** The Sidepanel, completed from `askAi` and the local index, or `undefined` without `sidepanel`. */
  sidepanel: { options: SerializableSidepanelOptions; resolved: ResolvedSidepanelOptions } | undefined;
}

/**
 * With the local index, the assistant's own credentials must come in pairs: the core falls back
 * to the top-level ones, and there are none, so `askAi.appId` alone would quietly mean the local
 * assistant instead of the hosted one the user asked for.
 */
export function checkAskAiCredentials(options: SerializableSiteSearchOptions, source: OptionSource): void {
  const { askAi } = options;
  if (!usesLocalIndex(options) || typeof askAi !== 'object' || askAi === null) return;
  const [given, missing] = askAi.appId !== undefined && askAi.apiKey === undefined ? ['appId', 'apiKey'] : askAi.apiKey !== undefined && askAi.appId === undefined ? ['apiKey', 'appId'] : [];
  if (given) {
    throw optionError(
      source,
      `option "askAi.${missing}" is required with "askAi.${given}" when there are no top-level "appId"/"apiKey" (the local index). Give both for the hosted assistant, or neither for the local assistant.`,
    );
  }
}

/** Validates the options of `sitesearch()`; throws an `Error` naming the option and the Astro config. */
export function validateIntegrationOptions(input: unknown): ValidatedIntegrationOptions {
  const source: OptionSource = 'the Astro config';
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    throw optionError(source, `sitesearch() takes an object of options; received ${Array.isArray(input) ? 'an array' : input === null ? 'null' : `a ${typeof input}`}.`);
  }
  const { clientOptionsModule, localIndex, sidepanel: sidepanelOption, ...rest } = defined((input ?? {}) as SiteSearchAstroOptions);
  if (clientOptionsModule !== undefined && (typeof clientOptionsModule !== 'string' || clientOptionsModule.trim() === '')) {
    throw optionError(source, 'option "clientOptionsModule" must be a path from the project root, e.g. "./src/sitesearch.client.ts".');
  }
  if (localIndex !== undefined) {
    if (typeof localIndex !== 'object' || localIndex === null || Array.isArray(localIndex)) {
      throw optionError(source, 'option "localIndex" must be an object, e.g. { exclude: ["drafts"] }.');
    }
    for (const key of Object.keys(localIndex)) {
      if (key !== 'exclude' && key !== 'defaultLvl0') throw optionError(source, `unknown option "localIndex.${key}"; "localIndex" accepts "exclude" and "defaultLvl0".`);
    }
    if (localIndex.exclude !== undefined && (!Array.isArray(localIndex.exclude) || localIndex.exclude.some((item) => typeof item !== 'string'))) {
      throw optionError(source, 'option "localIndex.exclude" must be an array of folder names, e.g. ["drafts"].');
    }
    if (localIndex.defaultLvl0 !== undefined && typeof localIndex.defaultLvl0 !== 'string') {
      throw optionError(source, 'option "localIndex.defaultLvl0" must be a string.');
    }
  }
  const local = usesLocalIndex(rest);
  // With the local index the index is ours, so a name is not the user's burden.
  const options: SerializableSiteSearchOptions = local && rest.indices === undefined && rest.indexName === undefined ? { ...rest, indices: [DEFAULT_LOCAL_INDEX] } : rest;
  const resolved = validateSerializable(options, source);
  checkAskAiCredentials(options, source);
  const sidepanel = validateSidepanelOption(sidepanelOption, { options, resolved, local });
  return { options, resolved, clientOptionsModule, localIndex, local, chatBackend: resolved.askAi && chooseChatBackend(resolved.askAi), sidepanel };
}

/** The loader's share of the config: enough for shortcuts and preconnect, nothing more. */
export function shellConfig(validated: ValidatedIntegrationOptions): ShellConfig {
  const { resolved } = validated;
  return {
    keyboardShortcuts: resolved.keyboardShortcuts,
    preconnect: validated.local || !resolved.appId ? [] : [providerOrigin(resolved.appId)],
    sidepanel: validated.sidepanel ? sidepanelShellConfig(validated.sidepanel.resolved) : null,
  };
}

/** The widget's share of the config. */
export function clientConfig(validated: ValidatedIntegrationOptions, base: string): ClientConfig {
  return {
    options: validated.options,
    sidepanel: validated.sidepanel?.options ?? null,
    localIndexUrl: validated.local ? `${base.replace(/\/?$/, '/')}sitesearch/` : null,
  };
}
