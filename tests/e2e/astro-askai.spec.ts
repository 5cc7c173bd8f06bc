import { expect, test, type Page } from '@playwright/test';
import { startAstro, type AstroServer } from '../support/astro.js';
import { seriousAxeViolations } from '../support/askAi.js';
import { collectErrors, STRICT_CSP } from '../support/servers.js';

/**
 * Ask AI on the documentation site, as `astro build` made it: `askAi: 'sitesearch-docs'` in
 * site/astro.config.mjs with no appId/apiKey, so the local assistant answers in the browser
 * from the site's own local index. No account, no server besides `astro preview`, and every
 * page is served under the strict policy the keyword suite uses.
 */
let site: AstroServer;
let errors: string[];
let cspViolations: string[];

test.beforeAll(async () => {
  site = await startAstro('preview');
});
test.afterAll(async () => {
  await site?.close();
});
test.beforeEach(async ({ page }) => {
  errors = collectErrors(page);
  cspViolations = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
  });
  // As a host would send it, on every HTML response: the chat's chunk and the local assistant's
  // chunk are scripts of the site's own origin, so `script-src 'self'` must be enough for them.
  await page.route(`${site.url}/**`, async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': STRICT_CSP } });
  });
});
test.afterEach(() => {
  expect(errors, 'console errors').toEqual([]);
  expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
});

const dialog = (page: Page) => page.getByRole('dialog');
const combobox = (page: Page) => page.getByRole('combobox');
const prompt = (page: Page) => page.locator('.sitesearch-chat-textarea');
const askAiEntry = (page: Page) => page.getByRole('option').first();
const answers = (page: Page) => page.locator('.sitesearch-chat-message--assistant');
const userMessages = (page: Page) => page.locator('.sitesearch-chat-message--user');
/** The actions row appears under an answer once it has finished streaming. */
const finishedAnswers = (page: Page) => page.locator('.sitesearch-chat-actions');

const QUESTION = 'How do I turn off the keyboard shortcuts?';

async function openModal(page: Page, path = '/') {
  const response = await page.goto(`${site.url}${path}`);
  expect(response?.headers()['content-security-policy']).toBe(STRICT_CSP);
  await page.getByRole('button', { name: 'Search docs' }).click();
  await expect(dialog(page)).toBeVisible();
}

/** Types a question in the search box and chooses the Ask AI entry with Enter. */
async function ask(page: Page, question: string) {
  await combobox(page).fill(question);
  await expect(askAiEntry(page)).toHaveText(new RegExp(`Ask AI: ${question.replace(/[?]/g, '\\?')}`));
  await expect(askAiEntry(page)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(prompt(page)).toBeFocused();
  await expect(userMessages(page).last()).toHaveText(question);
}

test.describe('Ask AI on the built site, local assistant', () => {
  test('the modal offers Ask AI: the placeholder says so and the entry comes before the keyword results', async ({ page }) => {
    await openModal(page);
    await expect(combobox(page)).toHaveAttribute('placeholder', 'Search docs or ask AI a question');
    await combobox(page).fill('dark theme');
    await expect(askAiEntry(page)).toHaveText(/Ask AI: dark theme/);
    // The keyword results of the same local index follow the entry.
    await expect(page.locator('[role="option"][href^="/demos/dark/"]').first()).toBeVisible();
  });

  test('a question gets an answer from this site: the search it ran, links to its own pages, related sources', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') chunks.push(new URL(request.url()).pathname);
    });
    await openModal(page);
    await ask(page, QUESTION);
    const answer = answers(page).last();
    await expect(answer.locator('.sitesearch-tool-call')).toContainText('Searched for');
    await expect(finishedAnswers(page)).toHaveCount(1, { timeout: 15_000 });
    // The answer quotes the docs: its text mentions what the shortcut option is called.
    await expect(answer).toContainText('keyboardShortcuts');
    // Every link of the answer leads to a page of this site, never elsewhere.
    const hrefs = await answer.locator('a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(new URL(href).origin).toBe(site.url);
    const sources = answer.locator('.sitesearch-chat-sources');
    await expect(sources).toContainText('Related sources');
    const sourceLinks = sources.locator('a.sitesearch-chat-source');
    await expect(sourceLinks.first()).toHaveAttribute('rel', 'noopener noreferrer');
    const sourcePaths = await sourceLinks.evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(sourcePaths.some((path) => /^\/(reference\/(shortcuts|options)|demos\/shortcuts-off)\//.test(path)), sourcePaths.join(', ')).toBe(true);
    // No feedback with the local assistant: there is nobody to send it to.
    await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveCount(0);
    // A followed source really is a page of this site.
    const response = await page.request.get(new URL(sourcePaths[0]!, site.url).href);
    expect(response.ok()).toBe(true);
    // The chat and the local assistant came as chunks of the site's own build (the CSP let them in).
    for (const chunk of [/^\/_astro\/askAiChunk-/, /^\/_astro\/assistant-/]) expect(chunks.some((path) => chunk.test(path)), chunks.join(', ')).toBe(true);
  });

  test('a follow-up in the prompt: Enter sends, Shift+Enter adds a line; Escape closes the modal', async ({ page }) => {
    await openModal(page);
    await ask(page, QUESTION);
    await expect(finishedAnswers(page)).toHaveCount(1, { timeout: 15_000 });
    await prompt(page).pressSequentially('and the slash');
    await page.keyboard.press('Shift+Enter');
    await prompt(page).pressSequentially('key?');
    await expect(prompt(page)).toHaveValue('and the slash\nkey?');
    await page.keyboard.press('Enter');
    await expect(userMessages(page)).toHaveCount(2);
    await expect(finishedAnswers(page)).toHaveCount(2, { timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
  });

  test('a conversation persists across a reload: listed under recent conversations, reopened whole', async ({ page }) => {
    await openModal(page);
    await ask(page, QUESTION);
    await expect(finishedAnswers(page)).toHaveCount(1, { timeout: 15_000 });
    await page.reload();
    await page.getByRole('button', { name: 'Search docs' }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(page.locator('.sitesearch-section-title').first()).toHaveText('Recent conversations');
    const recent = page.getByRole('row').filter({ hasText: QUESTION });
    await expect(recent).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(userMessages(page)).toHaveText([QUESTION]);
    await expect(answers(page).last().locator('.sitesearch-chat-sources')).toContainText('Related sources');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`an answer on the ${colorScheme} site has no serious axe violations`, async ({ page }) => {
      // The site follows the system theme until a reader picks one, and the modal follows the site.
      await page.emulateMedia({ colorScheme });
      await openModal(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
      await ask(page, QUESTION);
      await expect(finishedAnswers(page)).toHaveCount(1, { timeout: 15_000 });
      const violations = await seriousAxeViolations(page, '.sitesearch-modal');
      expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
    });
  }
});
