import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { startAstro, siteDir, type AstroServer } from '../support/astro.js';
import { NAV } from '../../site/src/data/nav.js';
import { axeViolations, collectErrors, repoRoot, STRICT_CSP } from '../support/servers.js';

/**
 * The documentation site as a visitor uses it on a phone (390×844) and a laptop (1280×800), in
 * the light and the dark theme: the built site (`astro build`) served by `astro preview`, every
 * page under the strict Content-Security-Policy a host would send.
 */
let site: AstroServer;
let errors: string[];

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const SCREENS = join(repoRoot, 'tests/test-results/screens');

/**
 * Every page: home and the sidebar's pages. Taken from the nav data rather than from site/dist,
 * so the list of tests stays the same while a build rewrites dist; the first test checks that
 * the build holds no page the list misses.
 */
const PAGES = ['/', ...NAV.flatMap((section) => section.items.map((item) => item.href))];

/** Every page of the built site, from its output folder ("/", "/reference/options/", …). */
function builtPages(dir = join(siteDir, 'dist')): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file === 'index.html' || file.endsWith(`${sep}index.html`))
    .map((file) => `/${file.slice(0, -'index.html'.length).split(sep).join('/')}`);
}

test.beforeAll(async () => {
  // astro preview loads the Astro config and the integration first: slow on a busy machine.
  test.setTimeout(90_000);
  site = await startAstro('preview');
});
test.afterAll(async () => {
  await site?.close();
});
test.beforeEach(async ({ page }) => {
  errors = collectErrors(page);
  // Every page is served with the strict policy: no inline script or style may slip in.
  await page.route(`${site.url}/**`, async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': STRICT_CSP } });
  });
});
test.afterEach(() => {
  expect(errors, 'console errors and CSP violations').toEqual([]);
});

const html = (page: Page) => page.locator('html');
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' });
const docsNav = (page: Page) => page.getByRole('navigation', { name: 'Documentation' });
const themeButton = (page: Page, name: 'Light' | 'Dark' | 'System') => page.getByRole('group', { name: 'Theme' }).getByRole('button', { name: `${name} theme` });

async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  const serious = violations.filter((violation) => 'impact' in violation && (violation.impact === 'serious' || violation.impact === 'critical'));
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), label).toEqual([]);
}

/** The page does not scroll sideways, and every table's scroll box fits in the viewport. */
async function expectNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth,
    unwrappedTables: [...document.querySelectorAll('main table')].filter((table) => !table.parentElement!.matches('.table-scroll')).length,
    boxesPastEdge: [...document.querySelectorAll('.table-scroll, .code-block')].filter((box) => box.getBoundingClientRect().right > innerWidth).length,
  }));
  expect(overflow.scrollWidth, `${label}: page width`).toBeLessThanOrEqual(overflow.innerWidth);
  expect(overflow.unwrappedTables, `${label}: tables outside a scroll box`).toBe(0);
  expect(overflow.boxesPastEdge, `${label}: tables or code blocks past the right edge`).toBe(0);
}

async function saveScreen(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = join(SCREENS, `${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/** Relative luminance of a computed `rgb(…)` colour: near 0 is dark, near 1 is light. */
const luminance = (rgb: string) => {
  const [r = 0, g = 0, b = 0] = rgb.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((channel) => {
    const c = Number(channel) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

test('the pages tested are every page of the build: all in the sidebar', () => {
  expect(builtPages().sort()).toEqual([...PAGES].sort());
});

for (const [device, viewport] of [['phone', PHONE], ['laptop', LAPTOP]] as const) {
  test.describe(`every page on a ${device} (${viewport.width}px), light and dark`, () => {
    test.use({ viewport });
    for (const path of PAGES) {
      test(`${path}: no sideways scrolling, no serious axe violations`, async ({ page }, testInfo) => {
        // Two axe runs on the longest reference pages, on a shared machine.
        test.setTimeout(90_000);
        const screenName = path === '/' ? 'home' : path === '/reference/options/' ? 'reference-options' : undefined;
        // The theme switch starts on "system": the emulated colour scheme picks the theme.
        await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
        await page.goto(`${site.url}${path}`);
        const fixedTheme = await html(page).getAttribute('data-theme-fixed');
        for (const scheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
          // The dark demo page is always dark; every other page follows the system, live.
          await expect(html(page)).toHaveAttribute('data-theme', fixedTheme === null ? scheme : 'dark');
          await expectNoHorizontalOverflow(page, `${path} ${scheme}`);
          await expectNoAxeViolations(page, `${path} ${scheme}`);
          if (screenName) await saveScreen(page, testInfo, `${screenName}-${viewport.width}-${scheme}`);
        }
      });
    }
  });
}

test.describe('navigation menu on a phone', () => {
  test.use({ viewport: PHONE });

  test('opens with focus inside, keeps Tab inside, closes on Escape with focus back on the button', async ({ page }) => {
    await page.goto(`${site.url}/reference/options/`);
    await expect(docsNav(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton(page)).toHaveAttribute('aria-controls', 'docs-nav');
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(docsNav(page)).toBeVisible();
    // Focus starts on the current page's link.
    await expect(docsNav(page).getByRole('link', { name: 'Search modal options' })).toBeFocused();
    await expect(docsNav(page).getByRole('link', { name: 'Search modal options' })).toHaveAttribute('aria-current', 'page');
    // Round trips both ways stay on the button and the menu's links.
    const links = await docsNav(page).getByRole('link').count();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 0; i < links + 2; i++) {
        await page.keyboard.press(key);
        const inside = await page.evaluate(() => {
          const focused = document.activeElement;
          return !!focused && (focused.matches('[data-menu-button]') || !!document.getElementById('docs-nav')?.contains(focused));
        });
        expect(inside, `${key} ×${i + 1}`).toBe(true);
      }
    }
    await expectNoAxeViolations(page, 'menu open');
    await page.keyboard.press('Escape');
    await expect(docsNav(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton(page)).toBeFocused();
    // The keyboard opens it too.
    await page.keyboard.press('Enter');
    await expect(docsNav(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menuButton(page)).toBeFocused();
  });

  test('following a link closes the menu; the backdrop closes it too', async ({ page }) => {
    await page.goto(`${site.url}/`);
    await menuButton(page).click();
    await docsNav(page).getByRole('link', { name: 'Translations' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Translations/);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(docsNav(page)).toBeHidden();
    // The page scrolls again (the open menu locks it).
    await expect(html(page)).not.toHaveClass(/menu-open/);
    await menuButton(page).click();
    await expect(docsNav(page)).toBeVisible();
    await page.mouse.click(PHONE.width - 10, PHONE.height / 2);
    await expect(docsNav(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
  });

  test('on a laptop the sidebar is always there and there is no menu button', async ({ page }) => {
    await page.setViewportSize(LAPTOP);
    await page.goto(`${site.url}/`);
    await expect(docsNav(page)).toBeVisible();
    await expect(menuButton(page)).toBeHidden();
  });
});

test.describe('theme switch', () => {
  test('starts on the system theme; a choice is remembered across reloads and pages, and the widget follows it', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${site.url}/`);
    await expect(themeButton(page, 'System')).toHaveAttribute('aria-pressed', 'true');
    await expect(html(page)).toHaveAttribute('data-theme', 'light');

    await themeButton(page, 'Dark').click();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect(themeButton(page, 'Dark')).toHaveAttribute('aria-pressed', 'true');
    await expect(themeButton(page, 'System')).toHaveAttribute('aria-pressed', 'false');
    // The widget's modal is dark too: it follows <html data-theme>.
    await page.getByRole('button', { name: 'Search docs' }).click();
    const dialogBackground = () => page.getByRole('dialog').evaluate((dialog) => getComputedStyle(dialog).backgroundColor);
    expect(luminance(await dialogBackground())).toBeLessThan(0.1);
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect(themeButton(page, 'Dark')).toHaveAttribute('aria-pressed', 'true');

    // A navigation by the router keeps the theme from the first frame of the new page.
    await page.evaluate(() => document.addEventListener('astro:after-swap', () => (document.body.dataset.swappedTheme = document.documentElement.dataset.theme), { once: true }));
    await docsNav(page).getByRole('link', { name: 'Keyboard shortcuts' }).click();
    await expect(page.locator('body')).toHaveAttribute('data-swapped-theme', 'dark');
    await expect(themeButton(page, 'Dark')).toHaveAttribute('aria-pressed', 'true');

    // Light wins over a dark system; "system" follows it again, live.
    await page.emulateMedia({ colorScheme: 'dark' });
    await themeButton(page, 'Light').click();
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'Search docs' }).click();
    expect(luminance(await dialogBackground())).toBeGreaterThan(0.8);
    await page.keyboard.press('Escape');
    await themeButton(page, 'System').click();
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(themeButton(page, 'System')).toHaveAttribute('aria-pressed', 'true');
  });

  test('the theme is set before the body is parsed: no flash of the wrong theme', async ({ page }) => {
    // The served HTML loads the theme script in <head>, blocking (no async, defer or module).
    const served = await (await page.request.get(`${site.url}/reference/options/`)).text();
    const head = served.slice(0, served.indexOf('<body'));
    expect(head).toMatch(/<script src="\/theme\.js"><\/script>/);
    // The script reports, as it ends, the theme it set and whether the body existed yet.
    await page.route(`${site.url}/theme.js`, async (route) => {
      const response = await route.fetch();
      const probe = ';window.themeProbe = { theme: document.documentElement.dataset.theme, bodyParsed: document.body !== null };';
      await route.fulfill({ response, body: (await response.text()) + probe });
    });
    await page.goto(`${site.url}/`);
    await themeButton(page, 'Dark').click();
    await page.goto(`${site.url}/reference/options/`);
    expect(await page.evaluate(() => (window as unknown as { themeProbe: unknown }).themeProbe)).toEqual({ theme: 'dark', bodyParsed: false });
  });

  test('the dark demo page stays dark whatever the choice, and says so', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${site.url}/`);
    await themeButton(page, 'Light').click();
    await page.goto(`${site.url}/demos/dark/`);
    await expect(html(page)).toHaveAttribute('data-theme', 'dark');
    await expect(themeButton(page, 'Dark')).toBeDisabled();
    await expect(page.getByRole('group', { name: 'Theme' })).toHaveAttribute('title', 'This demo page is always dark');
  });
});

test.describe('content', () => {
  test.use({ viewport: PHONE });

  test('a heading reached through an anchor is below the sticky header, not under it', async ({ page }) => {
    const headerBottom = () => page.locator('header').first().evaluate((header) => header.getBoundingClientRect().bottom);
    await page.goto(`${site.url}/reference/options/`);
    const id = await page.locator('main h2[id]').nth(3).getAttribute('id');
    // Arriving with the anchor in the URL…
    await page.goto(`${site.url}/reference/options/#${id}`);
    const heading = page.locator(`[id="${id}"]`);
    await expect.poll(() => heading.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThanOrEqual(await headerBottom());
    await expect(heading).toBeInViewport();
    // …and following an in-page link (the table's links to each option).
    await page.evaluate(() => scrollTo(0, 0));
    const link = page.locator('main a[href^="#"]').nth(5);
    const target = page.locator(`[id="${(await link.getAttribute('href'))!.slice(1)}"]`);
    await link.click();
    await expect(target).toBeInViewport();
    expect(await target.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThanOrEqual(await headerBottom());
  });

  test('a table wider than the phone scrolls in its own box, not the page', async ({ page }) => {
    await page.goto(`${site.url}/reference/options/`);
    const box = page.locator('.table-scroll').first();
    await expect(box).toHaveAttribute('role', 'region');
    await expect(box).toHaveAttribute('aria-label', /^Table: /);
    // Whatever the table holds today, a cell that cannot wrap must not widen the page.
    await box.locator('td').first().evaluate((cell) => cell.append(document.createTextNode('x'.repeat(200))));
    const widths = await box.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    await expectNoHorizontalOverflow(page, 'wide table');
    // The box is focusable, so it scrolls from the keyboard.
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });

  test('the copy button copies a code block and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await page.goto(`${site.url}/quick-start/astro/`);
    const block = page.locator('.code-block').first();
    const copy = block.getByRole('button', { name: 'Copy code' });
    await copy.click();
    await expect(block.getByRole('button', { name: 'Copied code' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Code copied to the clipboard');
    const code = await block.locator('pre').textContent();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code!.replace(/\n$/, ''));
  });

  for (const [device, viewport] of [['phone', PHONE], ['laptop', LAPTOP]] as const) {
    test(`every control reached with Tab shows a focus ring (${device}, light and dark)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(`${site.url}/quick-start/astro/`);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const seen = new Set<number>();
        // Tab through the whole page: the header, the sidebar (laptop), the content's links, code
        // blocks and copy buttons, the footer, until focus leaves the document.
        for (let i = 0; i < 80; i++) {
          await page.keyboard.press('Tab');
          const ring = await page.evaluate(() => {
            const element = document.activeElement as HTMLElement | null;
            if (!element || element === document.body) return undefined;
            const style = getComputedStyle(element);
            return {
              at: [...document.querySelectorAll('*')].indexOf(element),
              name: `${element.tagName} ${element.className} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30)}`,
              style: style.outlineStyle,
              width: parseFloat(style.outlineWidth),
            };
          });
          // Past the last element, focus leaves the document (or wraps round): every stop was seen.
          if (!ring || seen.has(ring.at)) break;
          seen.add(ring.at);
          expect(ring.style, `${scheme}: ${ring.name}`).not.toBe('none');
          expect(ring.width, `${scheme}: ${ring.name}`).toBeGreaterThanOrEqual(2);
        }
        expect(seen.size).toBeGreaterThan(10);
      }
    });
  }
});
