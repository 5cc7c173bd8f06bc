import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { searchButtonHtml } from '@sitesearch/islands/shell';
import type { LocalSearchServer } from '@sitesearch/local';
import { expectShortcutBeforeHydration } from '../support/earlyShortcuts.js';
import { holdRequests } from '../support/holdRequests.js';
import { axeViolations, buildFixtureIndex, collectErrors, repoRoot, routeProviderToLoopback, startSearchServer, startStaticServer, type StaticServer } from '../support/servers.js';

/**
 * The CDN entry on a plain HTML page (one <link>, one <script>, one sitesearch() call), against
 * the loopback server through the real lite client.
 */
let site: StaticServer;
let search: LocalSearchServer;
let errors: string[];
/** Console messages a test expects (the browser logs each failed request of a fault test). */
let expectedErrors: RegExp[];
const FAILED_REQUEST = /Failed to load resource/;

/**
 * The fixture page as the islands README tells a CDN page whose `sitesearch()` call comes late (its
 * init script is deferred) to be: the button drawn on the server and `sitesearch-early.js` in the head.
 */
function earlyPage(path: string) {
  if (path !== '/fixtures/cdn/early.html') return undefined;
  const button = searchButtonHtml({ buttonText: 'Search', buttonAriaLabel: 'Search', showShortcutHint: true });
  const html = readFileSync(join(repoRoot, 'tests/fixtures/cdn/index.html'), 'utf8')
    .replace('<script src="/cdn/sitesearch.js"></script>', '$&\n    <script src="/cdn/sitesearch-early.js"></script>')
    .replace('<div id="search"></div>', `<div id="search">${button}</div>`);
  return { status: 200, type: 'text/html; charset=utf-8', body: html };
}

test.beforeAll(async () => {
  [site, search] = await Promise.all([startStaticServer(earlyPage), startSearchServer(), buildFixtureIndex()]);
});
test.afterAll(async () => {
  await Promise.all([site.close(), search.close()]);
});
test.beforeEach(async ({ page }) => {
  search.setFaults(null);
  expectedErrors = [];
  errors = collectErrors(page);
  await routeProviderToLoopback(page, search);
});
test.afterEach(() => {
  expect(errors.filter((error) => !expectedErrors.some((pattern) => pattern.test(error))), 'console errors').toEqual([]);
});

const open = async (page: Page, scenario = 'default', extra = '') => {
  await page.goto(`${site.url}/fixtures/cdn/index.html?scenario=${scenario}${extra}`);
  await expect(page.locator('[data-sitesearch-button]')).toBeVisible();
};
const input = (page: Page) => page.getByRole('combobox');
const dialog = (page: Page) => page.getByRole('dialog');
const options = (page: Page) => page.getByRole('option');

test.describe('button and opening', () => {
  test('renders the button with the Ctrl hint and opens the modal focused on click', async ({ page }) => {
    await open(page);
    const button = page.getByRole('button', { name: 'Search' });
    await expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
    await expect(page.locator('.sitesearch-button-key-mod')).toBeVisible();
    const label = await page.locator('.sitesearch-button-key-mod').evaluate((element) => getComputedStyle(element, '::before').content);
    expect(label).toBe('"Ctrl"');
    await button.click();
    await expect(dialog(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    await expect(input(page)).toHaveAttribute('placeholder', 'Search docs');
    await expect(input(page)).toHaveAttribute('enterkeyhint', 'search');
    await expect(page.getByText('No recent searches')).toBeVisible();
  });

  test('initialQuery fills the input and searches on open', async ({ page }) => {
    await open(page, 'initialQuery');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(input(page)).toHaveValue('config');
    await expect(options(page).first()).toBeVisible();
  });
});

/**
 * Holds back every file the loader imports on first interaction (the widget, the option resolver's
 * second half, the modal styles, their chunks), to look at the page while they "load".
 */
const holdChunks = (page: Page) => holdRequests(page, /\/cdn\/sitesearch-[^/]+\.(js|css)$/);

test.describe('the loader alone, before any chunk', () => {
  test('sitesearch() throws at the call site for a missing index or a wrong option type, and loads nothing', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${site.url}/fixtures/cdn/index.html?scenario=manual`);
    const thrown = await page.evaluate(() => {
      const call = (options: Record<string, unknown>) => {
        try {
          (window as unknown as { sitesearch(options: unknown): unknown }).sitesearch({ container: '#search', appId: 'SITESEARCH', apiKey: 'key', ...options });
          return 'no error';
        } catch (error) {
          return (error as Error).message;
        }
      };
      return [
        call({}),
        call({ indices: ['docs'], maxResultsPerGroup: '5' }),
        call({ indices: 'docs' }),
        call({ indices: ['docs'], transformItems: 'items' }),
        call({ indices: ['docs'], translations: { button: { buttonText: 5 } } }),
        call({ indices: ['docs'], container: '#nowhere' }),
        call({ indices: ['docs'], keyboardShortcuts: { '/': 'off' } }),
      ];
    });
    expect(thrown).toEqual([
      'sitesearch: "indices" or "indexName" is required: pass the names of the indices to search, e.g. indices: [\'docs\'].',
      // The loader checks types from a table; the value rules (ranges, index entries, unknown
      // names) run with the widget and are reported on first interaction (the test below).
      'sitesearch: option "maxResultsPerGroup" must be a number; received a string.',
      'sitesearch: option "indices" must be an array; received a string.',
      'sitesearch: option "transformItems" must be a function; received a string.',
      'sitesearch: option "translations.button.buttonText" must be a string; received a number.',
      'sitesearch: option "container": no element matches the selector "#nowhere".',
      'sitesearch: option "keyboardShortcuts./" must be a boolean; received a string.',
    ]);
    await expect(page.locator('[data-sitesearch-button]')).toHaveCount(0);
    expect(requested.filter((path) => /\/cdn\/sitesearch-/.test(path))).toEqual([]);
  });

  test('the shortcuts work from the first paint; the keys typed while the widget loads are kept', async ({ page }) => {
    const { requested, release } = await holdChunks(page);
    await open(page);
    await page.locator('main h1').click();
    // Nothing but the loader and the button's styles before an interaction.
    expect(requested).toEqual([]);
    await page.keyboard.press('/');
    await page.keyboard.type('server port', { delay: 20 });
    await expect.poll(() => requested.map((url) => new URL(url).pathname)).toEqual(expect.arrayContaining(['/cdn/sitesearch-modal.css', '/cdn/sitesearch-modal.js']));
    // The keys went to the loader's field, not to the page, and no modal was drawn without its code.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('sitesearch-proxy-input');
    await expect(dialog(page)).toHaveCount(0);
    release();
    await expect(input(page)).toHaveValue('server port');
    await expect(input(page)).toBeFocused();
    await expect(options(page).first()).toContainText('server.port');
  });

  test('a deeper option error (a translation key) is reported when the widget loads, and the page keeps working', async ({ page }) => {
    expectedErrors.push(/unknown option "translations\.modal\.searchBox\.placeholderTxt"/);
    await page.goto(`${site.url}/fixtures/cdn/index.html?scenario=manual`);
    await page.evaluate(() => {
      (window as unknown as { sitesearch(options: unknown): unknown }).sitesearch({
        container: '#search',
        appId: 'SITESEARCH',
        apiKey: 'key',
        indices: ['docs'],
        translations: { modal: { searchBox: { placeholderTxt: 'Chercher' } } },
      });
    });
    await page.keyboard.press('Control+k');
    await expect.poll(() => errors.some((error) => /unknown option "translations\.modal\.searchBox\.placeholderTxt"/.test(error))).toBe(true);
    await expect(dialog(page)).toHaveCount(0);
    await page.locator('#feedback').click();
    await page.keyboard.type('still typing');
    await expect(page.locator('#feedback')).toHaveValue('still typing');
  });
});

test.describe('hosting the copied dist/cdn/ folder under any path', () => {
  let hosted: StaticServer;
  test.beforeAll(async () => {
    const folder = join(repoRoot, 'packages/islands/dist/cdn');
    hosted = await startStaticServer((path) => {
      if (path === '/docs/guide/') return { status: 200, type: 'text/html; charset=utf-8', body: readFileSync(join(repoRoot, 'tests/fixtures/cdn/subpath.html'), 'utf8') };
      if (!path.startsWith('/vendor/ss/')) return undefined;
      const file = join(folder, basename(path));
      if (!existsSync(file)) return { status: 404, type: 'text/plain', body: 'not found' };
      return { status: 200, type: `text/${path.endsWith('.css') ? 'css' : 'javascript'}; charset=utf-8`, body: readFileSync(file, 'utf8') };
    });
  });
  test.afterAll(() => hosted.close());

  for (const backend of ['local', 'hosted']) {
    test(`a page at another path searches (${backend === 'local' ? 'local index' : 'hosted provider and askAi: lite client, Ask AI checks'}) with every file found next to the loader`, async ({ page }) => {
      const files: string[] = [];
      const failures: string[] = [];
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname;
        if (/\.(js|css)$/.test(path)) files.push(path);
        if (response.status() >= 400) failures.push(`${response.status()} ${path}`);
      });
      page.on('requestfailed', (request) => failures.push(`failed ${request.url()}`));
      await page.goto(`${hosted.url}/docs/guide/?backend=${backend}`);
      await expect(page.locator('[data-sitesearch-button]')).toBeVisible();
      await page.keyboard.press('Control+k');
      await page.keyboard.type('server port');
      await expect(options(page).filter({ hasText: 'server.port' }).first()).toBeVisible();
      expect(failures).toEqual([]);
      const fromFolder = files.filter((path) => path !== '/fixtures/cdn/subpath.js');
      expect(fromFolder.every((path) => path.startsWith('/vendor/ss/')), fromFolder.join(', ')).toBe(true);
      expect(fromFolder).toEqual(
        expect.arrayContaining(['/vendor/ss/sitesearch.js', '/vendor/ss/sitesearch.css', '/vendor/ss/sitesearch-modal.js', '/vendor/ss/sitesearch-modal.css']),
      );
      if (backend === 'local') expect(fromFolder).toContain('/vendor/ss/sitesearch-local.js');
      else {
        expect(fromFolder.some((path) => /^\/vendor\/ss\/sitesearch-browser-\w+\.js$/.test(path))).toBe(true);
        expect(fromFolder.some((path) => /^\/vendor\/ss\/sitesearch-askAi-\w+\.js$/.test(path))).toBe(true);
      }
    });
  }
});

test.describe('keyboard shortcuts (spec section 3)', () => {
  test('/ opens the modal, never closes it, and is left alone in a text field', async ({ page }) => {
    await open(page);
    await page.locator('#feedback').click();
    await page.keyboard.type('a/b');
    await expect(page.locator('#feedback')).toHaveValue('a/b');
    await page.locator('#notes').click();
    await page.keyboard.type('/');
    await expect(page.locator('#notes')).toHaveValue('/');
    await expect(dialog(page)).toBeHidden();
    await page.locator('main h1').click();
    await page.keyboard.press('/');
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.type('a/b');
    await expect(input(page)).toHaveValue('a/b');
    await expect(dialog(page)).toBeVisible();
  });

  test('disabled shortcuts do nothing, the hint is hidden, and Escape still closes', async ({ page }) => {
    await open(page, 'shortcutsOff');
    await expect(page.locator('.sitesearch-button-keys')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Search' })).not.toHaveAttribute('aria-keyshortcuts');
    await page.locator('main h1').click();
    await page.keyboard.press('Control+k');
    await page.keyboard.press('/');
    await expect(dialog(page)).toBeHidden();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
  });

  test('a click outside the modal closes it', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Search' }).click();
    // Outside the modal once it shows: a click that lands while its chunk loads has nothing to close.
    await expect(dialog(page)).toBeVisible();
    await page.mouse.click(10, 790);
    await expect(dialog(page)).toBeHidden();
  });
});

test.describe('results', () => {
  test('groups results by index in the order of indices, then by section, with highlighted matches', async ({ page }) => {
    await open(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('config');
    await expect(options(page).first()).toBeVisible();
    const groups = page.locator('[role="group"]');
    const titles = await groups.locator('.sitesearch-section-title').allTextContents();
    // docs sections first (in ranking order of their first hit), then the blog index.
    expect(titles.at(-1)).toBe('Blog');
    expect(titles).toContain('Config');
    expect(titles.indexOf('Config')).toBeLessThan(titles.indexOf('Blog'));
    await expect(page.locator('mark.sitesearch-mark').first()).toHaveText(/config/i);
    await expect(page.getByRole('status')).toHaveText(/\d+ results/);
  });

  test('caps each group at maxResultsPerGroup', async ({ page }) => {
    await open(page, 'oneIndex');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('config');
    await expect(options(page).first()).toBeVisible();
    for (const group of await page.locator('[role="group"]').all()) {
      expect(await group.getByRole('option').count()).toBeLessThanOrEqual(2);
    }
  });

  test('arrow keys move the active option and Enter opens it', async ({ page }) => {
    await open(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('server port');
    const first = options(page).first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(input(page)).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await page.keyboard.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'false');
    await page.keyboard.press('ArrowUp');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    const href = await first.getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${href}`);
  });

  test('Ctrl+Enter opens the active item in a new tab', async ({ page, context }) => {
    await open(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('plugins');
    await expect(options(page).first()).toBeVisible();
    const [popup] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Control+Enter')]);
    await popup.waitForLoadState();
    expect(popup.url()).toContain('/fixtures/pages/');
    await popup.close();
  });

  test('a navigator receives the item instead of the browser', async ({ page }) => {
    await open(page, 'navigator');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('server port');
    await expect(options(page).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeHidden();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('server port');
    await expect(options(page).first()).toBeVisible();
    await page.keyboard.press('Shift+Enter');
    const navigated = await page.evaluate(() => (window as unknown as { __navigated: unknown[] }).__navigated);
    expect(navigated[0]).toEqual(['same', '/fixtures/pages/config.html#server-port', expect.stringMatching(/config-server-port/)]);
    expect(navigated[1]).toEqual(['window', expect.stringContaining('/fixtures/pages/config.html')]);
    expect(page.url()).toContain('/fixtures/cdn/index.html');
  });

  test('transformItems, hitComponent (html helper) and resultsFooterComponent', async ({ page }) => {
    await open(page, 'templates');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('bundler');
    const custom = page.locator('a.custom-hit').first();
    await expect(custom).toBeVisible();
    await expect(custom).toHaveAttribute('role', 'option');
    await expect(custom).toContainText('Custom: ');
    // transformItems upper-cased the sections…
    await expect(page.locator('.sitesearch-section-title').first()).toBeVisible();
    expect(await page.locator('.sitesearch-section-title').allTextContents()).toEqual(expect.arrayContaining(['GUIDE', 'CONFIG']));
    await expect(page.locator('.custom-footer')).toHaveText(/^\d+ hits for bundler$/);
    // …and removed the "Using Plugins" page.
    await page.keyboard.press('Control+a');
    await page.keyboard.type('plugins');
    await expect(page.locator('a.custom-hit[data-id="api-plugin"]')).toBeVisible();
    await expect(page.locator('a.custom-hit[data-id="guide-plugins"]')).toHaveCount(0);
  });

  test('a template or navigator that throws is reported, never breaks the modal', async ({ page }) => {
    expectedErrors.push(/option "hitComponent" threw/, /option "navigator" threw/);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await open(page, 'throwing');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('config file');
    await expect(page.getByRole('option', { name: /Config file/ }).first()).toBeVisible();
    await expect(page.locator('a.custom-hit').first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeHidden();
    expect(pageErrors).toEqual([]);
    expect(errors.some((error) => /option "hitComponent" threw/.test(error))).toBe(true);
    expect(errors.some((error) => /option "navigator" threw/.test(error))).toBe(true);
  });

  test('untrusted hit data is shown as text and unsafe links are not links', async ({ page }) => {
    await open(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('escaping markup');
    await expect(page.getByRole('option', { name: /Escaping <img/ })).toBeVisible();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('evil protocol');
    const evil = page.getByRole('option', { name: /Evil protocol link/ });
    await expect(evil).toBeVisible();
    await expect(evil).not.toHaveAttribute('href');
    await evil.click();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });
});

test.describe('screens', () => {
  test('no-results screen with the report link', async ({ page }) => {
    await open(page, 'missing');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('qwzxqwzx');
    await expect(page.locator('.sitesearch-screen-title')).toHaveText('No results found for "qwzxqwzx"');
    const link = page.getByRole('link', { name: 'Let us know.' });
    await expect(link).toHaveAttribute('href', 'https://github.com/example/docs/issues/new?title=qwzxqwzx');
    await expect(page.getByText('Believe this query should return results?')).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('No results found for "qwzxqwzx"');
    // Sections seen earlier in the session are offered as queries to try.
    await page.keyboard.press('Control+a');
    await page.keyboard.type('server');
    await expect(options(page).first()).toBeVisible();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('qwzxqwzx');
    await expect(page.getByText('Try searching for:')).toBeVisible();
    await page.getByRole('button', { name: '"Config"' }).click();
    await expect(input(page)).toHaveValue('Config');
    await expect(options(page).first()).toBeVisible();
  });

  test('error screen when the server fails, and recovery when it is back', async ({ page }) => {
    expectedErrors.push(FAILED_REQUEST);
    await open(page);
    search.setFaults({ status: 500 });
    await page.keyboard.press('Control+k');
    await page.keyboard.type('config');
    await expect(page.getByText('Unable to fetch results')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('You might want to check your network connection.')).toBeVisible();
    search.setFaults(null);
    await page.keyboard.type(' file');
    await expect(options(page).first()).toBeVisible({ timeout: 15_000 });
  });

  test('error screen when the connection drops', async ({ page }) => {
    expectedErrors.push(FAILED_REQUEST, /ERR_CONNECTION_RESET/);
    await open(page);
    search.setFaults({ drop: true });
    await page.keyboard.press('Control+k');
    await page.keyboard.type('env');
    await expect(page.getByText('Unable to fetch results')).toBeVisible({ timeout: 15_000 });
  });

  test('translations replace every text', async ({ page }) => {
    await open(page, 'translations');
    const button = page.getByRole('button', { name: 'Rechercher dans la doc' });
    await expect(button).toContainText('Rechercher');
    await button.click();
    await expect(input(page)).toHaveAttribute('placeholder', 'Chercher');
    await expect(page.locator('.sitesearch-footer')).toContainText('Fermer');
  });
});

test.describe('recent and favorite searches', () => {
  test('are saved, favorited and removed, across reloads', async ({ page }) => {
    await open(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('server port');
    await expect(options(page).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/fixtures/pages/config.html*');
    await open(page);
    await page.keyboard.press('Control+k');
    await expect(page.locator('.sitesearch-section-title')).toHaveText(['Recent']);
    // Stored searches are a grid: the search, then a cell per action.
    const recent = page.getByRole('row');
    await expect(recent).toHaveCount(1);
    await expect(recent.getByRole('gridcell').first()).toHaveAttribute('aria-selected', 'true');
    await expect(input(page)).toHaveAttribute('aria-haspopup', 'grid');
    expect(await axeViolations(page, '.sitesearch-modal')).toEqual([]);
    await page.getByRole('button', { name: 'Save this search' }).click();
    await expect(page.locator('.sitesearch-section-title')).toHaveText(['Favorite']);
    await page.reload();
    await page.keyboard.press('Control+k');
    await expect(page.locator('.sitesearch-section-title')).toHaveText(['Favorite']);
    expect(await axeViolations(page, '.sitesearch-modal')).toEqual([]);
    await page.getByRole('button', { name: 'Remove this search from favorites' }).click();
    await expect(page.getByText('No recent searches')).toBeVisible();
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('sitesearch:')));
    expect(stored.length).toBeGreaterThan(0);
  });

  test('a recent search opens from the keyboard', async ({ page }) => {
    await open(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('plugins');
    await expect(options(page).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/fixtures/pages/**');
    const opened = page.url();
    await open(page);
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('row')).toHaveCount(1);
    const cell = page.getByRole('gridcell').first();
    await expect(input(page)).toHaveAttribute('aria-activedescendant', (await cell.getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await page.waitForURL(opened);
  });

  test('disableUserPersonalization keeps localStorage empty', async ({ page }) => {
    await open(page, 'noPersonalization');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('server port');
    await expect(options(page).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/fixtures/pages/config.html*');
    await open(page, 'noPersonalization');
    await page.keyboard.press('Control+k');
    await expect(page.getByText('No recent searches')).toBeVisible();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});

test.describe('local index', () => {
  test('sitesearch.localIndex() searches an index written by the indexer, without the provider', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const providerRequestsBefore = search.searchRequests;
    await open(page, 'local');
    expect(requested.some((path) => path.startsWith('/built/local-index/'))).toBe(false);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('server port');
    await expect(options(page).first()).toContainText('server.port');
    const href = (await options(page).first().getAttribute('href'))!;
    // A plain static server serves files as they are: the indexer links `config.html`, not `/config`.
    expect(href).toMatch(/^\/fixtures\/pages\/\w+\.html#server-port$/);
    expect(requested.some((path) => path.startsWith('/built/local-index/'))).toBe(true);
    // The provider's lite client is a chunk of its own that this page never needs.
    expect(requested.filter((path) => /sitesearch-browser-/.test(path))).toEqual([]);
    expect(search.searchRequests).toBe(providerRequestsBefore);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${href}`);
    await expect(page.locator('#server-port')).toBeVisible();
  });
});

test.describe('page integration', () => {
  test('traps focus in the modal and locks page scroll without layout shift', async ({ page }) => {
    await open(page);
    const before = await page.locator('.page-header').boundingBox();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.keyboard.type('config');
    await expect(options(page).first()).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    }
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    const during = await page.locator('.page-header').boundingBox();
    expect(during?.width).toBe(before?.width);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('the instance opens and closes the modal', async ({ page }) => {
    await open(page);
    await page.evaluate(() => (window as unknown as { __sitesearch: { open(): void } }).__sitesearch.open());
    await expect(dialog(page)).toBeVisible();
    await expect(input(page)).toBeFocused();
    await page.evaluate(() => (window as unknown as { __sitesearch: { close(): void } }).__sitesearch.close());
    await expect(dialog(page)).toBeHidden();
  });

  test('destroy() removes the button, the modal and every listener', async ({ page }) => {
    await open(page);
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toBeVisible();
    await page.evaluate(() => (window as unknown as { __sitesearch: { destroy(): void } }).__sitesearch.destroy());
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.locator('[data-sitesearch-button]')).toHaveCount(0);
    await expect(page.locator('#search')).toBeEmpty();
    await page.keyboard.press('Control+k');
    await expect(dialog(page)).toHaveCount(0);
  });

  test('works under a strict Content-Security-Policy, insights on', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // The Insights API answered as the provider does; its events are tested in insights.spec.ts.
    const beacons: string[] = [];
    await page.route('https://insights.algolia.io/**', (route) => {
      beacons.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":200,"message":"OK"}' });
    });
    await open(page, 'default', '&csp=strict&insights=true');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('config');
    await expect(options(page).first()).toBeVisible();
    await expect.poll(() => beacons.length).toBeGreaterThan(0);
    expect(violations).toEqual([]);
  });

  test('a keyword-only page loads the modal’s styles but never the chat’s', async ({ page }) => {
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
    });
    await open(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('config');
    await expect(options(page).first()).toBeVisible();
    expect(stylesheets).toContain('/cdn/sitesearch-modal.css');
    expect(stylesheets.filter((path) => path.includes('chat'))).toEqual([]);
  });

  test('is full-screen on a small screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await open(page);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('.sitesearch-modal').boundingBox()).toMatchObject({ x: 0, y: 0, width: 375, height: 700 });
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(dialog(page)).toBeHidden();
  });
});

test.describe('accessibility', () => {
  for (const theme of ['light', 'dark']) {
    test(`no axe violations with the modal open (${theme})`, async ({ page }) => {
      await open(page, 'default', theme === 'dark' ? '&theme=dark' : '');
      await page.keyboard.press('Control+k');
      await expect(dialog(page)).toBeVisible();
      expect(await axeViolations(page, '.sitesearch-modal')).toEqual([]);
      await page.keyboard.type('config');
      await expect(options(page).first()).toBeVisible();
      expect(await axeViolations(page, '.sitesearch-modal')).toEqual([]);
      await page.keyboard.press('Escape');
      expect(await axeViolations(page, '#search')).toEqual([]);
    });
  }
});

test('a shortcut pressed before a deferred sitesearch() call opens the modal with every key typed (server-rendered button + the early script, strict CSP)', async ({ page }) => {
  // The deferred init script, which calls sitesearch(), held back on the network.
  await expectShortcutBeforeHydration(page, { url: `${site.url}/fixtures/cdn/early.html?csp=strict`, held: /\/fixtures\/cdn\/init\.js$/, shortcut: '/', typed: ['server', ' port'] });
});
