import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { searchButtonHtml, sidepanelButtonHtml } from '@sitesearch/islands/shell';
import type { LocalSearchServer } from '@sitesearch/local';
import { seriousAxeViolations, startAskAiServer, SUGGESTED_QUESTIONS } from '../support/askAi.js';
import { expectSidepanelShortcutBeforeHydration } from '../support/earlyShortcuts.js';
import { buildFixtureIndex, collectErrors, repoRoot, routeProviderToLoopback, startStaticServer, type StaticServer } from '../support/servers.js';

/**
 * The Sidepanel through the CDN page (`window.sidepanel`, and `window.sitesearch` for hybrid mode),
 * options from the URL (tests/fixtures/sidepanel/init.js): every option's default and the others,
 * both variants measured on the page's content box, keys and focus, the three backends (hosted
 * against the loopback server with the real transports, and the local assistant), conversations
 * shared with the modal, hybrid hand-off, option errors and axe. coordinator.spec.ts covers the
 * first hybrid and Ctrl/Cmd+I basics; this file does not repeat them.
 */
let site: StaticServer;
let server: LocalSearchServer;
let errors: string[];
let expectedErrors: RegExp[];

/**
 * The fixture page as the islands README tells a CDN page whose calls come late to be: both
 * triggers drawn on the server, `sitesearch-early.js` in the head, and its `sitesearch()` and
 * `sidepanel()` calls in two deferred scripts, the modal's first (late-modal.js, late-panel.js).
 */
function earlyPage(path: string) {
  if (path !== '/fixtures/sidepanel/early.html') return undefined;
  const button = searchButtonHtml({ buttonText: 'Search', buttonAriaLabel: 'Search', showShortcutHint: true });
  const trigger = sidepanelButtonHtml({ buttonText: 'Ask AI', buttonAriaLabel: 'Ask AI', side: 'right', showShortcutHint: true });
  const html = readFileSync(join(repoRoot, 'tests/fixtures/sidepanel/index.html'), 'utf8')
    .replace(
      '<script src="/fixtures/sidepanel/init.js" defer></script>',
      '<script src="/cdn/sitesearch-early.js"></script>\n    <script src="/fixtures/sidepanel/late-modal.js" defer></script>\n    <script src="/fixtures/sidepanel/late-panel.js" defer></script>',
    )
    .replace('<div id="search"></div>', `<div id="search">${button}</div>`)
    .replace('<div id="panel"></div>', `<div id="panel">${trigger}</div>`);
  return { status: 200, type: 'text/html; charset=utf-8', body: html };
}

test.beforeAll(async () => {
  [site, server] = await Promise.all([startStaticServer(earlyPage), startAskAiServer(), buildFixtureIndex()]);
});
test.afterAll(async () => {
  await Promise.all([site.close(), server.close()]);
});
test.beforeEach(async ({ page }) => {
  server.setChatFaults(null);
  server.clearChatRequests();
  expectedErrors = [];
  errors = collectErrors(page);
  await routeProviderToLoopback(page, server);
});
test.afterEach(() => {
  expect(errors.filter((error) => !expectedErrors.some((pattern) => pattern.test(error))), 'console errors').toEqual([]);
});

/** The fixture page with these options; `chat: true` answers through the loopback server, else the local assistant. */
async function load(page: Page, params: Record<string, string | boolean> = {}) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (key === 'chat') {
      if (value) query.set('chat', server.url);
    } else query.set(key, String(value));
  }
  await page.goto(`${site.url}/fixtures/sidepanel/index.html?${query}`);
  if (!params.manual) await expect(trigger(page)).toBeVisible();
}

const trigger = (page: Page) => page.locator('[data-sitesearch-sidepanel-button]');
const panel = (page: Page) => page.getByRole('dialog', { name: 'Ask AI' });
const prompt = (page: Page) => panel(page).locator('.sitesearch-chat-textarea');
const userMessages = (scope: Page | Locator) => scope.locator('.sitesearch-chat-message--user');
const finishedAnswers = (scope: Page | Locator) => scope.locator('.sitesearch-chat-actions');
const expandButton = (page: Page) => panel(page).getByRole('button', { name: 'Expand panel' });
const collapseButton = (page: Page) => panel(page).getByRole('button', { name: 'Collapse panel' });
const content = (page: Page) => page.locator('#content');
const chatBodies = () => server.chatRequests.filter((request) => request.endpoint === 'chat' || request.endpoint === 'agent');

/** Opens the panel with its trigger; on a desktop screen the prompt takes focus (the first open fetches two chunks: patience on a loaded machine). */
async function openPanel(page: Page) {
  await trigger(page).click();
  await expect(panel(page)).toBeVisible({ timeout: 15_000 });
  await expect(prompt(page)).toBeFocused({ timeout: 15_000 });
}

/** Asks from the panel's prompt and waits for the whole answer. */
async function askInPanel(page: Page, question: string, answersBefore = 0) {
  await prompt(page).fill(question);
  await page.keyboard.press('Enter');
  await expect(userMessages(panel(page)).last()).toHaveText(question);
  await expect(finishedAnswers(panel(page))).toHaveCount(answersBefore + 1, { timeout: 15_000 });
}

/** The declarations of an element's inline style (`null` without a style attribute), as the browser reads them. */
const inlineStyle = (locator: Locator) => locator.evaluate((element) => (element.hasAttribute('style') ? (element as HTMLElement).style.cssText : null));

type Box = { left: number; right: number; top: number; bottom: number; width: number };
/** A box in whole CSS pixels, read once the element stopped moving. */
const boxOf = (locator: Locator): Promise<Box> =>
  locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { left: Math.round(rect.left), right: Math.round(rect.right), top: Math.round(rect.top), bottom: Math.round(rect.bottom), width: Math.round(rect.width) };
  });
/** Waits until the element's box (after slides and transitions) matches `expected`. */
const expectBox = (locator: Locator, expected: Partial<Box>) => expect.poll(() => boxOf(locator)).toMatchObject(expected);
const viewportWidth = (page: Page) => page.evaluate(() => document.documentElement.clientWidth);
const backgroundOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);

/** Every Tab stop of the page in order, from its first link around to the start again. */
async function tabStops(page: Page): Promise<string[]> {
  await page.locator('.brand').focus();
  const stops: string[] = [];
  for (let step = 0; step < 40; step++) {
    const stop = await page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return '';
      return `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''} ${active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''}`;
    });
    if (stops.length > 0 && (stop === '' || stop === stops[0])) break;
    stops.push(stop);
    await page.keyboard.press('Tab');
  }
  return stops;
}

test.describe('options', () => {
  test('defaults: floating trigger and panel on the right, 360px expanding to 580px, light, no suggested questions, Ctrl/Cmd+I on, nothing pushed', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await load(page, { chat: true });
    const width = await viewportWidth(page);
    await expect(trigger(page)).toHaveText(/Ask AI/);
    await expect(trigger(page)).toHaveAttribute('aria-keyshortcuts', 'Control+I Meta+I');
    await expect(trigger(page).locator('kbd')).toHaveCount(2);
    await expectBox(trigger(page), { right: width - 16, bottom: 800 - 16 });
    const before = await boxOf(content(page));
    await openPanel(page);
    await expect(panel(page)).toHaveClass(/sitesearch-sidepanel--floating/);
    // Floating: inset 1rem from the right, top and bottom edges, over the content.
    await expectBox(panel(page), { right: width - 16, top: 16, bottom: 800 - 16, width: 360 });
    expect(await boxOf(content(page))).toEqual(before);
    expect(await backgroundOf(panel(page))).toBe('rgb(255, 255, 255)');
    await expect(panel(page).getByText('How can I help you today?')).toBeVisible();
    await expect(panel(page).locator('.sitesearch-chat-suggestion')).toHaveCount(0);
    // The page keeps its own theme: the panel's colours do not leak onto it.
    expect(await backgroundOf(page.locator('body'))).toBe('rgba(0, 0, 0, 0)');
    await expandButton(page).click();
    await expectBox(panel(page), { right: width - 16, width: 580 });
    await expect(collapseButton(page)).toBeVisible();
    await collapseButton(page).click();
    await expectBox(panel(page), { width: 360 });
    await expect(expandButton(page)).toBeVisible();
    expect(await boxOf(content(page))).toEqual(before);
    // The inline variant's push code is not fetched for a floating panel.
    expect(fetched.filter((url) => url.includes('sitesearch-pushContent-'))).toEqual([]);
  });

  test('left side, widths as numbers, dark theme, suggested questions', async ({ page }) => {
    await load(page, { chat: true, side: 'left', width: '420', expandedWidth: '700', theme: 'dark', suggested: '1' });
    await expectBox(trigger(page), { left: 16, bottom: 800 - 16 });
    await openPanel(page);
    await expectBox(panel(page), { left: 16, top: 16, width: 420 });
    expect(await backgroundOf(panel(page))).toBe('rgb(22, 27, 34)');
    await expect(panel(page).locator('.sitesearch-chat-suggestion')).toHaveText(SUGGESTED_QUESTIONS);
    await expandButton(page).click();
    await expectBox(panel(page), { left: 16, width: 700 });
    // A suggested question is sent with its id.
    await collapseButton(page).click();
    await panel(page).locator('.sitesearch-chat-suggestion').first().click();
    await expect(userMessages(panel(page))).toHaveText([SUGGESTED_QUESTIONS[0]!]);
    await expect(finishedAnswers(panel(page))).toHaveCount(1, { timeout: 15_000 });
    expect((chatBodies()[0]?.body as { suggestedQuestionId?: string }).suggestedQuestionId).toEqual(expect.any(String));
  });

  test('no theme given: the panel follows the page’s data-theme, live; a theme given wins over the page', async ({ page }) => {
    await load(page, { chat: true, pageTheme: 'dark' });
    await openPanel(page);
    expect(await backgroundOf(panel(page))).toBe('rgb(22, 27, 34)');
    // The site switches to light while the panel is open: the panel follows.
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
    await expect.poll(() => backgroundOf(panel(page))).toBe('rgb(255, 255, 255)');
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await expect.poll(() => backgroundOf(panel(page))).toBe('rgb(22, 27, 34)');

    await load(page, { chat: true, pageTheme: 'dark', theme: 'light' });
    await openPanel(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await backgroundOf(panel(page))).toBe('rgb(255, 255, 255)');
  });

  test('inline on the right pushes the content box by the panel’s width, follows the expand toggle, and is restored exactly on close', async ({ page }) => {
    await load(page, { variant: 'inline' });
    const wrapper = page.locator('#page');
    const style = await inlineStyle(wrapper);
    const before = await boxOf(content(page));
    await openPanel(page);
    await expect(panel(page)).toHaveClass(/sitesearch-sidepanel--inline/);
    const width = await viewportWidth(page);
    // Full height at the edge, and the content ends where the panel starts.
    await expectBox(panel(page), { right: width, top: 0, bottom: 800, width: 360 });
    await expectBox(content(page), { left: before.left, right: before.right - 360 });
    await expandButton(page).click();
    await expectBox(panel(page), { width: 580 });
    await expectBox(content(page), { left: before.left, right: before.right - 580 });
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expectBox(content(page), before);
    await expect.poll(() => inlineStyle(wrapper)).toBe(style);
  });

  test('inline on the left with CSS widths: the content moves right by the panel’s width; the close button restores it', async ({ page }) => {
    await load(page, { variant: 'inline', side: 'left', width: '30vw', expandedWidth: 'min(90vw, 50rem)' });
    const style = await inlineStyle(page.locator('#page'));
    const before = await boxOf(content(page));
    await openPanel(page);
    const width = await viewportWidth(page);
    const panelWidth = Math.round(0.3 * (await page.evaluate(() => window.innerWidth)));
    await expectBox(panel(page), { left: 0, top: 0, width: panelWidth });
    await expectBox(content(page), { left: before.left + panelWidth, right: before.right });
    await expandButton(page).click();
    await expectBox(panel(page), { left: 0, width: Math.min(800, width) });
    await expectBox(content(page), { left: before.left + 800, right: before.right });
    await panel(page).getByRole('button', { name: 'Close panel' }).click();
    await expect(panel(page)).toBeHidden();
    await expectBox(content(page), before);
    await expect.poll(() => inlineStyle(page.locator('#page'))).toBe(style);
  });

  test('pushTarget: the inline panel pushes the element it names, and leaves the page’s wrapper alone', async ({ page }) => {
    await load(page, { variant: 'inline', pushTarget: '#content' });
    const wrapperStyle = await inlineStyle(page.locator('#page'));
    const before = await boxOf(content(page));
    await openPanel(page);
    await expectBox(content(page), { left: before.left, right: before.right - 360 });
    await expect(page.locator('#content')).toHaveAttribute('style', /margin-right: 360px !important/);
    expect(await inlineStyle(page.locator('#page'))).toBe(wrapperStyle);
    await page.keyboard.press('Escape');
    await expectBox(content(page), before);
    await expect.poll(() => inlineStyle(content(page))).toBeNull();
  });

  test('inline, resized across 768px while open: the push goes on small screens and comes back on wide ones', async ({ page }) => {
    await load(page, { variant: 'inline' });
    const wrapper = page.locator('#page');
    const style = await inlineStyle(wrapper);
    const before = await boxOf(content(page));
    await openPanel(page);
    await expectBox(content(page), { right: before.right - 360 });
    await page.setViewportSize({ width: 700, height: 800 });
    await expectBox(panel(page), { left: 0, top: 0, right: 700, bottom: 800 });
    await expect.poll(() => inlineStyle(wrapper)).toBe(style);
    await expect(expandButton(page)).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectBox(panel(page), { width: 360 });
    await expectBox(content(page), { right: before.right - 360 });
    await page.keyboard.press('Escape');
    await expect.poll(() => inlineStyle(wrapper)).toBe(style);
  });

  test('under a strict Content-Security-Policy: the inline panel pushes, answers with the local assistant, and nothing is refused', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await load(page, { variant: 'inline', csp: 'strict' });
    const before = await boxOf(content(page));
    await openPanel(page);
    await expectBox(content(page), { right: before.right - 360 });
    await askInPanel(page, 'How do I change the server port?');
    await page.keyboard.press('Escape');
    await expectBox(content(page), before);
    expect(refused).toEqual([]);
  });

  test('390px: full screen, nothing pushed (even inline), no expand button, page scroll locked and restored', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await load(page, { variant: 'inline' });
    const style = await inlineStyle(page.locator('#page'));
    await page.evaluate(() => window.scrollTo(0, 500));
    const before = await boxOf(content(page));
    await trigger(page).click();
    await expect(panel(page)).toBeVisible();
    await expect(panel(page)).toHaveAttribute('aria-modal', 'true');
    await expectBox(panel(page), { left: 0, top: 0, right: 390, bottom: 800 });
    await expect(prompt(page)).toBeVisible();
    // No keyboard popping up over a phone's panel: the dialog itself takes focus, not the prompt.
    await expect(panel(page)).toBeFocused();
    await expect(panel(page).getByRole('button', { name: /Expand panel|Collapse panel/ })).toHaveCount(0);
    expect(await boxOf(content(page))).toEqual(before);
    expect(await inlineStyle(page.locator('#page'))).toBe(style);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    expect(await page.evaluate(() => window.scrollY)).toBe(500);
    // Tab stays in the full-screen dialog.
    for (let step = 0; step < 8; step++) await page.keyboard.press('Tab');
    expect(await panel(page).evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(trigger(page)).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('visible');
    // No declaration left on <html> (the lock leaves an empty style attribute behind: harmless, reported).
    expect(await page.evaluate(() => document.documentElement.style.length)).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(500);
    await page.evaluate(() => window.scrollBy(0, 100));
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
    expect(await inlineStyle(page.locator('#page'))).toBe(style);
  });
});

test.describe('lifecycle', () => {
  test('destroy() while an inline panel is open: trigger and panel gone, the push undone at once, the shortcut no longer answers', async ({ page }) => {
    await load(page, { variant: 'inline' });
    const wrapper = page.locator('#page');
    const style = await inlineStyle(wrapper);
    const before = await boxOf(content(page));
    await openPanel(page);
    await expectBox(content(page), { right: before.right - 360 });
    await page.evaluate(() => (window as unknown as { __sidepanel: { destroy(): void } }).__sidepanel.destroy());
    await expect(trigger(page)).toHaveCount(0);
    await expect(page.locator('.sitesearch-sidepanel')).toHaveCount(0);
    expect(await inlineStyle(wrapper)).toBe(style);
    await expectBox(content(page), before);
    await page.keyboard.press('Control+i');
    await page.locator('#field').focus();
    await page.keyboard.press('Control+i');
    await expect(page.locator('.sitesearch-sidepanel')).toHaveCount(0);
    await expect(page.locator('#field')).toBeFocused();
  });
});

test.describe('keys and focus', () => {
  test('Ctrl+I toggles from a field (whose text is kept) and from the prompt, focus going back to the field; Meta+I too; Escape closes; focus on the prompt and back to the trigger', async ({ page }) => {
    await load(page);
    await page.locator('#field').fill('my note');
    await page.locator('#field').focus();
    await page.keyboard.press('Control+i');
    await expect(prompt(page)).toBeFocused();
    await expect(page.locator('#field')).toHaveValue('my note');
    // From the prompt the shortcut closes, and focus goes back to the field that opened it.
    await page.keyboard.press('Control+i');
    await expect(panel(page)).toBeHidden();
    await expect(page.locator('#field')).toBeFocused();
    await expect(page.locator('#field')).toHaveValue('my note');
    await trigger(page).click();
    await expect(prompt(page)).toBeFocused();
    await page.keyboard.press('Meta+i');
    await expect(panel(page)).toBeHidden();
    await expect(trigger(page)).toBeFocused();
    // The trigger with Enter, then Escape.
    await page.keyboard.press('Enter');
    await expect(prompt(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(trigger(page)).toBeFocused();
  });

  test('opened with nothing focused, after an earlier open from a field: closing focuses the trigger, not that field', async ({ page }) => {
    // Each opening remembers its own opener (shell/island.ts, open()): with nothing focused, the
    // field of an earlier opening must not get focus back.
    await load(page);
    await page.locator('#field').focus();
    await page.keyboard.press('Control+i');
    await expect(prompt(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('#field')).toBeFocused();
    // A click on the page's text: nothing has focus when the shortcut opens the panel again.
    await page.locator('h1').click();
    await expect(page.locator('#field')).not.toBeFocused();
    await page.keyboard.press('Control+i');
    await expect(prompt(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(trigger(page)).toBeFocused();
  });

  test('the shortcut off: Ctrl+I does nothing (page or field) and the trigger shows no hint; the trigger still opens', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await load(page, { shortcut: 'off' });
    await expect(trigger(page)).not.toHaveAttribute('aria-keyshortcuts', /./);
    await expect(trigger(page).locator('kbd')).toHaveCount(0);
    await page.keyboard.press('Control+i');
    await page.locator('#field').focus();
    await page.keyboard.type('ab');
    await page.keyboard.press('Control+i');
    await page.keyboard.type('c');
    // The field got every key: the shortcut took none of them.
    await expect(page.locator('#field')).toHaveValue('abc');
    await expect(page.locator('#field')).toBeFocused();
    await expect(panel(page)).toHaveCount(0);
    expect(requested.filter((path) => path.startsWith('/cdn/sitesearch-sidepanel'))).toEqual([]);
    await openPanel(page);
  });

  test('the trigger is a Tab stop and a closed panel holds none', async ({ page }) => {
    await load(page);
    const before = await tabStops(page);
    expect(before).toContain('button Ask AI');
    await page.locator('.brand').focus();
    // Reached by Tab and opened with Space.
    while (!(await trigger(page).evaluate((element) => element === document.activeElement))) await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(prompt(page)).toBeFocused();
    await expect(panel(page).getByRole('button')).not.toHaveCount(0);
    await panel(page).getByRole('button', { name: 'Close panel' }).click();
    await expect(panel(page)).toBeHidden();
    // The panel stays in the page (its conversation kept), inert and hidden: no Tab stop added.
    await expect(page.locator('.sitesearch-sidepanel')).toHaveAttribute('inert', '');
    expect(await tabStops(page)).toEqual(before);
  });

  test('keys typed while the panel’s code loads land in the prompt, and Enter sends them', async ({ page }) => {
    await page.route(/sitesearch-sidepanel(Chat-[^/]*)?\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await load(page);
    await trigger(page).click();
    await page.keyboard.type('how do plugins work', { delay: 20 });
    await expect(prompt(page)).toHaveValue('how do plugins work', { timeout: 10_000 });
    await expect(prompt(page)).toBeFocused();
    await page.keyboard.type('?');
    await page.keyboard.press('Enter');
    await expect(userMessages(panel(page))).toHaveText(['how do plugins work?']);
  });
});

test.describe('backends', () => {
  test('assistant backend at the loopback server: the question, a streamed answer with sources, a follow-up in the same conversation', async ({ page }) => {
    await load(page, { chat: true });
    await openPanel(page);
    await askInPanel(page, 'How do I change the server port?');
    await expect(panel(page).locator('.sitesearch-chat-sources').last()).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Like', exact: true })).toBeVisible();
    const first = chatBodies();
    expect(first.map((request) => [request.endpoint, request.status])).toEqual([['chat', 200]]);
    expect((first[0]!.body as { messages: Array<{ role: string; parts: unknown[] }> }).messages.at(-1)).toMatchObject({ role: 'user', parts: [{ type: 'text', text: 'How do I change the server port?' }] });
    await askInPanel(page, 'And the host?', 1);
    const second = chatBodies()[1]!.body as { id: string; messages: unknown[] };
    expect(second.messages).toHaveLength(3);
    expect(second.id).toBe((first[0]!.body as { id: string }).id);
    // A slow answer can be stopped from the prompt.
    server.setChatFaults({ chunkDelayMs: 400 });
    await prompt(page).fill('And the timeout?');
    await page.keyboard.press('Enter');
    await expect(prompt(page)).toHaveAttribute('placeholder', 'Answering...');
    await panel(page).getByRole('button', { name: 'Stop answering' }).click();
    await expect(panel(page).getByText('You stopped this response')).toBeVisible();
    await expect(prompt(page)).toHaveAttribute('placeholder', 'Ask another question...');
  });

  test('agent backend at the loopback server (named with agentId): the agent in the path, the indices sent as algolia.indices, no feedback buttons', async ({ page }) => {
    await load(page, { chat: true, backend: 'agent', agentId: '1' });
    await openPanel(page);
    await askInPanel(page, 'How do I write a plugin?');
    const [request] = chatBodies();
    expect(request?.endpoint).toBe('agent');
    expect(request?.path).toContain('docs-assistant');
    expect((request?.body as { algolia?: { indices?: string[] } }).algolia?.indices).toEqual(['docs', 'blog']);
    await expect(panel(page).getByRole('button', { name: 'Like', exact: true })).toHaveCount(0);
  });

});

test.describe('conversations', () => {
  test('shared with the modal both ways, live and across a reload', async ({ page }) => {
    await load(page, { modal: '1' });
    // Asked in the panel: listed by the modal, with no reload.
    await openPanel(page);
    await askInPanel(page, 'How do I change the server port?');
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('combobox')).toBeFocused();
    await expect(page.getByRole('row').filter({ hasText: 'How do I change the server port?' })).toHaveCount(1);
    await page.keyboard.press('Escape');
    // Asked in the modal (at 390px the chat stays there): listed by the panel's history.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill('plugins');
    await expect(page.getByRole('option').first()).toContainText('plugins');
    await page.keyboard.press('Enter');
    const modal = page.locator('.sitesearch-modal');
    await expect(finishedAnswers(modal)).toHaveCount(1, { timeout: 15_000 });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
    await trigger(page).click();
    await panel(page).getByRole('button', { name: 'Conversation history' }).click();
    const history = panel(page).locator('.sitesearch-conversation-open');
    await expect(history).toHaveCount(2);
    await expect(history.first()).toContainText('plugins');
    // Across a reload: both still listed, and one reopens whole.
    await page.reload();
    await openPanel(page);
    await panel(page).getByRole('button', { name: 'Conversation history' }).click();
    await expect(history).toHaveCount(2);
    await history.filter({ hasText: 'server port' }).click();
    await expect(userMessages(panel(page))).toHaveText(['How do I change the server port?']);
    await expect(finishedAnswers(panel(page))).toHaveCount(1);
  });
});

test.describe('hybrid mode', () => {
  test('1280px: a question typed in the modal continues in the panel, sent once', async ({ page }) => {
    await load(page, { chat: true, modal: '1' });
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill('How do I change the server port?');
    await expect(page.getByRole('option').first()).toContainText('How do I change the server port?');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await expect(userMessages(panel(page))).toHaveText(['How do I change the server port?']);
    await expect(finishedAnswers(panel(page))).toHaveCount(1, { timeout: 15_000 });
    expect(chatBodies()).toHaveLength(1);
    await expect(userMessages(page)).toHaveCount(1);
    // The modal's own Ask AI screen (a recent conversation reopened there): a follow-up typed in
    // its prompt continues in the panel too, sent once.
    await page.keyboard.press('Control+k');
    await expect(panel(page)).toBeHidden();
    await page.getByRole('row').filter({ hasText: 'How do I change the server port?' }).click();
    const modalPrompt = page.locator('.sitesearch-modal .sitesearch-chat-textarea');
    await expect(modalPrompt).toBeFocused();
    await modalPrompt.fill('And the host?');
    await page.keyboard.press('Enter');
    await expect(page.locator('.sitesearch-modal')).toHaveCount(0);
    await expect(userMessages(panel(page))).toHaveText(['How do I change the server port?', 'And the host?']);
    await expect(finishedAnswers(panel(page))).toHaveCount(2, { timeout: 15_000 });
    expect(chatBodies()).toHaveLength(2);
    // Ctrl+I from the open modal's search box swaps the surfaces.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('combobox')).toBeFocused();
    await page.keyboard.press('Control+i');
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await expect(prompt(page)).toBeFocused();
  });

  test('390px: the chat stays in the modal and the panel never loads', async ({ page }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.setViewportSize({ width: 390, height: 800 });
    await load(page, { chat: true, modal: '1' });
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').fill('How do I change the server port?');
    await expect(page.getByRole('option').first()).toContainText('How do I change the server port?');
    await page.keyboard.press('Enter');
    const modal = page.locator('.sitesearch-modal');
    await expect(userMessages(modal)).toHaveText(['How do I change the server port?']);
    await expect(finishedAnswers(modal)).toHaveCount(1, { timeout: 15_000 });
    expect(chatBodies()).toHaveLength(1);
    await expect(page.locator('.sitesearch-sidepanel')).toHaveCount(0);
  });
});

test.describe('errors', () => {
  test('invalid options throw an Error naming the option, at the call', async ({ page }) => {
    await load(page, { manual: '1' });
    const thrown = await page.evaluate(() => {
      const attempt = (options: unknown) => {
        try {
          (window as unknown as { sidepanel(options: unknown): unknown }).sidepanel(options);
          return 'no error';
        } catch (error) {
          return error instanceof Error ? error.message : `not an Error: ${String(error)}`;
        }
      };
      return {
        notObject: attempt('#panel'),
        assistantId: attempt({ container: '#panel' }),
        container: attempt({ assistantId: 'a', container: '#nowhere' }),
        shortcut: attempt({ assistantId: 'a', container: '#panel', keyboardShortcuts: { 'Ctrl/Cmd+I': 'yes' } }),
      };
    });
    expect(thrown.notObject).toMatch(/sidepanel/i);
    expect(thrown.assistantId).toMatch(/assistantId/);
    expect(thrown.container).toMatch(/container/);
    expect(thrown.shortcut).toMatch(/Ctrl\/Cmd\+I/);
    await expect(trigger(page)).toHaveCount(0);
  });

  test('an option the panel’s chunk checks: the call draws the trigger, the first open reports the option in the console, the page keeps working', async ({ page }) => {
    expectedErrors.push(/Sidepanel could not be loaded/);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await load(page, { manual: '1' });
    await page.evaluate(() => {
      const global = window as unknown as { sidepanel(options: unknown): unknown; sitesearch: { localIndex(url: string): unknown } };
      global.sidepanel({ container: '#panel', assistantId: 'local-assistant', indexName: 'docs', searchClient: global.sitesearch.localIndex('/built/local-index/'), side: 'top' });
    });
    await expect(trigger(page)).toBeVisible();
    const reported = page.waitForEvent('console', (message) => message.type() === 'error');
    await trigger(page).click();
    const message = await reported;
    const text = [message.text(), ...(await Promise.all(message.args().map((arg) => arg.evaluate((value) => (value instanceof Error ? value.message : String(value))))))].join(' ');
    expect(text).toMatch(/"side"/);
    await expect(panel(page)).toHaveCount(0);
    await page.locator('#field').fill('still typing');
    await expect(page.locator('#field')).toHaveValue('still typing');
    expect(pageErrors).toEqual([]);
  });
});
test.describe('accessibility', () => {
  for (const theme of ['light', 'dark']) {
    test(`axe (${theme}): no serious or critical violation in a new conversation and after an answer`, async ({ page }) => {
      await load(page, { chat: true, suggested: '1', theme });
      await openPanel(page);
      await expect(panel(page).locator('.sitesearch-chat-suggestion')).toHaveCount(SUGGESTED_QUESTIONS.length);
      expect(await seriousAxeViolations(page, '.sitesearch-sidepanel')).toEqual([]);
      await askInPanel(page, 'How do I change the server port?');
      expect(await seriousAxeViolations(page, '.sitesearch-sidepanel')).toEqual([]);
    });
  }
});

test.describe('Ctrl/Cmd+I before sidepanel() runs (server-rendered trigger + the early script, strict CSP)', () => {
  test('pressed before any of the page\'s calls, it opens the Sidepanel once they run, with every key typed', async ({ page }) => {
    await expectSidepanelShortcutBeforeHydration(page, { url: `${site.url}/fixtures/sidepanel/early.html?csp=strict`, held: /\/fixtures\/sidepanel\/late-(modal|panel)\.js$/, typed: ['how do I', ' start'] });
  });

  test('pressed after sitesearch() and before sidepanel(), it opens the Sidepanel once that runs, with every key typed', async ({ page }) => {
    await expectSidepanelShortcutBeforeHydration(page, {
      url: `${site.url}/fixtures/sidepanel/early.html?csp=strict`,
      held: /\/fixtures\/sidepanel\/late-panel\.js$/,
      typed: ['how do I', ' start'],
      modalFirst: true,
    });
  });
});
