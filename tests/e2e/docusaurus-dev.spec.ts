import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { buildDocusaurusFixture, fixtureDir } from '../support/docusaurus.js';
import { collectErrors, freePort } from '../support/servers.js';

/**
 * `docusaurus start` with no credentials: the dev server renders pages in the browser only, so
 * the theme indexes the content plugins' sources in memory and its middleware answers
 * `/sitesearch/` (the first search waits for that). One dev server for the whole spec: a cold
 * start compiles the whole client bundle, about a minute here.
 */
const navbar = (page: Page) => page.locator('nav.navbar');
const searchButton = (page: Page) => navbar(page).getByRole('button', { name: 'Search' });
const results = (page: Page) => page.locator('[role="option"][href]');


test.describe('docusaurus start', () => {
  let child: ChildProcess | undefined;
  let url = '';
  let output = '';

  test.beforeAll(async () => {
    test.setTimeout(900_000);
    // `docusaurus start` and `docusaurus build` share the site's generated files (.docusaurus/):
    // a build of the fixture while the dev server runs would switch it to the build's last locale.
    // So the fixture is built first (a no-op when its inputs are unchanged, as in CI), never meanwhile.
    buildDocusaurusFixture();
    const port = await freePort();
    const started = Date.now();
    // Through pnpm, as the fixture's build runs (the site resolves @mdx-js/react through pnpm's NODE_PATH);
    // its own process group, so that closing it stops Docusaurus too.
    child = spawn('pnpm', ['exec', 'docusaurus', 'start', '--port', String(port), '--host', '127.0.0.1', '--no-open'], {
      cwd: fixtureDir,
      env: { ...process.env, DOCUSAURUS_TELEMETRY_DISABLED: '1', NO_COLOR: '1', BROWSER: 'none' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    url = `http://127.0.0.1:${port}`;
    const exited = new Promise<never>((_, reject) => child!.once('exit', (code) => reject(new Error(`docusaurus start exited with ${code}:\n${output}`))));
    // webpack-dev-middleware holds requests until the first compilation is done: an answer means ready.
    const ready = (async () => {
      while (child!.exitCode === null) {
        const response = await fetch(`${url}/`).catch(() => undefined);
        if (response?.ok) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    await Promise.race([ready, exited]);
    console.log(`[docusaurus-dev] docusaurus start answered after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
  test.afterEach(async ({}, testInfo) => {
    // What the dev server said, next to the failure (it compiles and indexes on its own schedule).
    if (testInfo.status !== testInfo.expectedStatus) console.log(`docusaurus start output:\n${output.slice(-6000)}`);
  });
  test.afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child!.once('exit', () => resolve());
      process.kill(-child!.pid!, 'SIGTERM');
    });
  });

  test("searches the dev server's pages: the current docs version only, opened through the router", async ({ page }) => {
    test.setTimeout(180_000);
    const errors = collectErrors(page);
    await page.goto(`${url}/guide/`);
    await expect(searchButton(page)).toBeVisible({ timeout: 60_000 });
    // The page is rendered in the browser: the colour-mode button is enabled once React runs.
    await expect(page.getByRole('button', { name: /dark mode|system mode|light mode/i })).toBeEnabled({ timeout: 60_000 });
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 30_000 });
    await page.keyboard.type('browser compatibility');
    // The first search waits for the index to be built from the sources.
    await expect(results(page).first()).toHaveAttribute('href', /^\/guide\/build\/?#browser-compatibility$/, { timeout: 60_000 });
    // Both versions have the section; the reader is on the current one (contextual search).
    const hrefs = await results(page).evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.filter((href) => href?.startsWith('/1.x/')), hrefs.join('\n')).toEqual([]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/guide/build**');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Building for Production');
    expect(output).toContain('[sitesearch] indexed');
    // The early shortcut script the head links is answered by the dev server too.
    const early = await page.request.get(`${url}/sitesearch-early.js`);
    expect(early.headers()['content-type']).toMatch(/^text\/javascript/);
    expect(errors, output).toEqual([]);
  });
});
