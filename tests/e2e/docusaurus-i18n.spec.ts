import { expect, test, type Page } from '@playwright/test';
import { useBuiltDocusaurusSite } from '../support/docusaurus.js';

/**
 * The modal and the Sidepanel speak the page's locale on a translated Docusaurus site: the
 * fixture's `fr` build (no code.json of its own) gets theme-search-algolia's texts that
 * @docusaurus/theme-translations ships and the theme's own French; the English build keeps the
 * English defaults. Same built fixture as the other Docusaurus specs (both locales are in it).
 */
const site = useBuiltDocusaurusSite();

const searchButton = (page: Page) => page.locator('nav.navbar .sitesearch-button');
const dialog = (page: Page) => page.getByRole('dialog');
const footerLabels = (page: Page) => dialog(page).locator('.sitesearch-footer .sitesearch-command-label');
const trigger = (page: Page) => page.locator('[data-sitesearch-sidepanel-button]');
const panel = (page: Page) => page.locator('.sitesearch-sidepanel[role="dialog"]');

/** Opens a page once React has hydrated it (the classic theme enables its colour-mode button then). */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${site.url}${path}`);
  await expect(searchButton(page)).toBeVisible();
  await expect(page.getByRole('button', { name: /dark mode|system mode|light mode|mode sombre|mode clair|mode système/i })).toBeEnabled();
}

const LOCALES = [
  {
    name: 'French',
    path: '/fr/guide/',
    button: 'Chercher',
    // askAi is on in the fixture: the placeholder that offers the assistant.
    placeholder: 'Rechercher des docs ou poser une question à l’IA',
    noResults: 'Aucun résultat pour',
    footer: ['sélectionner', 'naviguer', 'fermer'],
    reportLink: 'Faites-le nous savoir.',
    trigger: 'Demander à l’IA',
    newConversation: 'Comment puis-je vous aider ?',
  },
  {
    name: 'English',
    path: '/guide/',
    button: 'Search',
    placeholder: 'Search docs or ask AI a question',
    noResults: 'No results found for',
    footer: ['Select', 'Navigate', 'Close'],
    reportLink: 'Let us know.',
    trigger: 'Ask AI',
    newConversation: 'How can I help you today?',
  },
];

for (const locale of LOCALES) {
  test(`${locale.name} build: the button, the modal (placeholder, no-results screen, footer) and the Sidepanel in ${locale.name}`, async ({ page }) => {
    await visit(page, locale.path);
    await expect(searchButton(page)).toHaveAccessibleName(new RegExp(`^${locale.button}`));
    await searchButton(page).click();
    await expect(dialog(page)).toBeVisible({ timeout: 15_000 });
    const input = dialog(page).getByRole('combobox');
    await expect(input).toHaveAttribute('placeholder', locale.placeholder);
    await expect(footerLabels(page)).toHaveText(locale.footer);
    await input.fill('qqxyzzy');
    await expect(dialog(page)).toContainText(`${locale.noResults} "qqxyzzy"`, { timeout: 15_000 });
    // The fixture's wrapped SearchBar gives getMissingResultsUrl: the link's text is translated too.
    await expect(dialog(page).getByRole('link', { name: locale.reportLink })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();

    await expect(trigger(page)).toHaveAccessibleName(locale.trigger);
    await trigger(page).click();
    await expect(panel(page)).toBeVisible({ timeout: 15_000 });
    await expect(panel(page)).toContainText(locale.newConversation);
  });
}

test("French build: the Sidepanel's local assistant answers a question in French from the French docs, its own words in French", async ({ page }) => {
  await visit(page, '/fr/guide/');
  await trigger(page).click();
  const prompt = panel(page).locator('.sitesearch-chat-textarea');
  await expect(prompt).toBeFocused({ timeout: 15_000 });
  await prompt.fill('Comment déployer sous un chemin imbriqué ?');
  await prompt.press('Enter');
  const answer = panel(page).locator('.sitesearch-chat-message--assistant').last();
  await expect(answer.locator('.sitesearch-chat-actions')).toBeVisible({ timeout: 30_000 });
  const text = (await answer.locator('.sitesearch-markdown').first().innerText()).trim();
  // The lead in French (with French typography's space before the colon), the quote the French page's own sentence.
  expect(text).toMatch(/^(?:La réponse se trouve dans|Le passage le plus pertinent se trouve dans) Construire pour la production › Chemin de base public :/);
  expect(text).toContain('réglez l’option base'.replace('’', "'"));
  await expect(answer.getByRole('link', { name: 'Construire pour la production › Chemin de base public' }).first()).toHaveAttribute('href', /^\/fr\/guide\/build\/?#chemin-de-base-public$/);
});
