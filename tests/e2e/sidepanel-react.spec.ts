import { expect, test, type Page } from '@playwright/test';
import type { LocalSearchServer } from '@sitesearch/local';
import { readPackageStylesheet, seriousAxeViolations, startAskAiServer } from '../support/askAi.js';
import { expectSidepanelShortcutBeforeHydration } from '../support/earlyShortcuts.js';
import { holdRequests } from '../support/holdRequests.js';
import { buildReactFixture, type ReactFlavour } from '../support/reactFixture.js';
import { collectErrors, routeProviderToLoopback, startStaticServer, type StaticServer } from '../support/servers.js';

/**
 * `<Sidepanel />` from the React entry, rendered on the server with react-dom/server and hydrated
 * in the browser (development build, so React reports any mismatch) on React 19 and React 18;
 * alone and beside `<SiteSearch askAi />` (hybrid mode). The chat runs the real transports
 * against the loopback server (`baseUrl`).
 */
const FLAVOURS: ReactFlavour[] = ['react-19', 'react-18'];
const QUESTION = 'How do I change the server port?';
/** A first open fetches the panel's and the chat's chunks: on a loaded 2-core machine that can take more than the default 5 s. */
const FIRST_OPEN = { timeout: 15_000 };

let site: StaticServer;
let server: LocalSearchServer;
let errors: string[];

test.beforeAll(async () => {
  // Two React builds share the CPU with the other worker: allow them the time a loaded 2-core machine needs.
  test.setTimeout(120_000);
  const pages = Object.fromEntries(
    await Promise.all(FLAVOURS.map(async (flavour) => [`/${flavour}/`, await buildReactFixture(flavour, 'react-sidepanel')] as const)),
  );
  const css = readPackageStylesheet();
  [site, server] = await Promise.all([
    startStaticServer((path, url) =>
      path === '/react/sitesearch.css'
        ? { status: 200, type: 'text/css; charset=utf-8', body: css }
        : pages[path]
          ? { status: 200, type: 'text/html; charset=utf-8', body: pages[path].renderPage(url.search) }
          : undefined,
    ),
    startAskAiServer(),
  ]);
});
test.afterAll(async () => {
  await Promise.all([site?.close(), server?.close()]);
});
test.beforeEach(async ({ page }) => {
  server.clearChatRequests();
  errors = collectErrors(page);
  page.on('console', (message) => {
    // React prints hydration problems as warnings in some versions: they count as errors here.
    if (message.type() === 'warning' && /hydrat|did not match/i.test(message.text())) errors.push(message.text());
  });
  await routeProviderToLoopback(page, server);
});
test.afterEach(() => {
  expect(errors, 'console errors').toEqual([]);
});

const url = (flavour: ReactFlavour, params: Record<string, string> = {}) => `${site.url}/${flavour}/?${new URLSearchParams({ chat: server.url, ...params })}`;
const trigger = (page: Page) => page.getByRole('button', { name: 'Ask AI' });
const panel = (page: Page) => page.locator('.sitesearch-sidepanel[role="dialog"]');
const prompt = (page: Page) => panel(page).locator('.sitesearch-chat-textarea');
const finishedAnswers = (page: Page) => panel(page).locator('.sitesearch-chat-actions');
const chatRequests = () => server.chatRequests.filter((request) => request.endpoint === 'chat');
/** Hydration is done once React has attached its props to the server-rendered node. */
const hydrated = (page: Page) =>
  expect.poll(() => trigger(page).evaluate((node) => Object.keys(node).some((key) => key.startsWith('__react')))).toBe(true);

for (const flavour of FLAVOURS) {
  test.describe(flavour, () => {
    test('the trigger is server-rendered and hydrates to the same DOM, alone and beside the modal', async ({ page }) => {
      for (const params of [{}, { hybrid: '' }] as Array<Record<string, string>>) {
        const html = await (await page.request.get(url(flavour, params))).text();
        expect(html).toMatch(new RegExp(`data-react-version="${flavour === 'react-18' ? '18' : '19'}\\.`));
        expect(html).toContain('data-sitesearch-sidepanel-button');
        await page.goto(url(flavour, params));
        await hydrated(page);
        const [served, live] = await page.evaluate((source) => {
          const selector = '[data-sitesearch-sidepanel-button]';
          const parsed = new DOMParser().parseFromString(source, 'text/html').querySelector(selector)!;
          return [parsed.outerHTML, document.querySelector(selector)!.outerHTML];
        }, html);
        expect(live).toBe(served);
        await expect(trigger(page)).toBeVisible();
        await expect(trigger(page)).toHaveAttribute('aria-keyshortcuts', 'Control+I Meta+I');
        // A closed panel is not in the page at all (nothing focusable off-screen).
        await expect(panel(page)).toHaveCount(0);
      }
    });

    test('Ctrl+I opens with the keys typed while loading in the prompt; Escape closes and focus returns; click and Ctrl+I toggle', async ({ page }) => {
      const { requested: heldChunks, release } = await holdRequests(page, /SidepanelHost[^/]*\.js/);
      await page.goto(url(flavour));
      await hydrated(page);
      await page.locator('#feedback').focus();
      await page.keyboard.press('Control+i');
      await page.keyboard.type('hello there', { delay: 20 });
      // The keys really were typed while the panel's code was held back.
      await expect(panel(page)).toHaveCount(0);
      await expect.poll(() => heldChunks.length).toBe(1);
      release();
      await expect(panel(page)).toBeVisible(FIRST_OPEN);
      await expect(prompt(page)).toHaveValue('hello there');
      await expect(prompt(page)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(panel(page)).toBeHidden();
      // Opened from the field with the shortcut: focus goes back to where the reader was.
      await expect(page.locator('#feedback')).toBeFocused();
      await trigger(page).click();
      await expect(prompt(page)).toBeFocused();
      // The half-typed question survived closing.
      await expect(prompt(page)).toHaveValue('hello there');
      await page.keyboard.press('Escape');
      await expect(panel(page)).toBeHidden();
      await expect(trigger(page)).toBeFocused();
      await page.keyboard.press('Control+i');
      await expect(prompt(page)).toBeFocused();
      await page.keyboard.press('Control+i');
      await expect(panel(page)).toBeHidden();
    });

    for (const strict of [false, true]) {
      test(`Ctrl/Cmd+I pressed before hydration opens the panel once hydrated, with every key typed (the early script${strict ? ', under StrictMode' : ''})`, async ({ page }) => {
        // The fixture links `sitesearch-early.js` in its head, as the package README tells React hosts to.
        await expectSidepanelShortcutBeforeHydration(page, {
          url: url(flavour, { hybrid: '', ...(strict ? { strict: '' } : {}) }),
          held: new RegExp(`/built/react-sidepanel-${flavour}/client\\.js$`),
          typed: ['how do I', ' start'],
        });
      });
    }

    test('portalContainer receives the panel; a question is answered through baseUrl; axe-clean before and after', async ({ page }) => {
      await page.goto(url(flavour, { portal: '' }));
      await trigger(page).click();
      await expect(page.locator('#panel-portal > .sitesearch-sidepanel[role="dialog"]')).toBeVisible(FIRST_OPEN);
      await expect(prompt(page)).toBeFocused(FIRST_OPEN);
      expect(await seriousAxeViolations(page, '.sitesearch-sidepanel')).toEqual([]);
      await prompt(page).fill(QUESTION);
      await page.keyboard.press('Enter');
      await expect(panel(page).locator('.sitesearch-chat-message--user')).toHaveText([QUESTION]);
      await expect(finishedAnswers(page)).toHaveCount(1, { timeout: 15_000 });
      await expect(panel(page).locator('.sitesearch-chat-sources')).toContainText('Related sources');
      expect(chatRequests().map((request) => request.status)).toEqual([200]);
      expect(await seriousAxeViolations(page, '.sitesearch-sidepanel')).toEqual([]);
    });
  });
}

test.describe('hybrid mode (React 19)', () => {
  async function askFromModal(page: Page, width: number) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(url('react-19', { hybrid: '' }));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox').fill(QUESTION);
    const entry = page.getByRole('option').first();
    await expect(entry).toContainText(`Ask AI: ${QUESTION}`);
    await expect(entry).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
  }

  test('390px: the chat stays in the modal', async ({ page }) => {
    await askFromModal(page, 390);
    const modal = page.locator('.sitesearch-modal');
    await expect(modal.locator('.sitesearch-chat-message--user')).toHaveText([QUESTION]);
    await expect(modal.locator('.sitesearch-chat-actions')).toHaveCount(1, { timeout: 15_000 });
    await expect(panel(page)).toHaveCount(0);
    expect(chatRequests()).toHaveLength(1);
  });
});
