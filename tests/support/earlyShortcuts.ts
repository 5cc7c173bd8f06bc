import { expect, type Page } from '@playwright/test';
import { holdRequests } from './holdRequests.js';

/**
 * The check every adapter's early-shortcut test makes: the page is painted but its SiteSearch code
 * is held back on the network (a real delay: the requests matching `held` wait), the user presses
 * the shortcut and types; then the code arrives. The modal must open with every key in its input,
 * in order, including those typed while the held code started, show their results, and open
 * only once.
 */
export async function expectShortcutBeforeHydration(
  page: Page,
  { url, held, shortcut, typed }: { url: string; held: RegExp; shortcut: 'Control+k' | '/'; typed: [before: string, after: string] },
): Promise<void> {
  const { requested, release } = await holdRequests(page, held);
  // Not waiting for `load` (nor DOMContentLoaded, which waits for deferred and module scripts).
  await page.goto(url, { waitUntil: 'commit' });
  await expect(page.locator('[data-sitesearch-button]').first()).toBeVisible();
  await expect.poll(() => requested.length, { message: `the page requests ${held}` }).toBeGreaterThan(0);
  await page.keyboard.press(shortcut);
  await page.keyboard.type(typed[0], { delay: 10 });
  // Still before the page's code: no island has started (it would have made the page coordinator).
  expect(await page.evaluate(() => Symbol.for('sitesearch.pageCoordinator') in window)).toBe(false);
  release();
  await page.keyboard.type(typed[1], { delay: 10 });
  await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('dialog').getByRole('combobox')).toHaveValue(typed.join(''));
  await expect(page.getByRole('dialog').getByRole('combobox')).toBeFocused();
  // And searched for: the query's results are shown.
  await expect(page.locator('[role="option"][href]').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('dialog')).toHaveCount(1);
  // The island's listener alone now: one Ctrl/Cmd+K closes, the next opens again.
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('.sitesearch-proxy-input')).toHaveCount(0);
}

/**
 * The same check for the Sidepanel's `Ctrl/Cmd+I`: the page is painted with its server-rendered
 * trigger, but the code that starts the Sidepanel's island (`held`) waits on the network; the user
 * presses Ctrl/Cmd+I and asks; then the code arrives. The panel must open once, focused, with every
 * key in its prompt, in order. `modalFirst`: the modal's island runs before the hold ends (a page
 * whose `sitesearch()` call comes before its `sidepanel()` one): the key falls in the gap between them.
 */
export async function expectSidepanelShortcutBeforeHydration(
  page: Page,
  { url, held, typed, modalFirst = false }: { url: string; held: RegExp; typed: [before: string, after: string]; modalFirst?: boolean },
): Promise<void> {
  const { requested, release } = await holdRequests(page, held);
  await page.goto(url, { waitUntil: 'commit' });
  await expect(page.locator('[data-sitesearch-sidepanel-button]').first()).toBeVisible();
  await expect.poll(() => requested.length, { message: `the page requests ${held}` }).toBeGreaterThan(0);
  // The early script has run (it keeps its capture on the window), and the modal's island too where asked.
  await expect.poll(() => page.evaluate(() => Symbol.for('sitesearch.early') in window), { message: 'the early script runs' }).toBe(true);
  if (modalFirst) await expect.poll(() => page.evaluate(() => Symbol.for('sitesearch.pageCoordinator') in window), { message: "the modal's island runs" }).toBe(true);
  const panelIslandRuns = () =>
    page.evaluate(() => {
      const coordinator = (window as unknown as Record<symbol, { widgets?: Array<{ kind: string }> } | undefined>)[Symbol.for('sitesearch.pageCoordinator')];
      return !!coordinator?.widgets?.some((widget) => widget.kind === 'sidepanel');
    });
  const panel = page.locator('.sitesearch-sidepanel[role="dialog"]');
  const prompt = panel.locator('.sitesearch-chat-textarea');
  // The key is the Sidepanel's alone: focus never passes over the search button, whose focus
  // would load the modal's code (asked for by its stylesheet, modal.css).
  await page.evaluate(() =>
    document.addEventListener('focusin', (event) => {
      if ((event.target as Element).closest('[data-sitesearch-button]')) (window as unknown as { __searchButtonFocused: boolean }).__searchButtonFocused = true;
    }),
  );
  const modalCode: string[] = [];
  page.on('request', (request) => void (/modal\.css(\?|$)/.test(new URL(request.url()).pathname) && modalCode.push(request.url())));
  await page.keyboard.press('Control+i');
  await page.keyboard.type(typed[0], { delay: 10 });
  // Still before the Sidepanel's island: the keys went to the typing proxy.
  expect(await panelIslandRuns()).toBe(false);
  await expect(page.locator('.sitesearch-proxy-input')).toHaveCount(1);
  release();
  await page.keyboard.type(typed[1], { delay: 10 });
  await expect(prompt).toBeFocused({ timeout: 15_000 });
  await expect(prompt).toHaveValue(typed.join(''));
  await expect(panel).toHaveCount(1);
  await expect(page.locator('.sitesearch-proxy-input')).toHaveCount(0);
  await expect(page.locator('.sitesearch-modal')).toHaveCount(0);
  expect(await page.evaluate(() => !!(window as unknown as { __searchButtonFocused?: boolean }).__searchButtonFocused), 'focus on the search button').toBe(false);
  expect(modalCode, "the modal's code asked for").toEqual([]);
  // The island's listener alone now: one Ctrl/Cmd+I closes, the next opens again.
  await page.keyboard.press('Control+i');
  await expect(panel).toBeHidden();
  await page.keyboard.press('Control+i');
  await expect(prompt).toBeFocused();
  await expect(panel).toHaveCount(1);
}
