import { mergeTranslations, resolvePlaceholder } from '../keywordTranslations.js';
import type { SiteSearchTranslations } from '../translations.js';
import type { ResolvedAskAi } from './askAi.js';
import {
  checkBoolean,
  isPlainObject,
  checkFunction,
  checkInteger,
  checkPlainObject,
  checkShortcuts,
  checkString,
  isElementOrFragment,
  type OptionPath,
} from './checks.js';
import { invalidOption, optionError, unknownOption, warnOnce } from './errors.js';
import { checkRequiredSiteSearchOptions, SITESEARCH_DEFAULTS, SITESEARCH_ENTRY_OPTIONS, SITESEARCH_OPTION_TYPES } from './siteSearchOptionTable.js';
import type {
  HitComponent,
  Navigator,
  ResultsFooterComponent,
  SearchClientLike,
  SearchParameters,
  SiteSearchIndex,
  SiteSearchTransformClient,
} from './types.js';
import type { DocHit } from '../records.js';

/**
 * Which entry point the options came through: the JavaScript function, the React component, or
 * an SSG integration (Astro, Docusaurus), which renders the button itself and takes neither
 * `container` nor `portalContainer`.
 */
export type Entry = 'js' | 'react' | 'integration';

/** An index with its parameters resolved. */
export interface ResolvedIndex {
  name: string;
  searchParameters: SearchParameters;
}

/** The search modal's options with every default applied. */
export interface ResolvedSiteSearchOptions {
  appId: string | undefined;
  apiKey: string | undefined;
  /** Indices in display order (from `indices`, or from the deprecated `indexName`). */
  indices: ResolvedIndex[];
  placeholder: string;
  askAi: ResolvedAskAi | undefined;
  transformItems: (items: DocHit[]) => DocHit[];
  hitComponent: HitComponent | undefined;
  transformSearchClient: (client: SiteSearchTransformClient) => SiteSearchTransformClient;
  disableUserPersonalization: boolean;
  initialQuery: string;
  navigator: Navigator | undefined;
  translations: SiteSearchTranslations;
  getMissingResultsUrl: ((params: { query: string }) => string) | undefined;
  keyboardShortcuts: { 'Ctrl/Cmd+K': boolean; '/': boolean };
  resultsFooterComponent: ResultsFooterComponent | undefined;
  maxResultsPerGroup: number;
  recentSearchesLimit: number;
  recentSearchesWithFavoritesLimit: number;
  searchClient: SearchClientLike | undefined;
  /** Where and how click and view events go, when `insights` is on and has somewhere to send them. */
  insights: ResolvedInsights | undefined;
  /** JavaScript entry: where the button mounts and the modal is portaled. */
  container: HTMLElement | undefined;
  /** JavaScript entry: the window the widget runs in. */
  environment: typeof window | undefined;
  /** React entry: where the modal is portaled (`undefined` means `document.body`, resolved at render time for SSR). */
  portalContainer: Element | DocumentFragment | undefined;
}

/** The `insights` option resolved: the events endpoint's origin and how the user token is kept. */
export interface ResolvedInsights {
  host: string;
  userToken: string | undefined;
  useCookie: boolean;
}

const identity = <T>(value: T): T => value;

// The names come from the option table (siteSearchOptionTable.ts): one list of options.
const COMMON_KEYS = Object.keys(SITESEARCH_OPTION_TYPES);
const ENTRY_KEYS: Record<Entry, readonly string[]> = SITESEARCH_ENTRY_OPTIONS;
const ENTRY_NAMES: Record<Entry, string> = { js: 'the JavaScript function', react: 'the React component', integration: 'the integration' };
/** Props React passes to every component; not options. */
const REACT_RESERVED = ['children', 'key', 'ref'];

const at = (path: string): OptionPath => ({ widget: 'sitesearch', path });

/** The options once every synchronous check passed: all but `askAi`, `translations`, `placeholder` and `insights`. */
export interface CheckedSiteSearchOptions extends Omit<ResolvedSiteSearchOptions, 'askAi' | 'translations' | 'placeholder' | 'insights'> {
  /** The options as given, for `completeSiteSearchOptions`. */
  given: Record<string, unknown>;
  /** `translations.button`, or the default texts: the button is drawn before the other texts resolve. */
  button: { buttonText: string; buttonAriaLabel: string };
}

/**
 * The JavaScript entry's `environment` and `container` (an element or a selector) as the window
 * and the element to render into; the caller passes it for that entry (`resolveSiteSearchOptions`
 * with container.ts, the CDN with what its loader resolved), so the CDN's modal does not carry
 * the lookup its loader ran already.
 */
export type Placement = (given: Record<string, unknown>) => { environment: typeof window; container: HTMLElement };

/**
 * The first half of `resolveSiteSearchOptions` (in `./siteSearchOptions.js`): option names, the
 * required options and the type of every option, synchronously. The CDN loader runs only this
 * half up front, so a wrong call throws at the call site; the second half
 * (`completeSiteSearchOptions`: the `askAi` object, every translation key, the placeholder) runs
 * in the widget chunk, with the default texts it needs.
 */
export function checkSiteSearchOptions(options: unknown, entry: Entry, placement?: Placement): CheckedSiteSearchOptions {
  const given = checkPlainObject(at('options'), options, 'an object of options');
  for (const key of Object.keys(given)) {
    if (COMMON_KEYS.includes(key) || ENTRY_KEYS[entry].includes(key) || (entry === 'react' && REACT_RESERVED.includes(key))) continue;
    if (ENTRY_KEYS.react.includes(key)) {
      throw optionError('sitesearch', `option "${key}" is only for the React component; in ${ENTRY_NAMES[entry]}, ${entry === 'js' ? '"container" is both the button\'s mount point and the modal\'s portal target' : 'the modal is portaled into the page body'}.`);
    }
    if (ENTRY_KEYS.js.includes(key)) {
      throw optionError('sitesearch', `option "${key}" is only for the JavaScript function; ${entry === 'react' ? 'the React component renders where it is placed and portals the modal into "portalContainer"' : 'with an integration, place the <SiteSearch /> component where the button goes'}.`);
    }
    if (key === 'Ctrl/Cmd+K' || key === '/') throw optionError('sitesearch', `option "${key}" belongs inside "keyboardShortcuts", e.g. keyboardShortcuts: { ${JSON.stringify(key)}: false }.`);
    throw unknownOption('sitesearch', key, [...COMMON_KEYS, ...ENTRY_KEYS[entry]], ENTRY_NAMES[entry]);
  }

  const optionalString = (key: string, allowEmpty = false) => (given[key] === undefined ? undefined : checkString(at(key), given[key], { allowEmpty }));
  const optionalFunction = <F extends (...args: never[]) => unknown>(key: string) => (given[key] === undefined ? undefined : checkFunction<F>(at(key), given[key]));
  const integer = (key: string, fallback: number, min: number) => (given[key] === undefined ? fallback : checkInteger(at(key), given[key], min));

  const searchClient = given.searchClient === undefined ? undefined : resolveSearchClient(given.searchClient, 'searchClient');
  const appId = optionalString('appId');
  const apiKey = optionalString('apiKey');
  checkRequiredSiteSearchOptions(given);

  const indexName = optionalString('indexName');
  const topLevelParameters = given.searchParameters === undefined ? undefined : (checkPlainObject(at('searchParameters'), given.searchParameters) as SearchParameters);
  const indices = resolveIndices(given.indices, indexName, topLevelParameters);
  optionalString('placeholder', true);
  if (given.askAi !== undefined && typeof given.askAi !== 'string') checkPlainObject(at('askAi'), given.askAi, 'an assistant ID (string) or an object with "assistantId"');
  const texts = given.translations === undefined ? {} : checkPlainObject(at('translations'), given.translations).button;
  const buttonText = (key: 'buttonText' | 'buttonAriaLabel') => {
    const text = isPlainObject(texts) ? texts[key] : undefined;
    // Written here rather than read from the default translations, which would bring every text
    // of the modal into the CDN loader; a test keeps the two equal.
    return text === undefined ? 'Search' : checkString(at(`translations.button.${key}`), text, { allowEmpty: true });
  };

  let container: HTMLElement | undefined;
  let environment: typeof window | undefined;
  let portalContainer: Element | DocumentFragment | undefined;
  if (entry === 'js') {
    ({ environment, container } = placement!(given));
  } else if (entry === 'react' && given.portalContainer !== undefined) {
    if (!isElementOrFragment(given.portalContainer)) throw invalidOption('sitesearch', 'portalContainer', given.portalContainer, 'an Element or a DocumentFragment');
    portalContainer = given.portalContainer;
  }

  return {
    given,
    button: { buttonText: buttonText('buttonText'), buttonAriaLabel: buttonText('buttonAriaLabel') },
    appId,
    apiKey,
    indices,
    transformItems: optionalFunction<(items: DocHit[]) => DocHit[]>('transformItems') ?? identity,
    hitComponent: optionalFunction<HitComponent>('hitComponent'),
    transformSearchClient: optionalFunction<(client: SiteSearchTransformClient) => SiteSearchTransformClient>('transformSearchClient') ?? identity,
    disableUserPersonalization: given.disableUserPersonalization === undefined ? SITESEARCH_DEFAULTS.disableUserPersonalization : checkBoolean(at('disableUserPersonalization'), given.disableUserPersonalization),
    initialQuery: optionalString('initialQuery', true) ?? SITESEARCH_DEFAULTS.initialQuery,
    navigator: resolveNavigator(given.navigator),
    getMissingResultsUrl: optionalFunction<(params: { query: string }) => string>('getMissingResultsUrl'),
    keyboardShortcuts: checkShortcuts(at('keyboardShortcuts'), given.keyboardShortcuts, ['Ctrl/Cmd+K', '/'] as const, ' "Ctrl/Cmd+I" belongs to the Sidepanel, and "Escape" always closes the modal.'),
    resultsFooterComponent: optionalFunction<ResultsFooterComponent>('resultsFooterComponent'),
    maxResultsPerGroup: integer('maxResultsPerGroup', SITESEARCH_DEFAULTS.maxResultsPerGroup, 1),
    recentSearchesLimit: integer('recentSearchesLimit', SITESEARCH_DEFAULTS.recentSearchesLimit, 0),
    recentSearchesWithFavoritesLimit: integer('recentSearchesWithFavoritesLimit', SITESEARCH_DEFAULTS.recentSearchesWithFavoritesLimit, 0),
    searchClient,
    container,
    environment,
    portalContainer,
  };
}

/**
 * The `askAi` rules and the default texts `completeSiteSearchOptions` resolves with: every text
 * and the `askAi` checks (chatOptions.ts), or, in the CDN build, the keyword search's texts alone
 * when the page needs no more (`cdnOptions.ts`).
 */
export interface TextRules {
  resolveAskAi(widget: 'sitesearch', value: unknown, fallback: { appId?: string; apiKey?: string; indexName?: string }): ResolvedAskAi | undefined;
  DEFAULT_TRANSLATIONS: SiteSearchTranslations;
}

/** Resolves the `insights` option (insightsOption.ts), passed in so a modal without it does not carry its rules. */
export type InsightsRule = (value: unknown, appId: string | undefined) => ResolvedInsights | undefined;

/**
 * The second half of `resolveSiteSearchOptions`: the `askAi` object, every translation key and
 * the placeholder, with `rules` (see `TextRules`); `insights` with `resolveInsights`, which a
 * caller passes whenever the option is given (without it, insights is off).
 */
export function completeSiteSearchOptions(checked: CheckedSiteSearchOptions, rules: TextRules, resolveInsights?: InsightsRule): ResolvedSiteSearchOptions {
  const { given, button, ...options } = checked;
  const askAi = rules.resolveAskAi('sitesearch', given.askAi, { appId: options.appId, apiKey: options.apiKey, indexName: (given.indexName as string | undefined) ?? options.indices[0]?.name });
  const translations = mergeTranslations('sitesearch', given.translations, rules.DEFAULT_TRANSLATIONS);
  const placeholder = resolvePlaceholder({ placeholder: given.placeholder as string | undefined, translations, hasAskAi: askAi !== undefined });
  return { ...options, askAi, translations, placeholder, insights: resolveInsights?.(given.insights, options.appId) };
}

/**
 * `indices` wins; the deprecated `indexName` (with the deprecated top-level `searchParameters`)
 * becomes a one-index list. Top-level `searchParameters` given with `indices` apply to every
 * index, under each index's own parameters.
 */
function resolveIndices(indices: unknown, indexName: string | undefined, topLevelParameters: SearchParameters | undefined): ResolvedIndex[] {
  if (indexName !== undefined) {
    warnOnce('sitesearch:indexName', 'sitesearch: option "indexName" is deprecated; use "indices: [\'' + indexName + '\']" instead.');
  }
  if (topLevelParameters !== undefined) {
    warnOnce('sitesearch:searchParameters', 'sitesearch: option "searchParameters" is deprecated; use "indices: [{ name, searchParameters }]" instead.');
  }
  if (indices === undefined) {
    // `checkRequiredSiteSearchOptions` made sure one of the two is there.
    return [{ name: indexName!, searchParameters: { ...topLevelParameters } }];
  }
  const accepts = 'a non-empty array of index names or { name, searchParameters } objects';
  if (!Array.isArray(indices) || indices.length === 0) throw invalidOption('sitesearch', 'indices', indices, accepts);
  const seen = new Set<string>();
  return indices.map((entry: unknown, position) => {
    const path = `indices[${position}]`;
    let index: SiteSearchIndex;
    if (typeof entry === 'string') {
      index = { name: checkString(at(path), entry) };
    } else {
      const object = checkPlainObject(at(path), entry, 'an index name or a { name, searchParameters } object');
      for (const key of Object.keys(object)) {
        if (key !== 'name' && key !== 'searchParameters') throw unknownOption('sitesearch', `${path}.${key}`, ['name', 'searchParameters'], 'an index object');
      }
      index = {
        name: checkString(at(`${path}.name`), object.name),
        searchParameters: object.searchParameters === undefined ? undefined : (checkPlainObject(at(`${path}.searchParameters`), object.searchParameters) as SearchParameters),
      };
    }
    if (seen.has(index.name)) throw optionError('sitesearch', `option "indices" lists the index ${JSON.stringify(index.name)} twice; each index is one result group.`);
    seen.add(index.name);
    return { name: index.name, searchParameters: { ...topLevelParameters, ...index.searchParameters } };
  });
}

function resolveNavigator(value: unknown): Navigator | undefined {
  if (value === undefined) return undefined;
  const accepts = 'an object with "navigate", "navigateNewTab" or "navigateNewWindow" functions';
  if (typeof value !== 'object' || value === null) throw invalidOption('sitesearch', 'navigator', value, accepts);
  const navigator = value as Record<string, unknown>;
  const methods = ['navigate', 'navigateNewTab', 'navigateNewWindow'];
  if (!methods.some((method) => navigator[method] !== undefined)) throw invalidOption('sitesearch', 'navigator', value, accepts);
  for (const method of methods) {
    if (navigator[method] !== undefined) checkFunction(at(`navigator.${method}`), navigator[method]);
  }
  return navigator as Navigator;
}

/** Checks that a value has the lite client's `search({ requests })` method. */
export function resolveSearchClient(value: unknown, path: string): SearchClientLike {
  if (typeof value !== 'object' || value === null || typeof (value as { search?: unknown }).search !== 'function') {
    throw invalidOption('sitesearch', path, value, 'a search client with a search({ requests }) method');
  }
  return value as SearchClientLike;
}
