/**
 * The `sidepanel` option of `sitesearch()`: checked when the Astro config loads, by the same
 * validator the browser uses, and completed from the rest of the config so that a bare
 * `sidepanel: true` talks to the assistant of `askAi` (the local assistant over the local index
 * when there are no credentials) and shares its conversations with the modal.
 */
import { resolveSidepanelOptions, type ResolvedSidepanelOptions, type ResolvedSiteSearchOptions } from '@sitesearch/islands/core';
import type { SerializableSidepanelOptions, SerializableSiteSearchOptions, SidepanelShellConfig } from './config-types.js';
import { assertSerializable, sourceError, SOURCE_DETAIL, VALIDATION_CLIENT, type OptionSource } from './options.js';

/** The assistant ID of a local Sidepanel when `askAi` names none (it only keys the stored conversations). */
export const DEFAULT_LOCAL_ASSISTANT = 'local';

/** The assistant backend's default host (PROTOCOLS.md section 2), preconnected on intent. */
const ASSISTANT_HOST = 'https://askai.algolia.com';

/** Every option name of the Sidepanel, to name them `sidepanel.<option>` in messages. */
const SIDEPANEL_KEYS = [
  'appId', 'apiKey', 'assistantId', 'agentId', 'indexName', 'indices', 'agentStudio', 'searchParameters', 'variant', 'side', 'width', 'expandedWidth',
  'suggestedQuestions', 'keyboardShortcuts', 'theme', 'translations', 'searchClient', 'baseUrl', 'pushTarget', 'container', 'portalContainer',
];
const KEY_TOKEN = new RegExp(`"(?!sidepanel\\.)((?:${SIDEPANEL_KEYS.join('|')})(?:[.[][^"]*)?)"`, 'g');

/**
 * A core error about the Sidepanel, re-worded for the Astro config: where the option was written,
 * and every option as `sidepanel.<option>` (the value received is left as it was).
 */
export function fromSidepanelSource(error: unknown, source: OptionSource): Error {
  const message = (error instanceof Error ? error.message : String(error)).replace(/^sidepanel: /, '');
  const cut = message.indexOf('; received');
  const [named, rest] = cut === -1 ? [message, ''] : [message.slice(0, cut), message.slice(cut)];
  const renamed = named.replace(/\b(options?) "([^"]+)"/, '$1 "sidepanel.$2"').replace(KEY_TOKEN, '"sidepanel.$1"');
  return new Error(`sitesearch (${SOURCE_DETAIL[source]}): ${renamed}${rest}`, { cause: error });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep-merges plain objects (the Sidepanel's translations over the top-level ones). */
function mergeObjects(base: unknown, over: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(over)) return over === undefined ? base : over;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) merged[key] = mergeObjects(base[key], value);
  return merged;
}

/** What the rest of the config offers the Sidepanel. */
export interface SidepanelContext {
  /** The modal's options as written (with the local default index). */
  options: SerializableSiteSearchOptions;
  resolved: ResolvedSiteSearchOptions;
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
 * Checks complete Sidepanel options as the browser will resolve them (with the local index a
 * stand-in client takes the place of the one made in the browser).
 */
export function validateSidepanel(options: SerializableSidepanelOptions, source: OptionSource): ResolvedSidepanelOptions {
  for (const [key, value] of Object.entries(options)) {
    if (key === 'searchClient') {
      throw sourceError(source, 'option "sidepanel.searchClient" cannot be set here: with no credentials the integration gives the Sidepanel the local index client itself.');
    }
    if (value !== undefined) assertSerializable(value, `sidepanel.${key}`, source);
  }
  if (typeof options.pushTarget === 'string' && options.pushTarget.trim() !== '' && !looksLikeSelector(options.pushTarget)) {
    throw sourceError(source, `option "sidepanel.pushTarget" is not a valid CSS selector: ${JSON.stringify(options.pushTarget)}.`);
  }
  const local = options.appId === undefined && options.apiKey === undefined && options.baseUrl === undefined;
  try {
    return resolveSidepanelOptions(local ? { ...options, searchClient: VALIDATION_CLIENT } : options, 'integration');
  } catch (error) {
    throw fromSidepanelSource(error, source);
  }
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

/** The `sidepanel` option of the Astro config, completed and checked; `undefined` without it. */
export function validateSidepanelOption(
  value: unknown,
  context: SidepanelContext,
): { options: SerializableSidepanelOptions; resolved: ResolvedSidepanelOptions } | undefined {
  const source: OptionSource = 'the Astro config';
  if (value === undefined || value === false) return undefined;
  if (value !== true && !isPlainObject(value)) {
    throw sourceError(source, `option "sidepanel" must be true or an object of Sidepanel options, e.g. sidepanel: { side: 'left' }; received ${JSON.stringify(value) ?? typeof value}.`);
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) if (item !== undefined) assertSerializable(item, `sidepanel.${key}`, source);
    if (typeof value.pushTarget === 'object' && value.pushTarget !== null) throw sourceError(source, 'option "sidepanel.pushTarget" must be a CSS selector here (an element cannot be written in the Astro config).');
  }
  const options = completeSidepanelOptions(value as true | SerializableSidepanelOptions, context);
  return { options, resolved: validateSidepanel(options, source) };
}

/**
 * A page's `<Sidepanel options>`: each top-level key replaces the config's, but for
 * `translations`, which add to the config's key by key. Naming an assistant (`assistantId` or
 * `agentId`) replaces both names, and naming `appId` or `apiKey` replaces the pair, so a page never
 * mixes its values with the config's.
 */
export function mergeSidepanelPageOptions(config: SerializableSidepanelOptions, page: SerializableSidepanelOptions | undefined): SerializableSidepanelOptions {
  if (!page) return config;
  const base: SerializableSidepanelOptions = { ...config };
  if (page.assistantId !== undefined || page.agentId !== undefined) {
    delete base.assistantId;
    delete base.agentId;
  }
  if (page.appId !== undefined || page.apiKey !== undefined) {
    delete base.appId;
    delete base.apiKey;
  }
  const merged: SerializableSidepanelOptions = { ...base, ...page };
  if (page.translations !== undefined) merged.translations = mergeObjects(config.translations, page.translations) as SerializableSidepanelOptions['translations'];
  return merged;
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
