import { expect, test } from '@playwright/test';
import type { LocalSearchServer } from '@sitesearch/local';
import { readPackageStylesheet } from '../support/askAi.js';
import { expectShortcutBeforeHydration } from '../support/earlyShortcuts.js';
import { holdRequests } from '../support/holdRequests.js';
import { buildReactFixture, type ReactFlavour } from '../support/reactFixture.js';
import { axeViolations, collectErrors, routeProviderToLoopback, startSearchServer, startStaticServer, type StaticServer } from '../support/servers.js';

/**
 * The React component: rendered on the server with react-dom/server, hydrated in the browser
 * (development build, so React reports any hydration mismatch), on React 19 and React 18.
 */
let site: StaticServer;
let search: LocalSearchServer;
let errors: string[];

test.beforeAll(async () => {
  // Two React builds (18 and 19) share the CPU with the other worker: allow them the time a loaded 2-core machine needs.
  test.setTimeout(120_000);
  const pages = Object.fromEntries(
    await Promise.all((['react-19', 'react-18'] as ReactFlavour[]).map(async (flavour) => [`/${flavour}/`, await buildReactFixture(flavour)] as const)),
  );
  // The package's whole stylesheet (`@sitesearch/islands/style.css`: button, modal and chat), as a React user imports it.
  const css = readPackageStylesheet();
  [site, search] = await Promise.all([
    startStaticServer((path) =>
      path === '/react/sitesearch.css'
        ? { status: 200, type: 'text/css; charset=utf-8', body: css }
        : pages[path]
          ? { status: 200, type: 'text/html; charset=utf-8', body: pages[path].renderPage() }
          : undefined,
    ),
    startSearchServer(),
  ]);
});
test.afterAll(async () => {
  await Promise.all([site.close(), search.close()]);
});
test.beforeEach(async ({ page }) => {
  errors = collectErrors(page);
  page.on('console', (message) => {
    // React prints hydration problems as warnings in some versions: they count as errors here.
    if (message.type() === 'warning' && /hydrat|did not match/i.test(message.text())) errors.push(message.text());
  });
  await routeProviderToLoopback(page, search);
});
test.afterEach(() => {
  expect(errors, 'console errors').toEqual([]);
});

for (const flavour of ['react-19', 'react-18'] as const) {
  test.describe(flavour, () => {
    test('server-renders the button and hydrates without a mismatch', async ({ page }) => {
      const response = await page.request.get(`${site.url}/${flavour}/`);
      const html = await response.text();
      expect(html).toContain('data-sitesearch-button');
      expect(html).toMatch(new RegExp(`data-react-version="${flavour === 'react-18' ? '18' : '19'}\\.`));
      await page.goto(`${site.url}/${flavour}/`);
      const button = page.getByRole('button', { name: 'Search' });
      await expect(button).toBeVisible();
      // Hydration is done once React has attached its props to the server-rendered node.
      await expect.poll(() => button.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react')))).toBe(true);
    });

    test('opens on click and on Ctrl+K, searches, and renders JSX templates', async ({ page }) => {
      await page.goto(`${site.url}/${flavour}/`);
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('combobox')).toBeFocused();
      await page.keyboard.type('server port');
      const hit = page.locator('a.jsx-hit').first();
      await expect(hit).toHaveAttribute('role', 'option');
      await expect(hit).toContainText('server.port');
      await expect(page.locator('.jsx-footer')).toHaveText(/^\d+ results for server port$/);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.getByRole('button', { name: 'Search' })).toBeFocused();
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await axeViolations(page, '.sitesearch-modal')).toEqual([]);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Control+k');
      await expect(page.getByRole('dialog')).toBeHidden();
    });

    test('keys typed before the widget loaded all land in the input', async ({ page }) => {
      const { release } = await holdRequests(page, /SearchModalHost/);
      await page.goto(`${site.url}/${flavour}/`);
      await expect.poll(() => page.getByRole('button', { name: 'Search' }).evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react')))).toBe(true);
      await page.keyboard.press('Control+k');
      await page.keyboard.type('env vars', { delay: 20 });
      release();
      await expect(page.getByRole('combobox')).toHaveValue('env vars');
    });

    test('a shortcut pressed before hydration opens the modal with every key typed (the early script, strict CSP)', async ({ page }) => {
      // The fixture links `sitesearch-early.js` in its head, as the package README tells React hosts to.
      await expectShortcutBeforeHydration(page, { url: `${site.url}/${flavour}/?csp=strict`, held: new RegExp(`/built/${flavour}/client\\.js$`), shortcut: '/', typed: ['server', ' port'] });
    });

    test('under StrictMode (development), a shortcut pressed before hydration still opens the modal with every key typed', async ({ page }) => {
      // StrictMode runs each effect twice as the tree mounts: the island that took the typed keys
      // over is cleaned up and made again, and the modal's input takes them twice; none is lost.
      await expectShortcutBeforeHydration(page, { url: `${site.url}/${flavour}/?strict&csp=strict`, held: new RegExp(`/built/${flavour}/client\\.js$`), shortcut: 'Control+k', typed: ['server', ' port'] });
    });
  });
}

test('the modal is styled by the package stylesheet alone (overlay, dialog box, results)', async ({ page }) => {
  await page.goto(`${site.url}/react-19/`);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('combobox').fill('server');
  await expect(page.locator('.sitesearch-hit').first()).toBeVisible();
  const styles = await page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
    return {
      overlay: style('.sitesearch-container').position,
      dialog: style('.sitesearch-modal').borderTopLeftRadius,
      row: style('.sitesearch-hit-row').display,
    };
  });
  expect(styles).toEqual({ overlay: 'fixed', dialog: '10px', row: 'flex' });
  await page.screenshot({ path: test.info().outputPath('react-modal.png') });
});

test('portals the modal into portalContainer', async ({ page }) => {
  await page.goto(`${site.url}/react-19/?portal`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.locator('#portal [role="dialog"]')).toBeVisible();
});
