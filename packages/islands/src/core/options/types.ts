import type { DocHit } from '../records.js';
import type { SiteSearchTranslations, DeepPartial } from '../translations.js';

/** Provider search parameters (a subset is typed; any other provider parameter passes through). */
export interface SearchParameters {
  /** Facet filters: an AND list whose items are a value or an OR list of values, e.g. `['language:en', ['version:1', 'version:2']]`. */
  facetFilters?: Array<string | string[]>;
  /** A filter expression in the provider's syntax, e.g. `type:content AND NOT version:1`. */
  filters?: string;
  /** Attributes to return in each hit. */
  attributesToRetrieve?: string[];
  /** Attributes to snippet, as `attribute:words`. */
  attributesToSnippet?: string[];
  /** Attributes to highlight. */
  attributesToHighlight?: string[];
  /** Limits the search to these attributes. */
  restrictSearchableAttributes?: string[];
  /** Removes duplicate results (`true` or a number of duplicates to keep). */
  distinct?: boolean | number;
  /** Hits per index and page. */
  hitsPerPage?: number;
  /** Any other provider search parameter. */
  [parameter: string]: unknown;
}

/** An index to search, with parameters of its own. */
export interface SiteSearchIndex {
  /** Index name. */
  name: string;
  /** Search parameters sent with every query to this index. */
  searchParameters?: SearchParameters;
}

/** Search parameters of the assistant backend (`agentStudio` omitted or `false`). */
export interface AskAiSearchParameters {
  /** Filters retrieval by language, version or content type. */
  facetFilters?: string[];
  /** A filter expression for retrieval. */
  filters?: string;
  /** Attributes retrieved for the assistant. */
  attributesToRetrieve?: string[];
  /** Limits retrieval to these attributes. */
  restrictSearchableAttributes?: string[];
  /** Removes duplicate results. */
  distinct?: boolean | number | string;
}

/** Search parameters of the agent backend (`agentStudio: true`), keyed by index name. */
export type AgentStudioSearchParameters = Record<string, Omit<AskAiSearchParameters, 'facetFilters'>>;

/** The `askAi` object: which assistant answers questions, and with which credentials. */
export interface AskAiObject {
  /** Index for the assistant, when it differs from the keyword-search one. */
  indexName?: string;
  /** Search-only key for the assistant, when different credentials are used. */
  apiKey?: string;
  /** Application ID for the assistant, when different credentials are used. */
  appId?: string;
  /** Assistant ID. */
  assistantId: string;
  /** Scopes retrieval: a flat object, or (with `agentStudio: true`) an object keyed by index name. */
  searchParameters?: AskAiSearchParameters | AgentStudioSearchParameters;
  /** Shows suggested questions on the new-conversation screen. */
  suggestedQuestions?: boolean;
  /** Experimental: `true` selects the agent backend for chat. */
  agentStudio?: boolean;
  /** SiteSearch addition: an http(s) base URL of the chat backend (`sitesearch serve`, a proxy, a self-hosted gateway), used instead of the hosted default. */
  baseUrl?: string;
}

/** Named keyboard shortcuts of the search modal; `false` disables one. `Escape` always closes. */
export interface KeyboardShortcuts {
  /** Toggles the modal. */
  'Ctrl/Cmd+K'?: boolean;
  /** Opens the modal when the user is not typing in a field. */
  '/'?: boolean;
}

/** Named keyboard shortcuts of the Sidepanel; `false` disables one. */
export interface SidepanelKeyboardShortcuts {
  /** Toggles the Sidepanel. */
  'Ctrl/Cmd+I'?: boolean;
}

/** One request of a multi-index search, in the shape of the provider's lite client. */
export interface SearchRequest {
  /** Index to search. */
  indexName: string;
  /** The query. */
  query: string;
  /** Any search parameter. */
  [parameter: string]: unknown;
}

/** The response to one request of a multi-index search. */
export interface SearchResponse<THit = DocHit> {
  /** The hits. */
  hits: THit[];
  /** Number of matching records. */
  nbHits?: number;
  /** Index that answered. */
  index?: string;
  /** The query as understood. */
  query?: string;
  /** Any other response field. */
  [field: string]: unknown;
}

/**
 * The second argument of `search()`: the modal passes `signal`, aborted once a newer keystroke
 * supersedes the search. The local index client then fetches nothing more for it and rejects
 * (an `AbortError`); other clients may ignore it, the modal drops a superseded answer anyway.
 */
export interface SearchRequestOptions {
  signal?: AbortSignal;
  /** The lite client's own options (`headers`, `timeouts`…), which the modal never sends; `any` so its `RequestOptions` type fits. */
  [option: string]: any;
}

/**
 * What the widgets need of a search client, and nothing more: the lite client's
 * `search({ requests })`. Kept to that structural minimum (no index signature, loose result
 * type) so every client fits as it is typed — the lite client, `createLocalSearchClient()`, a
 * class or an interface of your own; the widget checks each result's `hits` when it arrives.
 */
export interface SearchClientLike {
  /** Runs one multi-index search; `results` holds one `SearchResponse` per request, in order. */
  search(params: { requests: SearchRequest[] }, requestOptions?: SearchRequestOptions): Promise<{ results: ReadonlyArray<SearchResponse | object> }>;
  /** Starts fetching what the first search needs; the loader calls it on intent when present (the local index client has it). */
  warm?(): Promise<void>;
}

/** The search client as handed to `transformSearchClient`. */
export type SiteSearchTransformClient = SearchClientLike;

/** The autocomplete Navigator API: how opening an item changes the page. */
export interface Navigator {
  /** Opens an item in the current tab. */
  navigate?(params: { itemUrl: string; item: DocHit; state?: unknown }): void;
  /** Opens an item in a new tab (Ctrl/Cmd+Enter). */
  navigateNewTab?(params: { itemUrl: string; item: DocHit; state?: unknown }): void;
  /** Opens an item in a new window (Shift+Enter). */
  navigateNewWindow?(params: { itemUrl: string; item: DocHit; state?: unknown }): void;
}

/** The tagged-template helper (`html`) passed to template options in the JavaScript package. */
export type HtmlTemplateTag = (strings: TemplateStringsArray, ...values: unknown[]) => unknown;

/** Helpers passed as second argument to `hitComponent` and `resultsFooterComponent`. */
export interface TemplateHelpers {
  /** Builds markup safely from a template literal. */
  html: HtmlTemplateTag;
}

/** The autocomplete state given to `resultsFooterComponent`. */
export interface ResultsFooterState {
  /** The current query. */
  query: string;
  /** Context of the current search; `nbHits` is the total number of hits. */
  context: { nbHits: number; [key: string]: unknown };
  /** Any other state field. */
  [key: string]: unknown;
}

/** Renders one hit: a JSX element (React), a string built with `html`, or a function returning either. */
export type HitComponent = (props: { hit: DocHit; children: unknown }, helpers: TemplateHelpers) => unknown;

/** Renders content below the results. */
export type ResultsFooterComponent = (props: { state: ResultsFooterState }, helpers: TemplateHelpers) => unknown;

/**
 * The `insights` object: click and view events for the provider's Insights API (or a collector
 * that speaks it, such as `sitesearch serve --analytics`). The names are those of the provider's
 * own insights client (`search-insights` init parameters).
 */
export interface InsightsOptions {
  /** The user token sent with every event, e.g. your own pseudonymous ID (default: an anonymous `anonymous-<uuid>`, kept in localStorage). */
  userToken?: string;
  /** Keeps the anonymous token in the `_ALGOLIA` first-party cookie (6 months) instead of localStorage (default `false`). */
  useCookie?: boolean;
  /** The events endpoint's origin, e.g. `https://stats.example.com` for `sitesearch serve --analytics` (default: the provider's `https://insights.algolia.io`). */
  host?: string;
}

/** Options shared by the JavaScript function and the React component of the search modal. */
export interface SiteSearchBaseOptions {
  /** Application ID of the search provider. */
  appId?: string;
  /** Search-only API key (`<SEARCH_API_KEY>`). */
  apiKey?: string;
  /** Indices for keyword search; result groups follow this order. */
  indices?: Array<string | SiteSearchIndex>;
  /** @deprecated Use `indices`. Single index name. */
  indexName?: string;
  /** Input placeholder; replaces the dynamic placeholder that depends on `askAi`. */
  placeholder?: string;
  /** The assistant: its ID as a string, or an `AskAiObject`. */
  askAi?: string | AskAiObject;
  /** @deprecated Use `indices[].searchParameters`. Provider search parameters. */
  searchParameters?: SearchParameters;
  /** Maps, removes or reorders the items of a search response before display. */
  transformItems?: (items: DocHit[]) => DocHit[];
  /** Renders each hit. */
  hitComponent?: HitComponent;
  /** Transforms the search client (for example, to debounce queries). */
  transformSearchClient?: (client: SiteSearchTransformClient) => SiteSearchTransformClient;
  /** When `true`, recent searches and favorites are not saved to local storage. */
  disableUserPersonalization?: boolean;
  /** Initial query of the search input. */
  initialQuery?: string;
  /** Redirects when a link is opened. */
  navigator?: Navigator;
  /** Overrides texts and aria-labels. */
  translations?: DeepPartial<SiteSearchTranslations>;
  /** Returns the URL where users can report missing results. */
  getMissingResultsUrl?: (params: { query: string }) => string;
  /** Enables or disables named shortcuts. */
  keyboardShortcuts?: KeyboardShortcuts;
  /** Rendered below the results. */
  resultsFooterComponent?: ResultsFooterComponent;
  /** Maximum results displayed per search group (default 5). */
  maxResultsPerGroup?: number;
  /** Maximum stored recent searches (default 7). */
  recentSearchesLimit?: number;
  /** Maximum stored recent searches when the user has favorites (default 4). */
  recentSearchesWithFavoritesLimit?: number;
  /** SiteSearch extension: a ready search client (such as the local index client); `appId` and `apiKey` are then not needed. */
  searchClient?: SearchClientLike;
  /** Sends click and view events to the Insights API (default `false`): `true`, or an `InsightsOptions` object. */
  insights?: boolean | InsightsOptions;
}

/** Options of the JavaScript function `sitesearch(options)`. */
export interface SiteSearchOptions extends SiteSearchBaseOptions {
  /** Mount point of the search button (a CSS selector or an element); also the modal's portal target. */
  container: string | HTMLElement;
  /** Environment in which the application runs (default `window`). */
  environment?: typeof window;
}

/** Props of the React component `SiteSearch`. */
export interface SiteSearchProps extends SiteSearchBaseOptions {
  /** Node into which the modal is portaled (default `document.body`). */
  portalContainer?: Element | DocumentFragment;
}

/** Options shared by the JavaScript function and the React component of the Sidepanel. */
export interface SidepanelBaseOptions {
  /** Application ID of the search provider. Give it with `apiKey`, or neither for the local assistant. */
  appId?: string;
  /** Search-only API key (`<SEARCH_API_KEY>`). Give it with `appId`, or neither for the local assistant. */
  apiKey?: string;
  /** ID of the assistant to use (required, as this or as `agentId`). */
  assistantId?: string;
  /** The later name of `assistantId` (spec 9.5); give one of the two, or both with the same value. */
  agentId?: string;
  /** Index used by the assistant service. Required, except for a hosted agent backend (`agentStudio: true` with credentials or `baseUrl`); the local assistant searches it. */
  indexName?: string;
  /** Agent backend only (`agentStudio: true`): the indices the agent searches, sent as `algolia.indices`. */
  indices?: string[];
  /**
   * SiteSearch addition: a ready search client, such as the local index client. Required for the
   * local assistant (no `appId`/`apiKey` and no `baseUrl`), which retrieves through it.
   */
  searchClient?: SearchClientLike;
  /** SiteSearch addition: an http(s) base URL of the chat backend (`sitesearch serve`, a proxy, a gateway), used instead of the hosted default. */
  baseUrl?: string;
  /**
   * SiteSearch addition: what the `inline` variant pushes aside, as a CSS selector (looked up when
   * the panel opens) or an element; by default the page's main content wrapper is chosen.
   */
  pushTarget?: string | HTMLElement;
  /** Experimental: `true` selects the agent backend for chat. */
  agentStudio?: boolean;
  /** Scopes retrieval: a flat object, or (with `agentStudio: true`) an object keyed by index name. */
  searchParameters?: AskAiSearchParameters | AgentStudioSearchParameters;
  /** `inline` pushes page content when opened; `floating` sits above it (default `floating`). */
  variant?: 'floating' | 'inline';
  /** Side of the page the panel comes from (default `right`). */
  side?: 'right' | 'left';
  /** Width in the default state: a number of px or any CSS width (default `360px`). */
  width?: number | string;
  /** Width in the expanded state: a number of px or any CSS width (default `580px`). */
  expandedWidth?: number | string;
  /** Shows suggested questions on the new-conversation screen (default `false`). */
  suggestedQuestions?: boolean;
  /** Enables or disables named shortcuts. */
  keyboardShortcuts?: SidepanelKeyboardShortcuts;
  /** Colour theme (default `light`). */
  theme?: 'light' | 'dark';
  /** Overrides texts and aria-labels. */
  translations?: DeepPartial<SiteSearchTranslations>;
}

/** Options of the JavaScript function `sidepanel(options)`. */
export interface SidepanelOptions extends SidepanelBaseOptions {
  /** Element (CSS selector or element) that holds the Sidepanel button and the Sidepanel. */
  container: string | HTMLElement;
}

/** Props of the React component `Sidepanel`. */
export interface SidepanelProps extends SidepanelBaseOptions {
  /** Node into which the panel is rendered (default `document.body`). */
  portalContainer?: Element | DocumentFragment;
}
