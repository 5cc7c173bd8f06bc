import { expect, test, type Locator, type Page } from '@playwright/test';
import { useLocalAssistantPages } from '../support/askAi.js';

/**
 * The local assistant (in the page, over the local index) lists the sources of its answer under
 * it, as the chat does for the hosted backends' `source-url` parts: in the search modal (the Ask
 * AI fixture) and in the Sidepanel, at 390 and 1280 px. The sources are the answer's own parts, so
 * a reopened conversation keeps them too. Screenshots (light and dark) go to test-results/.
 */
const site = useLocalAssistantPages();

const QUESTION = 'How do I change the server port?';

/** The answer's sources: the "Related sources" list under the last answer, as links (text and href). */
async function expectSourcesUnderAnswer(scope: Locator): Promise<void> {
  const answer = scope.locator('.sitesearch-chat-message--assistant').last();
  await expect(scope.locator('.sitesearch-chat-actions')).toHaveCount(1, { timeout: 15_000 });
  const sources = scope.locator('.sitesearch-chat-sources').last();
  await expect(sources).toBeVisible();
  await expect(sources.locator('.sitesearch-chat-sources-title')).toHaveText('Related sources');
  const links = sources.getByRole('link');
  expect(await links.count()).toBeGreaterThan(0);
  // Listed in the answer's order, each titled "Page › Section" and pointing at that section.
  const listed = await links.evaluateAll((elements) => elements.map((element) => ({ title: element.textContent ?? '', href: element.getAttribute('href') ?? '' })));
  const linked = await answer.locator('.sitesearch-chat-message-content a, a').evaluateAll((elements) => elements.map((element) => element.getAttribute('href') ?? ''));
  expect(listed.map((source) => source.href)).toEqual([...new Set(linked.filter((href) => listed.some((source) => source.href === href)))]);
  for (const source of listed) {
    expect(source.title.trim()).not.toBe('');
    expect(source.href).toMatch(/^\/fixtures\/pages\/.+/);
  }
  // Below the answer's text, within the answer.
  const [textBox, sourcesBox] = await Promise.all([answer.locator('p, blockquote').first().boundingBox(), sources.boundingBox()]);
  expect(sourcesBox!.y).toBeGreaterThan(textBox!.y);
}

/** The saved conversation's last answer carries its sources as `source-url` parts (what a reopened conversation lists). */
async function savedSourceParts(page: Page): Promise<Array<{ url: string; title?: string }>> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const value = localStorage.getItem(localStorage.key(i)!) ?? '';
      if (!value.includes('"source-url"')) continue;
      const conversations = JSON.parse(value) as Array<{ messages?: Array<{ role: string; parts: Array<{ type: string; url?: string; title?: string }> }> }>;
      const list = Array.isArray(conversations) ? conversations : [];
      for (const conversation of list) {
        const answer = conversation.messages?.filter((message) => message.role === 'assistant').at(-1);
        if (answer) return answer.parts.filter((part) => part.type === 'source-url').map(({ url, title }) => ({ url: url!, title }));
      }
    }
    return [];
  });
}

for (const width of [390, 1280]) {
  for (const theme of ['light', 'dark']) {
    test(`${width}px, ${theme}: the search modal's local answer lists its sources under it`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${site.url}/fixtures/askai/index.html?${new URLSearchParams(theme === 'dark' ? { theme } : {})}`);
      await expect(page.locator('[data-sitesearch-button]')).toBeVisible();
      await page.keyboard.press('Control+k');
      await page.getByRole('combobox').fill(QUESTION);
      await expect(page.getByRole('option').first()).toContainText(QUESTION);
      await page.keyboard.press('Enter');
      const modal = page.locator('.sitesearch-modal');
      await expectSourcesUnderAnswer(modal);
      const parts = await savedSourceParts(page);
      expect(parts.length).toBeGreaterThan(0);
      await expect(modal.locator('.sitesearch-chat-sources').last().getByRole('link').first()).toHaveAttribute('href', parts[0]!.url);
      await page.screenshot({ path: testInfo.outputPath(`modal-${width}-${theme}.png`) });
    });

    test(`${width}px, ${theme}: the Sidepanel's local answer lists its sources under it`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${site.url}/fixtures/sidepanel/index.html?${new URLSearchParams(theme === 'dark' ? { theme } : {})}`);
      const trigger = page.locator('[data-sitesearch-sidepanel-button]');
      await expect(trigger).toBeVisible();
      await trigger.click();
      const panel = page.getByRole('dialog', { name: 'Ask AI' });
      await expect(panel).toBeVisible({ timeout: 15_000 });
      await panel.locator('.sitesearch-chat-textarea').fill(QUESTION);
      await panel.locator('.sitesearch-chat-textarea').press('Enter');
      await expectSourcesUnderAnswer(panel);
      expect((await savedSourceParts(page)).length).toBeGreaterThan(0);
      await page.screenshot({ path: testInfo.outputPath(`sidepanel-${width}-${theme}.png`) });
    });
  }
}
