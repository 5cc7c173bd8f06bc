// The Sidepanel's option resolver, with two rules passed in by the caller: those of `baseUrl` and
// `searchParameters` (askAi.ts) and the lookup of `container` (container.ts).
// `resolveSidepanelOptions` (sidepanelOptions.ts) passes the full ones; the CDN panel imports the
// first only when one of those options is given, and hands over the container its loader resolved.
import { resolveTranslations, type DeepPartial, type SiteSearchTranslations } from '../translations.js';
import { checkBoolean, checkOneOf, checkPlainObject, checkShortcuts, checkString, isElement, isElementOrFragment, type OptionPath } from './checks.js';
import { invalidOption, optionError, unknownOption } from './errors.js';
import { SIDEPANEL_DEFAULTS, SIDEPANEL_ENTRY_OPTIONS, SIDEPANEL_OPTION_TYPES } from './sidepanelOptionTable.js';
import type { Entry } from './siteSearchOptions.js';
import type { AgentStudioSearchParameters, AskAiSearchParameters, SearchClientLike } from './types.js';

/**
 * The Sidepanel's options with every default applied. Also a valid `ChatBackendOptions`
 * (core/chat/backend.ts), so `createChatTransport` and `conversationKeyFor` take it as it is.
 */
export interface ResolvedSidepanelOptions {
  /** Both or neither: without them (and without `baseUrl`) the local assistant answers. */
  appId: string | undefined;
  apiKey: string | undefined;
  /** The assistant's (or agent's) ID, from `assistantId` or its later name `agentId`. */
  assistantId: string;
  /** Set unless the agent backend answers without one. */
  indexName: string | undefined;
  /** Agent backend only: the indices the agent searches, sent as `algolia.indices`. */
  indices: string[] | undefined;
  agentStudio: boolean;
  /** The local index client: the local assistant retrieves through it. */
  searchClient: SearchClientLike | undefined;
  /** The hosted protocols at this base URL (no trailing slash) instead of the hosted default. */
  baseUrl: string | undefined;
  /** What the inline variant pushes: a selector (looked up when the panel opens) or an element; `undefined` picks one. */
  pushTarget: string | HTMLElement | undefined;
  searchParameters: AskAiSearchParameters | AgentStudioSearchParameters | undefined;
  variant: 'floating' | 'inline';
  side: 'right' | 'left';
  /** CSS width in the default state (numbers became px). */
  width: string;
  /** CSS width in the expanded state (numbers became px). */
  expandedWidth: string;
  suggestedQuestions: boolean;
  keyboardShortcuts: { 'Ctrl/Cmd+I': boolean };
  /**
   * The panel's colours: the `theme` option when given (`themeGiven`), whatever the page's theme.
   * When not given this says 'light' (the spec's default), but the panel follows the page: dark
   * under an element with `data-theme="dark"` (Docusaurus's `<html>`, say), live when the page
   * toggles, light otherwise. The search modal follows the page the same way.
   */
  theme: 'light' | 'dark';
  /** Whether `theme` was given: `false` means the panel follows the page's `[data-theme]` (see `theme`). */
  themeGiven: boolean;
  translations: SiteSearchTranslations;
  /** JavaScript entry: the element that holds the Sidepanel. */
  container: HTMLElement | undefined;
  /** React entry: where the panel renders (`undefined` means `document.body`). */
  portalContainer: Element | DocumentFragment | undefined;
}

// The names come from the option table (sidepanelOptionTable.ts).
const KEYS = Object.keys(SIDEPANEL_OPTION_TYPES);
const ENTRY_KEYS: Record<Entry, readonly string[]> = SIDEPANEL_ENTRY_OPTIONS;

/** Each entry as the messages name it. */
const ENTRY_NAMES: Record<Entry, string> = { js: 'the JavaScript function', react: 'the React component', integration: 'the integration' };

const at = (path: string): OptionPath => ({ widget: 'sidepanel', path });

/** One option of `given`: `fallback` when left out, else its value through `check` (the rules read as a list). */
const option = <T, F = undefined>(given: Record<string, unknown>, name: string, check: (at: OptionPath, value: unknown) => T, fallback?: F): T | F =>
  given[name] === undefined ? (fallback as F) : check(at(name), given[name]);

/**
 * Turns a width option into a CSS width: a number is pixels; a string is any CSS width, checked
 * with `CSS.supports` where the browser offers it so a typo fails here, not as a zero-width panel.
 */
export function resolveCssWidth(path: string, value: unknown): string {
  const accepts = 'a number of pixels (> 0) or a CSS width such as "420px", "30vw" or "min(90vw, 40rem)"';
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) throw invalidOption('sidepanel', path, value, accepts);
    return `${value}px`;
  }
  if (typeof value !== 'string' || value.trim() === '' || /[;{}<>]/.test(value)) throw invalidOption('sidepanel', path, value, accepts);
  const css = (globalThis as { CSS?: { supports?: (property: string, value: string) => boolean } }).CSS;
  if (typeof css?.supports === 'function' && !css.supports('width', value)) throw invalidOption('sidepanel', path, value, accepts);
  return value.trim();
}

const cssWidth = (path: OptionPath, value: unknown) => resolveCssWidth(path.path, value);
const oneOf =
  <T extends string>(allowed: readonly T[]) =>
  (path: OptionPath, value: unknown) =>
    checkOneOf(path, value, allowed);

/**
 * `assistantId`, or `agentId`, its name in later releases (spec 9.5). Both are accepted; both with
 * different values is ambiguous, so it fails rather than picking one.
 */
function resolveAssistantId(given: Record<string, unknown>): string {
  const assistantId = option(given, 'assistantId', checkString);
  const agentId = option(given, 'agentId', checkString);
  if (assistantId !== undefined && agentId !== undefined && assistantId !== agentId) {
    throw optionError('sidepanel', `options "assistantId" and "agentId" name the same thing (agentId is its later name) but differ: ${JSON.stringify(assistantId)} and ${JSON.stringify(agentId)}. Keep one.`);
  }
  const id = assistantId ?? agentId;
  if (id === undefined) throw optionError('sidepanel', 'option "assistantId" (or its later name "agentId") is required.');
  return id;
}

/**
 * `appId` and `apiKey` go together: both select a hosted backend, neither the local assistant
 * (or `baseUrl`). One alone is a half-pasted configuration, so the error names the missing one.
 */
function resolveCredentials(given: Record<string, unknown>): { appId: string | undefined; apiKey: string | undefined } {
  const appId = option(given, 'appId', checkString);
  const apiKey = option(given, 'apiKey', checkString);
  if (appId !== undefined && apiKey === undefined) {
    throw optionError('sidepanel', 'option "apiKey" is required with "appId": use a search-only API key (or give neither, for the local assistant).');
  }
  if (apiKey !== undefined && appId === undefined) {
    throw optionError('sidepanel', 'option "appId" is required with "apiKey" (or give neither, for the local assistant).');
  }
  return { appId, apiKey };
}

/** `searchClient`: anything with a `search({ requests })` method (the local index client, the lite client). */
function resolveSidepanelSearchClient(value: unknown): SearchClientLike | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || typeof (value as { search?: unknown }).search !== 'function') {
    throw invalidOption('sidepanel', 'searchClient', value, 'a search client with a search({ requests }) method, such as the local index client');
  }
  return value as SearchClientLike;
}

/** `indices`: agent backend only (the assistant backend has one `indexName`); a non-empty list of index names. */
function resolveIndices(value: unknown, agentStudio: boolean): string[] | undefined {
  if (value === undefined) return undefined;
  if (!agentStudio) {
    throw optionError('sidepanel', 'option "indices" is only for the agent backend ("agentStudio: true"); the assistant backend searches "indexName".');
  }
  if (!Array.isArray(value) || value.length === 0 || value.some((name) => typeof name !== 'string' || name.trim() === '')) {
    throw invalidOption('sidepanel', 'indices', value, 'a non-empty array of index names (non-empty strings)');
  }
  return [...(value as string[])];
}

/**
 * `pushTarget`: an element, or a selector looked up when the panel opens (the element may not
 * exist yet). A selector is parsed here when there is a document, so a typo fails at the call
 * rather than as an inline panel that silently pushes nothing.
 */
function resolvePushTarget(value: unknown, entry: Entry): string | HTMLElement | undefined {
  if (value === undefined) return undefined;
  const accepts = entry === 'integration' ? 'a CSS selector' : 'a CSS selector or an element';
  if (typeof value === 'string') {
    if (value.trim() === '') throw invalidOption('sidepanel', 'pushTarget', value, accepts);
    if (typeof document !== 'undefined') {
      try {
        document.createDocumentFragment().querySelector(value);
      } catch {
        throw optionError('sidepanel', `option "pushTarget" is not a valid CSS selector: ${JSON.stringify(value)}.`);
      }
    }
    return value.trim();
  }
  if (entry !== 'integration' && isElement(value)) return value as HTMLElement;
  throw invalidOption('sidepanel', 'pushTarget', value, accepts);
}

/** The rules of `baseUrl` and `searchParameters`, shared with `askAi` (askAi.ts). */
export type HostedOptionRules = Pick<typeof import('./askAi.js'), 'resolveAskAiBaseUrl' | 'resolveAskAiSearchParameters'>;

/** The rules the caller of `resolveSidepanelOptionsWith` passes in. */
export interface SidepanelOptionRules {
  /** The rules of `baseUrl` and `searchParameters`; may be left out when neither option is given. */
  hosted?: HostedOptionRules;
  /** The JavaScript entry's `container` (an element or a selector) as the element to render into. */
  container(value: unknown): HTMLElement;
}

/** `resolveSidepanelOptions` (sidepanelOptions.ts) with some of its rules passed in (see `SidepanelOptionRules`). */
export function resolveSidepanelOptionsWith(options: unknown, entry: Entry, rules: SidepanelOptionRules): ResolvedSidepanelOptions {
  const { hosted } = rules;
  const given = checkPlainObject(at('options'), options, 'an object of options');
  const known = [...KEYS, ...ENTRY_KEYS[entry]];
  for (const key of Object.keys(given)) {
    if (known.includes(key) || (entry === 'react' && (key === 'children' || key === 'key' || key === 'ref'))) continue;
    // The other entry's element option: say which entry takes it and where this one renders.
    const owner = ({ container: 'js', portalContainer: 'react' } as const)[key as 'container'];
    if (owner) {
      const renders = entry === 'integration' ? 'renders the panel into the page body' : `renders into "${entry === 'js' ? 'container' : 'portalContainer'}"`;
      throw optionError('sidepanel', `option "${key}" is only for ${ENTRY_NAMES[owner]}; ${ENTRY_NAMES[entry]} ${renders}.`);
    }
    throw unknownOption('sidepanel', key, known, ENTRY_NAMES[entry]);
  }
  const { appId, apiKey } = resolveCredentials(given);
  const assistantId = resolveAssistantId(given);
  const agentStudio = option(given, 'agentStudio', checkBoolean, SIDEPANEL_DEFAULTS.agentStudio);
  const baseUrl = given.baseUrl === undefined ? undefined : hosted!.resolveAskAiBaseUrl('sidepanel', given.baseUrl, 'baseUrl');
  const searchClient = resolveSidepanelSearchClient(given.searchClient);
  // Same rule as chooseChatBackend: credentials or a base URL mean a hosted backend.
  const local = baseUrl === undefined && appId === undefined;
  if (local && !searchClient) {
    throw optionError(
      'sidepanel',
      'option "searchClient" is required for the local assistant (no "appId"/"apiKey" and no "baseUrl" were given): pass the local index client, or credentials for a hosted assistant.',
    );
  }
  const indexName = option(given, 'indexName', checkString);
  if (indexName === undefined && (local || !agentStudio)) {
    throw optionError(
      'sidepanel',
      local
        ? 'option "indexName" is required for the local assistant: the index its search client answers for.'
        : 'option "indexName" is required (only the agent backend, "agentStudio: true", can do without it).',
    );
  }

  let container: HTMLElement | undefined;
  let portalContainer: Element | DocumentFragment | undefined;
  if (entry === 'js') {
    if (typeof window === 'undefined') throw optionError('sidepanel', 'the JavaScript function needs a browser window.');
    container = rules.container(given.container);
  } else if (given.portalContainer !== undefined) {
    if (!isElementOrFragment(given.portalContainer)) throw invalidOption('sidepanel', 'portalContainer', given.portalContainer, 'an Element or a DocumentFragment');
    portalContainer = given.portalContainer;
  }

  return {
    appId,
    apiKey,
    assistantId,
    indexName,
    indices: resolveIndices(given.indices, agentStudio),
    agentStudio,
    searchClient,
    baseUrl,
    pushTarget: resolvePushTarget(given.pushTarget, entry),
    searchParameters: given.searchParameters === undefined ? undefined : hosted!.resolveAskAiSearchParameters(at('searchParameters'), given.searchParameters, agentStudio),
    variant: option(given, 'variant', oneOf(['floating', 'inline'] as const), SIDEPANEL_DEFAULTS.variant),
    side: option(given, 'side', oneOf(['right', 'left'] as const), SIDEPANEL_DEFAULTS.side),
    width: option(given, 'width', cssWidth, SIDEPANEL_DEFAULTS.width),
    expandedWidth: option(given, 'expandedWidth', cssWidth, SIDEPANEL_DEFAULTS.expandedWidth),
    suggestedQuestions: option(given, 'suggestedQuestions', checkBoolean, SIDEPANEL_DEFAULTS.suggestedQuestions),
    keyboardShortcuts: checkShortcuts(at('keyboardShortcuts'), given.keyboardShortcuts, ['Ctrl/Cmd+I'] as const, ' "Ctrl/Cmd+K" and "/" belong to the search modal.'),
    theme: option(given, 'theme', oneOf(['light', 'dark'] as const), SIDEPANEL_DEFAULTS.theme),
    themeGiven: given.theme !== undefined,
    translations: resolveTranslations('sidepanel', given.translations as DeepPartial<SiteSearchTranslations> | undefined),
    container,
    portalContainer,
  };
}
