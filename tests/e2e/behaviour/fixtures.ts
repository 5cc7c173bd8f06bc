import { expect, type Page } from '@playwright/test';
import type { LocalSearchServer } from '@sitesearch/local';
import { readPackageStylesheet, startAskAiServer } from '../../support/askAi.js';
import { startAstro, starlightDir } from '../../support/astro.js';
import { buildDocusaurusFixture, serveDocusaurusFixture } from '../../support/docusaurus.js';
import { buildReactFixture } from '../../support/reactFixture.js';
import { buildFixtureIndex, routeProviderToLoopback, startStaticServer, STRICT_CSP } from '../../support/servers.js';

/**
 * The fixtures the behaviour suite runs against: one per adapter (the CDN script, the React
 * entry rendered on the server, the Astro integration, the Docusaurus theme). Each says how to
 * start and serve it, which page holds which widget, what those widgets search and ask (the
 * local index in the browser or the loopback server), and a query and a question its data
 * answers. The suite (suite.ts) is written against this shape only.
 */

/** Where a widget's results or answers come from, checked by the suite on every search and answer. */
export type Backend =
  /** The local index, fetched from `indexPath` of the site's own origin; no request leaves it. */
  | { kind: 'local'; indexPath: string }
  /** The loopback server of @sitesearch/local (`Served.server`), through the real lite client and chat transports. */
  | { kind: 'loopback' };

/** A started fixture. */
export interface Served {
  /** The origin pages are served from, e.g. `http://127.0.0.1:4321`. */
  url: string;
  /** The loopback server, for fixtures whose widgets search or ask through it. */
  server?: LocalSearchServer;
  /** Runs on each test's page before it is opened (routes to the loopback server, headers a host sends). */
  preparePage(page: Page): Promise<void>;
  close(): Promise<void>;
}

export interface BehaviourFixture {
  name: string;
  /** How long starting (and building, when stale) may take on a loaded 2-core machine. */
  startTimeout: number;
  start(): Promise<Served>;
  /** Resolves once the page answers the user (a hydrated React tree listens for shortcuts only from hydration on). */
  ready(page: Page): Promise<void>;
  /** The search modal: the page holding it alone (or with the Sidepanel, where the adapter has no other), a query and the page it must find. */
  modal: {
    path(served: Served): string;
    backend: Backend;
    /** A query, the `href` of a result it must show (the page the arrow keys and Enter open), and that page's first heading. */
    search: { query: string; href: RegExp; heading: RegExp };
  };
  /** The Sidepanel: its page, a question and what the answer must mention. */
  sidepanel: {
    path(served: Served): string;
    backend: Backend;
    question: string;
    answer: RegExp;
  };
  /** A page with both widgets sharing one assistant (hybrid mode); asked with `sidepanel.question`. */
  hybrid: { path(served: Served): string };
}

/** Hydration is done once React has attached its props to a server-rendered node. */
const reactHydrated = (page: Page) =>
  expect
    .poll(() => page.locator('[data-sitesearch-button], [data-sitesearch-sidepanel-button]').first().evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react'))))
    .toBe(true);

const triggerVisible = (page: Page) => expect(page.locator('[data-sitesearch-button], [data-sitesearch-sidepanel-button]').first()).toBeVisible();

/** The fixture pages of tests/fixtures/pages, which the records and the local index point at. */
const FIXTURE_PAGES = { query: 'server port', href: /^\/fixtures\/pages\/config\.html#server-port$/, heading: /^The config page$/ };
const FIXTURE_QUESTION = { question: 'How do I change the server port?', answer: /port/i };

/** The CDN script on plain HTML pages: the modal against the loopback server, the Sidepanel (and hybrid) with the local assistant over the index `sitesearch index` wrote. */
export const cdn: BehaviourFixture = {
  name: 'CDN',
  startTimeout: 60_000,
  async start() {
    const [site, server] = await Promise.all([startStaticServer(), startAskAiServer(), buildFixtureIndex()]);
    return {
      url: site.url,
      server,
      preparePage: (page) => routeProviderToLoopback(page, server),
      close: async () => void (await Promise.all([site.close(), server.close()])),
    };
  },
  ready: triggerVisible,
  modal: { path: () => '/fixtures/cdn/index.html', backend: { kind: 'loopback' }, search: FIXTURE_PAGES },
  sidepanel: { path: () => '/fixtures/sidepanel/index.html', backend: { kind: 'local', indexPath: '/built/local-index/' }, ...FIXTURE_QUESTION },
  hybrid: { path: () => '/fixtures/sidepanel/index.html?modal=1' },
};

/** `<SiteSearch />` and `<Sidepanel />` of the React entry, rendered with react-dom/server (React 19) and hydrated; both against the loopback server. */
export const react: BehaviourFixture = {
  name: 'React SSR',
  // Two esbuild bundles share the CPU with the other worker.
  startTimeout: 120_000,
  async start() {
    const [modalPage, sidepanelPage] = await Promise.all([buildReactFixture('react-19', 'behaviour/react-modal'), buildReactFixture('react-19', 'behaviour/react-sidepanel')]);
    const css = readPackageStylesheet();
    const [site, server] = await Promise.all([
      startStaticServer((path, url) => {
        // Both apps link the package's whole stylesheet there, as a React user imports it.
        if (path === '/react/sitesearch.css') return { status: 200, type: 'text/css; charset=utf-8', body: css };
        if (path === '/modal/') return { status: 200, type: 'text/html; charset=utf-8', body: modalPage.renderPage() };
        if (path === '/sidepanel/') return { status: 200, type: 'text/html; charset=utf-8', body: sidepanelPage.renderPage(url.search) };
        return undefined;
      }),
      startAskAiServer(),
    ]);
    return {
      url: site.url,
      server,
      preparePage: (page) => routeProviderToLoopback(page, server),
      close: async () => void (await Promise.all([site.close(), server.close()])),
    };
  },
  ready: reactHydrated,
  modal: { path: () => '/modal/', backend: { kind: 'loopback' }, search: FIXTURE_PAGES },
  sidepanel: { path: (served) => `/sidepanel/?${new URLSearchParams({ chat: served.server!.url })}`, backend: { kind: 'loopback' }, ...FIXTURE_QUESTION },
  hybrid: { path: (served) => `/sidepanel/?${new URLSearchParams({ chat: served.server!.url, hybrid: '' })}` },
};

/**
 * The documentation site (site/) as `astro build` made it, served by `astro preview`, every page
 * under a strict Content-Security-Policy as a host would send it: the local index and the local
 * assistant, no server of ours. The Sidepanel is on its reference page, beside the modal.
 */
export const astro: BehaviourFixture = {
  name: 'Astro',
  startTimeout: 60_000,
  async start() {
    const site = await startAstro('preview');
    return {
      url: site.url,
      async preparePage(page) {
        await page.route(`${site.url}/**`, async (route) => {
          if (route.request().resourceType() !== 'document') return route.fallback();
          const response = await route.fetch();
          await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': STRICT_CSP } });
        });
      },
      close: () => site.close(),
    };
  },
  ready: triggerVisible,
  modal: { path: () => '/', backend: { kind: 'local', indexPath: '/sitesearch/' }, search: { query: 'custom hitComponent', href: /^\/demos\/hit-component\/(#.*)?$/, heading: /^Demo: a custom hitComponent$/ } },
  sidepanel: { path: () => '/reference/sidepanel/', backend: { kind: 'local', indexPath: '/sitesearch/' }, question: 'How do I turn off the keyboard shortcuts?', answer: /keyboardShortcuts/ },
  hybrid: { path: () => '/reference/sidepanel/' },
};

/**
 * The Starlight fixture site (tests/fixtures/starlight, `sitesearchStarlight()`), as `astro build`
 * made it once per run, served by `astro preview`: the local index and the local assistant, both
 * widgets on every page (the button in Starlight's header, the trigger in the corner). No CSP
 * header: Starlight's own theme script is inline.
 */
export const starlight: BehaviourFixture = {
  name: 'Starlight',
  startTimeout: 60_000,
  async start() {
    const site = await startAstro('preview', starlightDir);
    return { url: site.url, preparePage: async () => {}, close: () => site.close() };
  },
  ready: triggerVisible,
  modal: { path: () => '/', backend: { kind: 'local', indexPath: '/sitesearch/' }, search: { query: 'aperture mirror', href: /^\/guides\/telescope\/#aperture$/, heading: /^Configure the telescope$/ } },
  sidepanel: { path: () => '/guides/lens/', backend: { kind: 'local', indexPath: '/sitesearch/' }, question: 'How do I set the aperture of the telescope?', answer: /aperture/i },
  hybrid: { path: () => '/guides/lens/' },
};

/**
 * The Docusaurus fixture site (classic preset + @sitesearch/docusaurus, no credentials) as
 * `docusaurus build` made it (built once, reused while its inputs are unchanged), served as static
 * files. Its root pages (the current version, the default locale); both widgets on every page.
 */
export const docusaurus: BehaviourFixture = {
  name: 'Docusaurus',
  // A stale build is rebuilt first: minutes on a loaded 2-core machine.
  startTimeout: 600_000,
  async start() {
    buildDocusaurusFixture();
    const site = await serveDocusaurusFixture();
    return { url: site.url, preparePage: async () => {}, close: () => site.close() };
  },
  // The classic theme enables its colour-mode button once React has hydrated the page.
  ready: (page) => expect(page.getByRole('button', { name: /dark mode|system mode|light mode/i })).toBeEnabled(),
  modal: { path: () => '/', backend: { kind: 'local', indexPath: '/sitesearch/' }, search: { query: 'server.proxy', href: /^\/config\/server-options\/?#serverproxy$/, heading: /^Server Options$/ } },
  sidepanel: { path: () => '/guide/', backend: { kind: 'local', indexPath: '/sitesearch/' }, question: 'How do I proxy API requests from the dev server?', answer: /proxy/i },
  hybrid: { path: () => '/guide/' },
};
