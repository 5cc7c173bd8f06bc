/**
 * The search modal's options (interface section 2.2), explained in our own words, each with an
 * example that runs as written in `astro.config.mjs` (data) or `src/sitesearch.client.ts`
 * (functions). Types, defaults, which entries take each option and the one-line docs are the
 * option table's (`@sitesearch/islands`' siteSearchOptionTable and optionDocs), rendered by
 * OptionTable.astro: they are not restated here.
 */
export interface OptionDoc {
  name: string;
  summary: string;
  example: string;
  /** The fields of an object option (askAi), each explained with its own example. */
  fields?: FieldDoc[];
}

/** One field of an object option, such as askAi.baseUrl. */
export interface FieldDoc {
  name: string;
  type: string;
  defaultValue: string;
  summary: string;
  example: string;
}

export const OPTIONS: OptionDoc[] = [
  {
    name: 'appId',
    summary: 'The application ID of your hosted search provider account. Give it together with apiKey to search hosted indices; leave both out and the Astro integration searches a local index of your built pages instead.',
    example: `sitesearch({ appId: 'YOUR_APP_ID', apiKey: 'YOUR_SEARCH_API_KEY', indices: ['docs'] })`,
  },
  {
    name: 'apiKey',
    summary: 'A search-only API key. Every visitor can read it in the page, so never use a key that can write or administer.',
    example: `sitesearch({ appId: 'YOUR_APP_ID', apiKey: '<SEARCH_API_KEY>', indices: ['docs'] })`,
  },
  {
    name: 'indices',
    summary: 'The indices searched for every query, in one request. Results are shown in one group per index, in the order of this list. An object adds search parameters of its own, such as facetFilters. Either indices or indexName is required with the hosted provider.',
    example: `sitesearch({
  indices: ['docs', { name: 'blog', searchParameters: { facetFilters: ['language:en'] } }],
})`,
  },
  {
    name: 'indexName',
    summary: 'The older way to name a single index. It still works and prints a one-time deprecation warning; indices: [name] does the same.',
    example: `sitesearch({ indexName: 'docs' }) // same as indices: ['docs']`,
  },
  {
    name: 'placeholder',
    summary: 'The text shown in the empty search input. Setting it replaces the placeholder that otherwise changes when the assistant is on; translations.modal.searchBox.placeholderText is the preferred place for it.',
    example: `sitesearch({ placeholder: 'Search the handbook' })`,
  },
  {
    name: 'askAi',
    summary: 'Turns on Ask AI, the assistant chat in the search modal: a question typed in the search box gets an “Ask AI” entry above the results, and choosing it opens the chat. A string is the assistant ID; an object names the assistant and can bring its own credentials, index and retrieval parameters (its fields are below). Which backend answers follows from the options: with no appId/apiKey and no askAi.baseUrl, the local assistant answers in the browser from the local index, with no account; otherwise the hosted assistant backend, or the agent backend with agentStudio: true. The Ask AI page explains the three.',
    example: `// No account: the local assistant answers from the local index of the built pages.
sitesearch({ askAi: 'my-docs' })`,
    fields: [
      {
        name: 'assistantId',
        type: 'string',
        defaultValue: 'required',
        summary: 'The assistant that answers. Hosted backends look it up; the local assistant only uses it to keep each assistant’s conversations apart, so any name works there. askAi: \'id\' is short for askAi: { assistantId: \'id\' }.',
        example: `sitesearch({ askAi: { assistantId: 'my-docs' } })`,
      },
      {
        name: 'appId',
        type: 'string',
        defaultValue: 'the top-level appId',
        summary: 'The application ID for the assistant, when it lives under other credentials than keyword search. With the local index (no top-level appId/apiKey), giving askAi.appId and askAi.apiKey keeps keyword search local and sends questions to the hosted assistant; giving only one of them is an error.',
        example: `sitesearch({ askAi: { assistantId: 'YOUR_ASSISTANT_ID', appId: 'YOUR_APP_ID', apiKey: 'YOUR_SEARCH_API_KEY', indexName: 'docs' } })`,
      },
      {
        name: 'apiKey',
        type: 'string',
        defaultValue: 'the top-level apiKey',
        summary: 'The search-only key for the assistant, when it differs from the keyword-search one. Visitors can read it, like the top-level key.',
        example: `sitesearch({ appId: 'YOUR_APP_ID', apiKey: 'YOUR_SEARCH_API_KEY', indices: ['docs'],
  askAi: { assistantId: 'YOUR_ASSISTANT_ID', apiKey: 'ANOTHER_SEARCH_API_KEY' } })`,
      },
      {
        name: 'indexName',
        type: 'string',
        defaultValue: 'indexName, else the first of indices',
        summary: 'The index the assistant retrieves from. The local assistant searches it through the widget’s own search client, so with the local index it is the local index’s name (docs by default).',
        example: `sitesearch({ indices: ['docs', 'blog'], askAi: { assistantId: 'my-docs', indexName: 'docs' } })`,
      },
      {
        name: 'searchParameters',
        type: 'AskAiSearchParameters | Record<index, …>',
        defaultValue: 'none',
        summary: 'Scopes what the assistant retrieves. Its shape depends on the backend. Without agentStudio (assistant backend and local assistant): a flat object with facetFilters, filters, attributesToRetrieve, restrictSearchableAttributes and distinct. With agentStudio: true: an object keyed by index name whose values take the same keys except facetFilters (use filters). The wrong shape stops the build with an error that says which backend expects which shape.',
        example: `// Assistant backend or local assistant: flat
sitesearch({ askAi: { assistantId: 'my-docs', searchParameters: { facetFilters: ['language:en'], distinct: true } } })
// Agent backend (agentStudio: true): keyed by index name, no facetFilters
sitesearch({ appId: 'YOUR_APP_ID', apiKey: 'YOUR_SEARCH_API_KEY', indices: ['docs'],
  askAi: { assistantId: 'YOUR_AGENT_ID', agentStudio: true, searchParameters: { docs: { filters: 'type:content' } } } })`,
      },
      {
        name: 'suggestedQuestions',
        type: 'boolean',
        defaultValue: 'false',
        summary: 'Shows the assistant’s suggested questions on the new-conversation screen; choosing one sends it. The assistant backend reads them from the index algolia_ask_ai_suggested_questions (sitesearch serve answers it with its --suggested-question flags). The local assistant has none, so it shows nothing more.',
        example: `sitesearch({ askAi: { assistantId: 'docs-assistant', baseUrl: 'http://127.0.0.1:8787', suggestedQuestions: true } })`,
      },
      {
        name: 'agentStudio',
        type: 'boolean',
        defaultValue: 'false',
        summary: 'Experimental: true selects the agent backend for hosted chat. Answers then have no like/dislike buttons and may end with follow-up questions to click. searchParameters switches to the keyed shape. It needs appId, or askAi.baseUrl, to know where the agent lives.',
        example: `sitesearch({ appId: 'YOUR_APP_ID', apiKey: 'YOUR_SEARCH_API_KEY', indices: ['docs'],
  askAi: { assistantId: 'YOUR_AGENT_ID', agentStudio: true } })`,
      },
      {
        name: 'baseUrl',
        type: 'string (http(s) URL)',
        defaultValue: 'the hosted backend',
        summary: 'A SiteSearch addition: the address of the chat backend, replacing the hosted one: sitesearch serve, a proxy, a gateway of your own. It must be an absolute http(s) URL without a query or fragment; a trailing slash is dropped. Setting it always means a hosted protocol (assistant, or agent with agentStudio), never the local assistant.',
        example: `// npx sitesearch serve dist --port 8787 prints its address
sitesearch({ askAi: { assistantId: 'docs-assistant', baseUrl: 'http://127.0.0.1:8787', appId: 'SITESEARCH', apiKey: 'sitesearch-local-search-key' } })`,
      },
    ],
  },
  {
    name: 'searchParameters',
    summary: 'Search parameters sent to every index. Still accepted, with a one-time warning; parameters given on an index in indices take precedence over these.',
    example: `sitesearch({ indices: ['docs'], searchParameters: { facetFilters: ['version:2'] } })`,
  },
  {
    name: 'transformItems',
    summary: 'Gets the hits of each response before they are shown and returns the list to show: change, drop or reorder hits. It must keep the shape of a hit.',
    example: `// src/sitesearch.client.ts
export default {
  transformItems: (items) => items.filter((item) => !item.url.includes('/drafts/')),
};`,
  },
  {
    name: 'hitComponent',
    summary: 'Draws each result. hit is the result data; children is what the built-in hit would draw. Return markup built with the html helper (values become text, never HTML), a JSX element with the React component, or a function returning either.',
    example: `export default {
  hitComponent: ({ hit, children }, { html }) => html\`<a href=\${hit.url}>\${children}</a>\`,
};`,
  },
  {
    name: 'transformSearchClient',
    summary: 'Wraps the search client before it is used: add a cache, debounce queries, log them. It receives the client (the provider\'s or the local one) and returns an object with the same search method.',
    example: `export default {
  transformSearchClient: (client) => ({ ...client, search: (request) => { console.log(request); return client.search(request); } }),
};`,
  },
  {
    name: 'disableUserPersonalization',
    summary: 'When true, nothing is written to localStorage: no recent searches and no favorites.',
    example: `sitesearch({ disableUserPersonalization: true })`,
  },
  {
    name: 'initialQuery',
    summary: 'A query already in the input when the modal opens, searched at once.',
    example: `sitesearch({ initialQuery: 'install' })`,
  },
  {
    name: 'navigator',
    summary: 'Decides how opening a result changes the page: navigate for Enter, navigateNewTab for Ctrl/Cmd+Enter, navigateNewWindow for Shift+Enter. Each receives { itemUrl, item }. In Astro, results open through the router by default, so view transitions apply.',
    example: `export default {
  navigator: { navigate: ({ itemUrl }) => { window.location.href = itemUrl; } },
};`,
  },
  {
    name: 'translations',
    summary: 'Replaces any text or aria-label of the button and the modal; give only the keys you change. Every key is listed on the translations page.',
    example: `sitesearch({ translations: { button: { buttonText: 'Rechercher', buttonAriaLabel: 'Rechercher' } } })`,
  },
  {
    name: 'getMissingResultsUrl',
    summary: 'Returns a URL where readers can report a search that found nothing. When set, the no-results screen links to it with the texts of translations.modal.noResultsScreen.',
    example: `export default {
  getMissingResultsUrl: ({ query }) => \`https://github.com/you/docs/issues/new?title=\${encodeURIComponent(query)}\`,
};`,
  },
  {
    name: 'keyboardShortcuts',
    summary: 'Turns shortcuts off one by one. Ctrl/Cmd+K opens and closes the modal, / opens it when you are not typing in a field. Escape always closes it. With Ctrl/Cmd+K off, the button hides its key hint.',
    example: `sitesearch({ keyboardShortcuts: { '/': false } })`,
  },
  {
    name: 'resultsFooterComponent',
    summary: 'Draws something under the results, with the same template styles as hitComponent. state.query is the query and state.context.nbHits the number of hits.',
    example: `export default {
  resultsFooterComponent: ({ state }, { html }) => html\`<p>\${state.context.nbHits} hits for “\${state.query}”</p>\`,
};`,
  },
  {
    name: 'maxResultsPerGroup',
    summary: 'How many results each group shows at most.',
    example: `sitesearch({ maxResultsPerGroup: 3 })`,
  },
  {
    name: 'recentSearchesLimit',
    summary: 'How many recent searches are kept in localStorage.',
    example: `sitesearch({ recentSearchesLimit: 10 })`,
  },
  {
    name: 'recentSearchesWithFavoritesLimit',
    summary: 'How many recent searches are kept once the reader has favorites, so both lists fit on the start screen.',
    example: `sitesearch({ recentSearchesWithFavoritesLimit: 3 })`,
  },
  {
    name: 'searchClient',
    summary: 'A SiteSearch addition: a ready search client instead of appId and apiKey, such as the local index client. The Astro integration sets it for you when no credentials are configured.',
    example: `import { createLocalSearchClient } from '@sitesearch/local/client';
export default { searchClient: createLocalSearchClient({ url: '/sitesearch/' }) };`,
  },
  {
    name: 'container',
    summary: 'JavaScript function only: where the button is mounted (a CSS selector or an element; the first match). The modal is also rendered inside it. Integrations render the button where you place their component instead.',
    example: `sitesearch({ container: '#search', indices: ['docs'], appId: 'YOUR_APP_ID', apiKey: 'YOUR_SEARCH_API_KEY' })`,
  },
  {
    name: 'insights',
    summary: 'Click analytics, off by default, as DocSearch\'s insights option: searches ask the provider for a queryID, the results a search showed are sent as one "Items Viewed" event, and opening a result (click, Enter or Ctrl/Cmd-click) sends one "Item Selected" click with that search\'s queryID and the result\'s position counted from 1. Events go by navigator.sendBeacon to the provider\'s Insights API, or to host, from a small chunk loaded with the first result; no script from another origin, and a page without insights loads nothing more. The user token is anonymous (anonymous-<uuid>, in localStorage; in the _ALGOLIA cookie only with useCookie), or your own userToken. On the local index, events need a host, such as sitesearch serve --analytics; without one, insights stays off and the console says so. The Sidepanel has no insights option, as DocSearch\'s has none. See the Analytics page.',
    example: `sitesearch({ appId: 'YOUR_APP_ID', apiKey: 'YOUR_SEARCH_API_KEY', indices: ['docs'], insights: true })`,
    fields: [
      {
        name: 'userToken',
        type: 'string',
        defaultValue: "'anonymous-<uuid>', kept in localStorage",
        summary: 'The token every event carries, when your site has a pseudonymous ID of its own for the reader. Never put an e-mail address or a name in it: it is sent as is.',
        example: `sitesearch({ insights: { userToken: 'reader-7f3a' } })`,
      },
      {
        name: 'useCookie',
        type: 'boolean',
        defaultValue: 'false',
        summary: 'Keeps the anonymous token in the first-party _ALGOLIA cookie (six months), the provider\'s own insights client\'s name for it, instead of localStorage. Only if your cookie notice covers it.',
        example: `sitesearch({ insights: { useCookie: true } })`,
      },
      {
        name: 'host',
        type: 'string',
        defaultValue: "'https://insights.algolia.io'",
        summary: 'The origin events are posted to (POST {host}/1/events, the provider\'s body): sitesearch serve --analytics, or your own collector. Required for insights on the local index.',
        example: `sitesearch({ insights: { host: 'https://stats.example.com' } })`,
      },
    ],
  },
  {
    name: 'environment',
    summary: 'JavaScript function only: the window the widget runs in, for pages that mount it into an iframe.',
    example: `sitesearch({ container: frame.contentDocument.body, environment: frame.contentWindow, indices: ['docs'], appId: 'YOUR_APP_ID', apiKey: 'YOUR_SEARCH_API_KEY' })`,
  },
  {
    name: 'portalContainer',
    summary: 'React component only: the node the modal is rendered into.',
    example: `<SiteSearch portalContainer={document.getElementById('overlays')} indices={['docs']} appId="YOUR_APP_ID" apiKey="YOUR_SEARCH_API_KEY" />`,
  },
];
