/**
 * What readers see of each option: the type and default as written in the reference, a doc line,
 * and whether it is a SiteSearch addition to the interface. Only the site and the plugins read
 * it (through `@sitesearch/islands/ssg`); no browser bundle imports this module, so the lines cost
 * the widgets nothing. Keyed by the names of the option tables (siteSearchOptionTable.ts,
 * sidepanelOptionTable.ts), which the compiler holds it to; `siteSearchOptionRows` and
 * `sidepanelOptionRows` join the two into the table as one reads it.
 */
import { SIDEPANEL_DEFAULTS, SIDEPANEL_ENTRY_OPTION_TYPES, SIDEPANEL_ENTRY_OPTIONS, SIDEPANEL_OPTION_TYPES, type SidepanelOptionName } from './sidepanelOptionTable.js';
import { SITESEARCH_DEFAULTS, SITESEARCH_ENTRY_OPTION_TYPES, SITESEARCH_ENTRY_OPTIONS, SITESEARCH_OPTION_TYPES, type SiteSearchOptionName } from './siteSearchOptionTable.js';
import type { TypeTable } from './optionTypes.js';

/** The ways of using a widget: the JavaScript function, the React component, the CDN script, an integration's data config (Astro, Docusaurus). */
export type OptionEntry = 'js' | 'react' | 'cdn' | 'integration';

/** One option as the reference writes it. */
export interface OptionDoc {
  /** The type as readers see it, e.g. `'floating' | 'inline'`. */
  type: string;
  /** The default in words, for options whose default is not a plain value the resolver applies (those come from the table). */
  default?: string;
  /** One line: what the option does. */
  doc: string;
  /** A SiteSearch addition: not in the interface. */
  addition?: true;
  /** Why it is deprecated and what replaces it. */
  deprecated?: string;
}

/** One row of a widget's option table, every column joined. */
export interface OptionRow {
  name: string;
  /** Type letters as the loader checks them (see `TypeTable`); `object` for a nested table. */
  types: string;
  /** `function`: the value holds code, so a data config (Astro, Docusaurus) cannot carry it. */
  kind: 'data' | 'function';
  /** The entries that take it. */
  entries: OptionEntry[];
  /** The plain value the resolver applies when the option is left out, if any. */
  defaultValue: unknown;
  type: string;
  /** The default as readers see it. */
  default: string;
  doc: string;
  addition: boolean;
  deprecated: string | undefined;
}

export const SITESEARCH_OPTION_DOCS: { [name in SiteSearchOptionName]-?: OptionDoc } = {
  appId: { type: 'string', default: 'none', doc: 'Application ID of the hosted search provider; with apiKey, or neither for the local index.' },
  apiKey: { type: 'string', default: 'none', doc: 'Search-only API key; visitors can read it.' },
  indices: { type: 'Array<string | { name, searchParameters? }>', default: "none (['docs'] with an integration's local index)", doc: 'The indices searched, one result group each, in this order.' },
  indexName: { type: 'string', default: 'none', doc: 'A single index name.', deprecated: 'Use indices.' },
  placeholder: { type: 'string', default: "'Search docs'", doc: 'The empty input’s text; replaces the placeholder that changes with askAi.' },
  askAi: { type: 'string | AskAiObject', default: 'none', doc: 'Turns on Ask AI: the assistant ID, or an object with its ID, credentials, index and parameters.' },
  searchParameters: { type: 'SearchParameters', default: 'none', doc: 'Search parameters sent to every index.', deprecated: 'Use indices[].searchParameters.' },
  transformItems: { type: '(items) => items', default: 'items => items', doc: 'Changes, drops or reorders the hits before they are shown.' },
  hitComponent: { type: '({ hit, children }, { html }) => element | string | function', default: 'the built-in hit', doc: 'Draws each result.' },
  transformSearchClient: { type: '(client) => client', default: 'client => client', doc: 'Wraps the search client (a cache, a debounce, a log).' },
  disableUserPersonalization: { type: 'boolean', doc: 'When true, recent searches and favorites are not stored.' },
  initialQuery: { type: 'string', doc: 'A query already in the input when the modal opens.' },
  navigator: { type: '{ navigate, navigateNewTab, navigateNewWindow }', default: 'the browser (the site’s router with the Astro and Docusaurus integrations)', doc: 'How opening a result changes the page.' },
  translations: { type: 'Partial<SiteSearchTranslations>', default: 'English texts', doc: 'Replaces any text or accessible name; give only what you change.' },
  getMissingResultsUrl: { type: '({ query }) => string', default: 'none', doc: 'The URL where readers report a search that found nothing, linked from the no-results screen.' },
  keyboardShortcuts: { type: "{ 'Ctrl/Cmd+K'?: boolean; '/'?: boolean }", default: 'both on', doc: 'Turns the shortcuts off one by one; Escape always closes.' },
  resultsFooterComponent: { type: '({ state }, { html }) => element | string | function', default: 'none', doc: 'Draws something under the results.' },
  maxResultsPerGroup: { type: 'number', doc: 'The most results each group shows.' },
  recentSearchesLimit: { type: 'number', doc: 'The most recent searches kept.' },
  recentSearchesWithFavoritesLimit: { type: 'number', doc: 'The most recent searches kept once there are favorites.' },
  searchClient: { type: '{ search({ requests }) }', default: 'none', doc: 'A ready search client, such as the local index client, instead of appId and apiKey.', addition: true },
  insights: { type: 'boolean | { userToken?, useCookie?, host? }', default: 'false', doc: 'Sends click and view events to the Insights API (or to host, such as sitesearch serve --analytics); an anonymous user token, no cookie unless useCookie.', addition: true },
  container: { type: 'string | HTMLElement', default: 'none', doc: 'Where the button mounts (a selector or an element); also where the modal renders.' },
  environment: { type: 'typeof window', default: 'window', doc: 'The window the widget runs in.' },
  portalContainer: { type: 'Element | DocumentFragment', default: 'document.body', doc: 'The node the modal renders into.' },
};

export const SIDEPANEL_OPTION_DOCS: { [name in SidepanelOptionName]-?: OptionDoc } = {
  appId: { type: 'string', default: 'none', doc: 'Application ID of the hosted provider; with apiKey, or neither for the local assistant.' },
  apiKey: { type: 'string', default: 'none', doc: 'Search-only API key, given with appId; visitors can read it.' },
  assistantId: { type: 'string', default: 'required', doc: 'The assistant (or agent) that answers; required, as this or as agentId.' },
  agentId: { type: 'string', default: 'none', doc: 'The later name of assistantId; give one of the two.', addition: true },
  indexName: { type: 'string', default: 'required, except with agentStudio', doc: 'The index the assistant reads.' },
  indices: { type: 'string[]', default: 'none', doc: 'With agentStudio only: the indices the agent searches.', addition: true },
  agentStudio: { type: 'boolean', doc: 'Experimental: true talks to the agent backend.' },
  searchParameters: { type: "AskAiSearchParameters | Record<string, Omit<AskAiSearchParameters, 'facetFilters'>>", default: 'none', doc: 'Scopes retrieval: flat, or keyed by index name with agentStudio.' },
  variant: { type: "'floating' | 'inline'", doc: 'floating sits over the page; inline pushes the page aside.' },
  side: { type: "'right' | 'left'", doc: 'The edge the panel comes from.' },
  width: { type: 'number | string', doc: 'Width in the default state: pixels, or any CSS width.' },
  expandedWidth: { type: 'number | string', doc: 'Width once expanded: pixels, or any CSS width.' },
  suggestedQuestions: { type: 'boolean', doc: 'Lists suggested questions on the new-conversation screen.' },
  keyboardShortcuts: { type: "{ 'Ctrl/Cmd+I'?: boolean }", default: "{ 'Ctrl/Cmd+I': true }", doc: 'false turns Ctrl/Cmd+I off.' },
  theme: { type: "'light' | 'dark'", doc: 'Colour theme; left out, the panel follows the page’s data-theme.' },
  translations: { type: 'DeepPartial<SiteSearchTranslations>', default: 'English texts', doc: 'Every visible text and accessible name; give only what you change.', addition: true },
  searchClient: { type: 'SearchClientLike', default: 'none', doc: 'The client the local assistant searches through; required for it.', addition: true },
  baseUrl: { type: 'string', default: 'none (the hosted address)', doc: 'Another server speaking the hosted protocols, such as sitesearch serve.', addition: true },
  pushTarget: { type: 'string | HTMLElement', default: 'chosen automatically', doc: 'What the inline variant pushes aside: a selector (only this in a data config) or an element.', addition: true },
  container: { type: 'string | HTMLElement', default: 'required', doc: 'The element (or its selector) holding the button and the panel.' },
  portalContainer: { type: 'Element | DocumentFragment', default: 'document.body', doc: 'Where the panel renders; the button stays where the component is.' },
};

/** The entries that take an option every entry has: code every entry but a data config, data all of them. */
const commonEntries = (types: string | TypeTable): OptionEntry[] =>
  typeof types === 'string' && types !== types.toLowerCase() ? ['js', 'react', 'cdn'] : ['js', 'react', 'cdn', 'integration'];

/** A plain default as the reference writes it: strings quoted, as in code. */
const showDefault = (value: unknown): string => (typeof value === 'string' ? `'${value}'` : String(value));

function rowsOf<Name extends string>(
  common: Record<string, string | TypeTable>,
  only: { js: readonly string[]; react: readonly string[] },
  onlyTypes: Record<string, string | TypeTable>,
  defaults: Partial<Record<Name, unknown>>,
  docs: Record<Name, OptionDoc>,
): OptionRow[] {
  // Every entry's options first, in table order, then the JavaScript function's (the CDN script's too) and the React component's.
  const columns: Array<[string, string | TypeTable, OptionEntry[]]> = [
    ...Object.entries(common).map(([name, types]): [string, string | TypeTable, OptionEntry[]] => [name, types, commonEntries(types)]),
    ...only.js.map((name): [string, string | TypeTable, OptionEntry[]] => [name, onlyTypes[name]!, ['js', 'cdn']]),
    ...only.react.map((name): [string, string | TypeTable, OptionEntry[]] => [name, onlyTypes[name]!, ['react']]),
  ];
  return columns.map(([name, letters, entries]) => {
    const doc = docs[name as Name];
    const defaultValue = defaults[name as Name];
    return {
      name,
      types: typeof letters === 'string' ? letters.toLowerCase() : 'object',
      kind: typeof letters === 'string' && letters !== letters.toLowerCase() ? 'function' : 'data',
      entries,
      defaultValue,
      type: doc.type,
      default: defaultValue === undefined ? (doc.default ?? 'none') : showDefault(defaultValue),
      doc: doc.doc,
      addition: doc.addition === true,
      deprecated: doc.deprecated,
    };
  });
}

/** The search modal's option table, one row per option, in table order. */
export const siteSearchOptionRows = (): OptionRow[] => rowsOf<SiteSearchOptionName>(SITESEARCH_OPTION_TYPES, SITESEARCH_ENTRY_OPTIONS, SITESEARCH_ENTRY_OPTION_TYPES, SITESEARCH_DEFAULTS, SITESEARCH_OPTION_DOCS);

/** The Sidepanel's option table, one row per option, in table order. */
export const sidepanelOptionRows = (): OptionRow[] => rowsOf<SidepanelOptionName>(SIDEPANEL_OPTION_TYPES, SIDEPANEL_ENTRY_OPTIONS, SIDEPANEL_ENTRY_OPTION_TYPES, SIDEPANEL_DEFAULTS, SIDEPANEL_OPTION_DOCS);
