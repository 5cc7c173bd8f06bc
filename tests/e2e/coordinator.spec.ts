/**
 * The page coordinator through the CDN script with both widgets (modal and Sidepanel, local
 * assistant): the chat kept in the modal at 390px, Ctrl/Cmd+I from a
 * field with the keys typed while the panel loads in its prompt, one surface open at a time.
 * The hand-off at 1280px: the behaviour suite (behaviour/cdn.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { buildFixtureIndex, collectErrors, startStaticServer, type StaticServer } from '../support/servers.js';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>hybrid</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/cdn/sitesearch.css"><script src="/cdn/sitesearch.js"></script></head>
<body><header><div id="search"></div></header><main><h1>Docs</h1><input id="field"></main><div id="panel"></div>
<script>
var index = sitesearch.localIndex('/built/local-index/');
window.__modal = sitesearch({ container: '#search', indices: ['docs'], searchClient: index, askAi: { assistantId: 'local-assistant' } });
window.__panel = sidepanel({ container: '#panel', assistantId: 'local-assistant', indexName: 'docs', searchClient: index });
</script></body></html>`;

let site: StaticServer;
let errors: string[];
test.beforeAll(async () => {
  [site] = await Promise.all([startStaticServer((path) => (path === '/hybrid.html' ? { status: 200, type: 'text/html', body: PAGE } : undefined)), buildFixtureIndex()]);
});
test.afterAll(() => site.close());
test.beforeEach(({ page }) => {
  errors = collectErrors(page);
});
test.afterEach(() => expect(errors).toEqual([]));

test('390px: the chat stays in the modal', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${site.url}/hybrid.html`);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('combobox').pressSequentially('server port');
  await expect(page.getByRole('option').first()).toContainText('server port');
  await page.keyboard.press('Enter');
  await expect(page.locator('.sitesearch-sidepanel-portal [role="dialog"]')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toContainText('server port');
});

test('Ctrl+I toggles from a field, keys typed while loading land in the prompt, Ctrl+K swaps surfaces', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${site.url}/hybrid.html`);
  await page.locator('#field').focus();
  await page.keyboard.press('Control+i');
  await page.keyboard.type('hello there', { delay: 5 });
  const prompt = page.getByRole('dialog').getByRole('textbox');
  await expect(prompt).toHaveValue('hello there');
  await expect(prompt).toBeFocused();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox')).toBeFocused();
  await expect(page.locator('.sitesearch-sidepanel-portal [role="dialog"]:visible')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Ask AI' }).click();
  await expect(prompt).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();
  await expect(page.getByRole('button', { name: 'Ask AI' })).toBeFocused();
});
