/**
 * The search page at `<baseUrl><searchPagePath>?q=<query>`: every result of the query, more as
 * the reader scrolls, from the same indices and parameters as the modal (the local index or the
 * provider). The input keeps the URL's `q` in step (history.replace: no entry per keystroke), so
 * a search can be shared and survives a reload. With contextual search, the page searches the
 * current locale and one docs version, picked on the page and kept in the URL (`&version=1.x`,
 * or `all`; history.push, so Back returns to the previous one); the other locales' search pages
 * are linked with the same query. Swizzle it to change the page or to pass `transformItems`,
 * `transformSearchClient` or `searchClient`.
 */
import { Fragment, useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import { translate } from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useAllPluginInstancesData } from '@docusaurus/useGlobalData';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Layout from '@theme/Layout';
import type { DocHit, SearchClientLike, SiteSearchTransformClient, TextSegment } from '@sitesearch/islands/core';
import { contextualFacetFilters, withContextualFilters, type FacetFilters } from '../../contextual.js';
import { withQuery } from '../../searchPage.js';
import { widgetOptions } from '../../shared.js';
import type { ThemeConfig } from '../../types.js';
import { useSiteSearchConfig } from '../useSiteSearchConfig.js';
import { describeHit, resultLink, selectPlural, type LinkContext, type SearchPageHit } from './display.js';
import { otherLocaleSearchPages, type LocaleSearchPage, type SiteI18n } from './locales.js';
import { createPagedSearch, IDLE_STATE, searchPageIndices, type PagedSearch, type PagedSearchState } from './pagedSearch.js';
import { readPreferredVersion } from './preferredVersion.js';
import {
  ALL_VERSIONS,
  defaultVersionChoice,
  hitVersionLabel,
  readVersionChoice,
  versionPickers,
  versionSearchTags,
  withVersion,
  type AllDocsData,
  type VersionChoice,
  type VersionPicker,
} from './versions.js';
import styles from './styles.module.css';

export interface Props {
  /** Receives each page of hits before display; returns the hits to show. */
  transformItems?: (items: DocHit[]) => DocHit[];
  /** Wraps the search client (to add headers, log, cache…). */
  transformSearchClient?: (client: SiteSearchTransformClient) => SiteSearchTransformClient;
  /** A search client of your own instead of the local index or the provider's lite client. */
  searchClient?: SearchClientLike;
}

/** The lite client is fetched only by sites on the provider, and only when the search page is opened. */
async function providerClient(appId: string, apiKey: string): Promise<SearchClientLike> {
  const { liteClient } = await import('algoliasearch/lite');
  return liteClient(appId, apiKey) as unknown as SearchClientLike;
}

/**
 * The page's search, created in the browser only (the server renders the page without a query,
 * since a static host serves the same file for every `?q=`); a new one when the filters change.
 */
function usePagedSearch({ transformItems, transformSearchClient, searchClient }: Props, facetFilters: FacetFilters | undefined): PagedSearch | undefined {
  const { siteConfig } = useDocusaurusContext();
  const config = (siteConfig.themeConfig as unknown as ThemeConfig).sitesearch;
  // The modal's options carry the filters of the page it is opened on; this page has its own
  // (the version picked here), so they are applied to the options as written.
  const { modal } = useSiteSearchConfig();
  const localClient = modal.searchClient;
  const [search, setSearch] = useState<PagedSearch>();
  // Function props may be new on every render: the search reads the latest through this ref.
  const latest = useRef({ transformItems, transformSearchClient });
  latest.current = { transformItems, transformSearchClient };
  useEffect(() => {
    const written = { ...widgetOptions(config), ...(localClient ? { searchClient: localClient } : {}) };
    const options = withContextualFilters(written, facetFilters) as Parameters<typeof searchPageIndices>[0] & { appId?: string; apiKey?: string; searchClient?: SearchClientLike };
    const client = searchClient ?? options.searchClient ?? providerClient(options.appId!, options.apiKey!);
    const identity = <T,>(value: T) => value;
    setSearch(
      createPagedSearch({
        searchClient: Promise.resolve(client).then((ready) => (latest.current.transformSearchClient ?? identity)(ready)),
        indices: searchPageIndices(options),
        transformItems: (items) => (latest.current.transformItems ?? identity)(items),
      }),
    );
  }, [config, localClient, facetFilters, searchClient]);
  return search;
}

export interface SearchPageVersions {
  /** A select per versioned docs plugin; none without contextual search. */
  pickers: VersionPicker[];
  choice: VersionChoice;
  /** The page's filters: its locale and the chosen versions; undefined without contextual search. */
  facetFilters: FacetFilters | undefined;
  /** Whether hits of several versions are listed (each then says its version). */
  mixed: boolean;
  allDocsData: AllDocsData;
}

/**
 * The docs versions the page searches, from the URL's `search` (empty until hydrated) or the
 * reader's preferred version, else the latest.
 */
function useSearchPageVersions(enabled: boolean, search: string, isBrowser: boolean): SearchPageVersions {
  const { siteConfig, i18n } = useDocusaurusContext();
  const allDocsData = (useAllPluginInstancesData('docusaurus-plugin-content-docs') ?? {}) as AllDocsData;
  const persistence = (siteConfig.themeConfig as { docs?: { versionPersistence?: unknown } }).docs?.versionPersistence;
  const choice = readVersionChoice(search, allDocsData, defaultVersionChoice(allDocsData, (pluginId) => (isBrowser ? readPreferredVersion(pluginId, persistence) : undefined)));
  const key = enabled ? versionSearchTags(allDocsData, choice).join('\n') : undefined;
  // Keyed by the tags' text: the search (and its results) stays the same while they do.
  const facetFilters = useMemo(() => (key === undefined ? undefined : contextualFacetFilters(i18n.currentLocale, key.split('\n'))), [key, i18n.currentLocale]);
  const pickers = useMemo(() => (enabled ? versionPickers(allDocsData) : []), [enabled, allDocsData]);
  return { pickers, choice, facetFilters, mixed: pickers.some((picker) => choice[picker.pluginId] === ALL_VERSIONS), allDocsData };
}

const subscribeToNothing = () => () => {};
const idle = () => IDLE_STATE;

/** The `q` of a location's query string. */
const queryOf = (search: string) => new URLSearchParams(search).get('q') ?? '';

export default function SearchPage(props: Props): ReactNode {
  const { siteConfig, i18n } = useDocusaurusContext();
  const config = (siteConfig.themeConfig as unknown as ThemeConfig).sitesearch;
  const location = useLocation();
  const history = useHistory();
  const isBrowser = useIsBrowser();
  // Empty for the server render and hydration (they must match), then the URL's: set below.
  const [query, setQuery] = useState('');
  useEffect(() => setQuery(queryOf(location.search)), [location.search]);
  const urlSearch = isBrowser ? location.search : '';
  const versions = useSearchPageVersions(config.contextualSearch !== false, urlSearch, isBrowser);

  // Only the props this page takes: the route also passes its own (location, match…).
  const search = usePagedSearch({ transformItems: props.transformItems, transformSearchClient: props.transformSearchClient, searchClient: props.searchClient }, versions.facetFilters);
  const state = useSyncExternalStore(search?.subscribe ?? subscribeToNothing, search?.get ?? idle, idle);
  useEffect(() => {
    void search?.search(query);
  }, [search, query]);

  const onQueryChange = (value: string) => {
    setQuery(value);
    history.replace({ pathname: location.pathname, search: withQuery(location.search, value), hash: location.hash });
  };
  // A new history entry: Back returns to the version searched before.
  const onVersionChange = (pluginId: string, value: string) => history.push({ pathname: location.pathname, search: withVersion(withQuery(location.search, query), pluginId, value), hash: location.hash });
  const otherLocales = otherLocaleSearchPages(i18n as SiteI18n, siteConfig, config.searchPagePath || 'search', urlSearch);

  const linkContext = useMemo<LinkContext>(
    () => ({
      siteUrl: siteConfig.url,
      pageOrigin: typeof window === 'undefined' ? undefined : window.location.origin,
      externalUrlRegex: config.externalUrlRegex,
      replaceSearchResultPathname: config.replaceSearchResultPathname,
    }),
    [siteConfig.url, config.externalUrlRegex, config.replaceSearchResultPathname],
  );

  const title =
    query.trim() === ''
      ? translate({ id: 'theme.SearchPage.emptyResultsTitle', message: 'Search the documentation', description: 'The search page title for empty query' })
      : translate({ id: 'theme.SearchPage.existingResultsTitle', message: 'Search results for "{query}"', description: 'The search page title for non-empty query' }, { query });
  const inputId = useId();

  return (
    <Layout>
      <Head>
        <title>{`${title} ${siteConfig.titleDelimiter} ${siteConfig.title}`}</title>
        {/* A page per query is no content of its own for search engines; the results' pages are. */}
        <meta name="robots" content="noindex, follow" />
      </Head>
      <main className={`container margin-vert--lg ${styles.page}`}>
        <h1 className={styles.title}>{title}</h1>
        <form role="search" className={styles.form} onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={inputId} className={styles.visuallyHidden}>
            {translate({ id: 'theme.SearchPage.inputLabel', message: 'Search', description: 'The ARIA label for search page input' })}
          </label>
          <input
            id={inputId}
            type="search"
            name="q"
            className={styles.input}
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            placeholder={translate({ id: 'theme.SearchPage.inputPlaceholder', message: 'Type words to find in the docs', description: 'The placeholder for search page input' })}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="search"
            // The page is there to search: the cursor is where the reader types.
            autoFocus
          />
          {versions.pickers.length > 0 ? (
            <div className={styles.filters}>
              {versions.pickers.map((picker) => (
                <VersionSelect key={picker.pluginId} picker={picker} value={versions.choice[picker.pluginId]!} single={versions.pickers.length === 1} onChange={onVersionChange} />
              ))}
            </div>
          ) : null}
        </form>
        {otherLocales.length > 0 ? <OtherLocales locales={otherLocales} /> : null}
        <p role="status" className={styles.status}>
          <StatusText state={state} locale={i18n.currentLocale} />
        </p>
        <Results state={state} linkContext={linkContext} versionOf={versions.mixed ? (hit) => hitVersionLabel(hit, versions.allDocsData) : undefined} />
        <More search={search} state={state} />
      </main>
    </Layout>
  );
}

/** A docs plugin's version select: its versions by label, then "All versions". */
function VersionSelect({ picker, value, single, onChange }: { picker: VersionPicker; value: string; single: boolean; onChange: (pluginId: string, value: string) => void }) {
  const id = useId();
  const label = single
    ? translate({ id: 'theme.SearchPage.versionLabel', message: 'Version', description: 'The label of the docs version select on the search page' })
    : translate({ id: 'theme.SearchPage.versionLabelOfPlugin', message: 'Version ({pluginId})', description: 'The label of a docs version select on the search page, when the site has several versioned docs' }, { pluginId: picker.pluginId });
  return (
    <div className={styles.filter}>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={picker.param} className={styles.select} value={value} onChange={(event) => onChange(picker.pluginId, event.target.value)}>
        {picker.versions.map((version) => (
          <option key={version.name} value={version.name}>
            {version.label}
          </option>
        ))}
        <option value={ALL_VERSIONS}>{translate({ id: 'theme.SearchPage.allVersions', message: 'All versions', description: 'The option of the search page version select that searches every docs version' })}</option>
      </select>
    </div>
  );
}

/**
 * The same search on the other locales' pages: each locale is its own build and index, so the
 * link loads that page in full (a plain link, not the router).
 */
function OtherLocales({ locales }: { locales: LocaleSearchPage[] }) {
  return (
    <p className={styles.locales}>
      {translate({ id: 'theme.SearchPage.otherLocales', message: 'Search in another language:', description: 'The text before the links to the same search in the other locales of the site' })}{' '}
      {locales.map((locale, position) => (
        <Fragment key={locale.locale}>
          {position > 0 ? ', ' : null}
          <a href={locale.href} lang={locale.htmlLang} hrefLang={locale.htmlLang}>
            {locale.label}
          </a>
        </Fragment>
      ))}
    </p>
  );
}

/** What the live region says: the count once a search settles, or why there is none. */
function StatusText({ state, locale }: { state: PagedSearchState; locale: string }) {
  if (state.query.trim() === '' || (state.status === 'loading' && state.results.length === 0)) return null;
  if (state.status === 'error' && state.results.length === 0) {
    return <>{translate({ id: 'theme.SearchPage.fetchErrorText', message: 'The results could not be loaded. Check your connection, then try again.', description: 'The search page text when a search request failed' })}</>;
  }
  if (state.nbHits === 0) {
    return <>{translate({ id: 'theme.SearchPage.noResultsText', message: 'Nothing matches these words', description: 'The paragraph for empty search result' })}</>;
  }
  const plurals = translate({
    id: 'theme.SearchPage.documentsFound.plurals',
    message: 'One result|{count} results',
    description: 'Pluralized label for "{count} documents found". Use as much plural forms (separated by "|") as your language support (see https://www.unicode.org/cldr/cldr-aux/charts/34/supplemental/language_plural_rules.html)',
  });
  return <>{selectPlural(plurals, state.nbHits, locale).replace('{count}', new Intl.NumberFormat(locale).format(state.nbHits))}</>;
}

function Results({ state, linkContext, versionOf }: { state: PagedSearchState; linkContext: LinkContext; versionOf?: (hit: DocHit) => string | undefined }) {
  const grouped = state.results.length > 1;
  const groups = state.results
    .map((result) => ({
      indexName: result.indexName,
      hits: result.hits.flatMap((hit): Array<SearchPageHit & { version?: string }> => {
        const link = resultLink(hit.url, linkContext);
        return link ? [{ ...describeHit(hit, link), version: versionOf?.(hit) }] : [];
      }),
    }))
    .filter((group) => group.hits.length > 0);
  if (groups.length === 0) return null;
  // One index: a plain list. Several: a section per index, in the order of `indices` (as in the modal).
  return (
    <div className={styles.results} aria-busy={state.status === 'loading'}>
      {groups.map((group) =>
        grouped ? (
          <section key={group.indexName} aria-labelledby={`sitesearch-results-${group.indexName.replace(/\s/g, '_')}`}>
            <h2 id={`sitesearch-results-${group.indexName.replace(/\s/g, '_')}`} className={styles.groupTitle}>
              {group.indexName}
            </h2>
            <ResultList hits={group.hits} headingLevel={3} />
          </section>
        ) : (
          <ResultList key={group.indexName} hits={group.hits} headingLevel={2} />
        ),
      )}
    </div>
  );
}

function ResultList({ hits, headingLevel }: { hits: Array<SearchPageHit & { version?: string }>; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className={styles.list}>
      {hits.map((hit) => (
        <li key={hit.id} className={styles.item}>
          <article>
            <Heading className={styles.itemTitle}>
              {hit.link.internal ? (
                <Link to={hit.link.href}>
                  <Marked segments={hit.title} />
                </Link>
              ) : (
                <a href={hit.link.href}>
                  <Marked segments={hit.title} />
                </a>
              )}
            </Heading>
            {hit.breadcrumb.length > 0 || hit.version ? (
              <p className={styles.breadcrumb}>
                {/* With every version listed, each result says which one it is from. */}
                {hit.version ? <span className={styles.version}>{hit.version}</span> : null}
                {hit.breadcrumb.map((segments, position) => (
                  <Fragment key={position}>
                    {position > 0 ? <span aria-hidden="true"> › </span> : null}
                    {/* Read as a list of places ("Guide, Env Variables"), not as a symbol. */}
                    {position > 0 ? <span className={styles.visuallyHidden}>, </span> : null}
                    <Marked segments={segments} />
                  </Fragment>
                ))}
              </p>
            ) : null}
            {hit.snippet.length > 0 ? (
              <p className={styles.snippet}>
                <Marked segments={hit.snippet} />
              </p>
            ) : null}
          </article>
        </li>
      ))}
    </ol>
  );
}

/** Text with the matched words in `<mark>`: the segments are text, never markup. */
function Marked({ segments }: { segments: TextSegment[] }) {
  return (
    <>
      {segments.map((segment, position) =>
        segment.isHighlighted ? (
          <mark key={position} className={styles.mark}>
            {segment.value}
          </mark>
        ) : (
          <Fragment key={position}>{segment.value}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * The end of the list: the next page loads when this comes near the viewport (and by its
 * button, for keyboards and for browsers without IntersectionObserver).
 */
function More({ search, state }: { search: PagedSearch | undefined; state: PagedSearchState }) {
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  // A new observer each time results arrive (a new array only then): its first report is measured
  // on the longer list, so a tall screen that still shows the end loads again, and a list now past
  // the screen does not. A failed page keeps the same results, so it is not retried in a loop: its
  // button retries.
  useEffect(() => {
    if (!sentinel || !search || typeof IntersectionObserver === 'undefined') return;
    // Half a screen early, so a steady scroll does not hit the end of the list.
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && void search.loadMore(), { rootMargin: '0px 0px 50% 0px' });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, search, state.results]);
  const loadMore = useCallback(() => void search?.loadMore(), [search]);

  if (state.results.length === 0 || !(state.hasMore || state.status === 'loadingMore')) return null;
  return (
    <div ref={setSentinel} className={styles.more}>
      {state.status === 'loadingMore' ? (
        <p>{translate({ id: 'theme.SearchPage.fetchingNewResults', message: 'Loading more results…', description: 'The paragraph for fetching new search results' })}</p>
      ) : state.status === 'error' ? (
        <>
          <p>{translate({ id: 'theme.SearchPage.fetchMoreErrorText', message: 'More results could not be loaded.', description: 'The search page text when loading the next results failed' })}</p>
          <button type="button" className="button button--secondary" onClick={loadMore}>
            {translate({ id: 'theme.SearchPage.retryButtonText', message: 'Try again', description: 'The search page button that retries loading results' })}
          </button>
        </>
      ) : (
        <button type="button" className="button button--secondary" onClick={loadMore}>
          {translate({ id: 'theme.SearchPage.loadMoreButtonText', message: 'Show more results', description: 'The search page button that loads the next results' })}
        </button>
      )}
    </div>
  );
}
