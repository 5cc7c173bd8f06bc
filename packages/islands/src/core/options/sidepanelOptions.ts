import { resolveTranslations, type DeepPartial, type SiteSearchTranslations } from '../translations.js';
import { resolveAskAiSearchParameters } from './askAi.js';
import { checkBoolean, checkOneOf, checkPlainObject, checkShortcuts, checkString, isElementOrFragment, type OptionPath } from './checks.js';
import { resolveContainer } from './container.js';
import { invalidOption, optionError, unknownOption } from './errors.js';
import type { Entry } from './siteSearchOptions.js';
import type { AgentStudioSearchParameters, AskAiSearchParameters } from './types.js';

/** The Sidepanel's options with every default applied. */
export interface ResolvedSidepanelOptions {
  appId: string;
  apiKey: string;
  assistantId: string;
  indexName: string;
  agentStudio: boolean;
  searchParameters: AskAiSearchParameters | AgentStudioSearchParameters | undefined;
  variant: 'floating' | 'inline';
  side: 'right' | 'left';
  /** CSS width in the default state (numbers became px). */
  width: string;
  /** CSS width in the expanded state (numbers became px). */
  expandedWidth: string;
  suggestedQuestions: boolean;
  keyboardShortcuts: { 'Ctrl/Cmd+I': boolean };
  theme: 'light' | 'dark';
  translations: SiteSearchTranslations;
  /** JavaScript entry: the element that holds the Sidepanel. */
  container: HTMLElement | undefined;
  /** React entry: where the panel renders (`undefined` means `document.body`). */
  portalContainer: Element | DocumentFragment | undefined;
}

const KEYS = [
  'appId', 'apiKey', 'assistantId', 'indexName', 'agentStudio', 'searchParameters', 'variant', 'side', 'width', 'expandedWidth',
  'suggestedQuestions', 'keyboardShortcuts', 'theme', 'translations',
];
const ENTRY_KEYS: Record<Entry, string> = { js: 'container', react: 'portalContainer', integration: '' };

const at = (path: string): OptionPath => ({ widget: 'sidepanel', path });

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

/** Validates the Sidepanel's options and applies every default of the spec. */
export function resolveSidepanelOptions(options: unknown, entry: Entry): ResolvedSidepanelOptions {
  const given = checkPlainObject(at('options'), options, 'an object of options');
  for (const key of Object.keys(given)) {
    if (KEYS.includes(key) || key === ENTRY_KEYS[entry] || (entry === 'react' && (key === 'children' || key === 'key' || key === 'ref'))) continue;
    if (key === 'container' || key === 'portalContainer') {
      throw optionError(
        'sidepanel',
        key === 'portalContainer'
          ? `option "portalContainer" is only for the React component; ${entry === 'js' ? 'the JavaScript function renders into "container"' : 'the integration renders the panel into the page body'}.`
          : `option "container" is only for the JavaScript function; ${entry === 'react' ? 'the React component renders into "portalContainer"' : 'the integration renders the panel into the page body'}.`,
      );
    }
    throw unknownOption('sidepanel', key, entry === 'integration' ? KEYS : [...KEYS, ENTRY_KEYS[entry]], entry === 'js' ? 'the JavaScript function' : entry === 'react' ? 'the React component' : 'the integration');
  }
  const required = (key: string) => {
    if (given[key] === undefined) throw optionError('sidepanel', `option "${key}" is required.`);
    return checkString(at(key), given[key]);
  };
  const agentStudio = given.agentStudio === undefined ? false : checkBoolean(at('agentStudio'), given.agentStudio);

  let container: HTMLElement | undefined;
  let portalContainer: Element | DocumentFragment | undefined;
  if (entry === 'js') {
    if (typeof window === 'undefined') throw optionError('sidepanel', 'the JavaScript function needs a browser window.');
    container = resolveContainer('sidepanel', given.container, window);
  } else if (given.portalContainer !== undefined) {
    if (!isElementOrFragment(given.portalContainer)) throw invalidOption('sidepanel', 'portalContainer', given.portalContainer, 'an Element or a DocumentFragment');
    portalContainer = given.portalContainer;
  }

  return {
    appId: required('appId'),
    apiKey: required('apiKey'),
    assistantId: required('assistantId'),
    indexName: required('indexName'),
    agentStudio,
    searchParameters: resolveAskAiSearchParameters(at('searchParameters'), given.searchParameters, agentStudio),
    variant: given.variant === undefined ? 'floating' : checkOneOf(at('variant'), given.variant, ['floating', 'inline'] as const),
    side: given.side === undefined ? 'right' : checkOneOf(at('side'), given.side, ['right', 'left'] as const),
    width: given.width === undefined ? '360px' : resolveCssWidth('width', given.width),
    expandedWidth: given.expandedWidth === undefined ? '580px' : resolveCssWidth('expandedWidth', given.expandedWidth),
    suggestedQuestions: given.suggestedQuestions === undefined ? false : checkBoolean(at('suggestedQuestions'), given.suggestedQuestions),
    keyboardShortcuts: checkShortcuts(at('keyboardShortcuts'), given.keyboardShortcuts, ['Ctrl/Cmd+I'] as const, ' "Ctrl/Cmd+K" and "/" belong to the search modal.'),
    theme: given.theme === undefined ? 'light' : checkOneOf(at('theme'), given.theme, ['light', 'dark'] as const),
    translations: resolveTranslations('sidepanel', given.translations as DeepPartial<SiteSearchTranslations> | undefined),
    container,
    portalContainer,
  };
}
