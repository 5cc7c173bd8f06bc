import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { seriousAxeViolations } from '../../support/askAi.js';
import { collectErrors } from '../../support/servers.js';
import type { Backend, BehaviourFixture, Served } from './fixtures.js';

/**
 * The behaviour every adapter owes its users, written once and run against each fixture
 * (fixtures.ts; one spec file per fixture, so Playwright's workers share them out): the search
 * modal (opening by click, Ctrl/Cmd+K and `/`; keys typed while it loads; a known query's page
 * found, opened with the arrow keys and Enter, and listed as a recent search when the page is
 * loaded again; Escape and focus; axe), the Sidepanel (opening by its trigger and Ctrl/Cmd+I,
 * focus, Escape, an answer from the fixture's assistant, no Tab stop once closed) and the hybrid
 * hand-off between them. No console error and no failed request in any test.
 * A new adapter gets all of it with a fixture in fixtures.ts and a two-line spec file here.
 */

/**
 * Whether a path is a file the widget loads on intent, by its name, in every fixture: the CDN's
 * sitesearch-modal.js and sitesearch-sidepanel.js, Astro's widget.*.js, modal.*.css,
 * sidepanelWidget.*.js and sidepanel.*.css, Docusaurus' sitesearch-modal.*.css and
 * sitesearch-sidepanel.*.css (beside numbered chunks), React's SearchModalHost-*.js and
 * SidepanelHost-*.js. None of them is on a page before someone uses the widget.
 */
const fileNamed = (name: RegExp) => (path: string) => name.test(path.split('/').pop()!);
const widgetCode = {
  modal: fileNamed(/^(sitesearch-modal|widget|modal|SearchModalHost)[-.]/),
  sidepanel: fileNamed(/^(sitesearch-sidepanel|sidepanelWidget|sidepanel|SidepanelHost)[-.]/),
};

/** A first open fetches the widget's chunks (and a local index): patience on a loaded 2-core machine. */
const FIRST_OPEN = { timeout: 15_000 };
/** An answer streams after a search (the local assistant loads its index first). */
const ANSWER = { timeout: 30_000 };

const searchButton = (page: Page) => page.locator('[data-sitesearch-button]');
const dialog = (page: Page) => page.getByRole('dialog');
const modal = (page: Page) => page.locator('.sitesearch-modal');
// Inside the modal: a host page may have comboboxes of its own (Starlight's theme and language selects).
const input = (page: Page) => page.locator('.sitesearch-modal').getByRole('combobox');
const trigger = (page: Page) => page.locator('[data-sitesearch-sidepanel-button]');
const panel = (page: Page) => page.locator('.sitesearch-sidepanel[role="dialog"]');
const prompt = (page: Page) => panel(page).locator('.sitesearch-chat-textarea');
const userMessages = (scope: Locator) => scope.locator('.sitesearch-chat-message--user');
/** The actions row appears under an answer once it has finished streaming. */
const finishedAnswers = (scope: Locator) => scope.locator('.sitesearch-chat-actions');

/**
 * The page's requests through a gate, routed before the page loads: open until `close()`, after
 * which every request is held (what a user on a slow network sees between the first interaction
 * and the widget) until `release()`. Routing from the start means the hold is in force in the
 * browser well before the key that asks for the widget, rather than enabled just before it.
 * `before` and `held` list the paths asked for on either side of `close()`, so a test can check
 * that the widget's code was not fetched early and that it was among what was held.
 */
async function requestGate(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let closed = false;
  const gate = { before: [] as string[], held: [] as string[], close: () => void (closed = true), release };
  await page.route('**/*', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (!closed) {
      gate.before.push(pathname);
      return route.fallback();
    }
    gate.held.push(pathname);
    await released;
    await route.fallback();
  });
  return gate;
}

/**
 * Records, from the page's first script on, what could load a widget before a test holds its
 * code: pointer, focus and click events on its triggers (`isTrusted`: from the browser, or
 * dispatched by a script), the stack of every `focus()` call on one and of every script and
 * stylesheet added to the page. Returns how to read it.
 */
async function recordTriggerIntent(page: Page, selector: string): Promise<() => Promise<string[]>> {
  await page.addInitScript((selector) => {
    const log: string[] = [];
    (window as unknown as { __triggerIntent: string[] }).__triggerIntent = log;
    const note = (what: string) => log.push(`${Math.round(performance.now())} ms: ${what}`);
    for (const type of ['pointerover', 'pointerdown', 'focusin', 'click'])
      document.addEventListener(
        type,
        (event) => void ((event.target as Element | null)?.closest?.(selector) && note(`${type} (${event.isTrusted ? 'from the browser' : 'dispatched by a script'})`)),
        true,
      );
    // And what added each script and stylesheet (a webpack chunk, a widget's stylesheet; not
    // Docusaurus' rel=prefetch links): the code that asked for the widget, whatever it was.
    for (const method of ['appendChild', 'insertBefore'] as const) {
      const original = Node.prototype[method] as (...args: unknown[]) => unknown;
      (Node.prototype as unknown as Record<string, unknown>)[method] = function (this: Node, ...args: unknown[]) {
        const node = args[0];
        const url = (node instanceof HTMLScriptElement && node.src) || (node instanceof HTMLLinkElement && node.rel === 'stylesheet' && node.href);
        if (url) note(`${url.replace(location.origin, '')} added to the page: ${new Error().stack?.split('\n').slice(2, 12).join('\n')}`);
        return original.apply(this, args);
      };
    }
    const focus = HTMLElement.prototype.focus;
    HTMLElement.prototype.focus = function (this: HTMLElement, ...args: Parameters<HTMLElement['focus']>) {
      if (this.closest(selector)) note(`focus() called on it: ${new Error().stack}`);
      return focus.apply(this, args);
    };
  }, selector);
  return () => page.evaluate(() => (window as unknown as { __triggerIntent?: string[] }).__triggerIntent ?? []);
}

/** Every request of the page, to check where searches and answers came from. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

/**
 * Checks that a search or an answer came from the fixture's backend: the local index from the
 * site itself with nothing leaving it, or the loopback server (`before`: its counters before).
 */
async function expectBackend(backend: Backend, served: Served, requests: Request[], before: { searches: number; chats: number }, what: 'search' | 'chat') {
  const paths = requests.map((request) => new URL(request.url()));
  if (backend.kind === 'local') {
    expect(paths.some((url) => url.origin === served.url && url.pathname.startsWith(backend.indexPath)), `the local index (${backend.indexPath}) was fetched`).toBe(true);
    expect(paths.filter((url) => url.protocol !== 'data:' && url.origin !== served.url).map(String), 'requests leaving the site').toEqual([]);
    if (served.server) {
      expect(served.server.searchRequests, 'searches sent to the loopback server').toBe(before.searches);
      expect(served.server.chatRequests.length, 'questions sent to the loopback server').toBe(before.chats);
    }
    return;
  }
  const server = served.server!;
  if (what === 'search') expect(server.searchRequests, 'searches answered by the loopback server').toBeGreaterThan(before.searches);
  else {
    // The chat's requests (a transport may fetch a token first): one question, answered.
    const asked = server.chatRequests.slice(before.chats).filter((request) => request.endpoint === 'chat' || request.endpoint === 'agent');
    expect(asked.map((request) => [request.endpoint, request.status]), 'questions answered by the loopback server').toEqual([['chat', 200]]);
  }
}

/** The position among the options of the first result linking to `href` (path and hash), or -1. */
async function resultPosition(page: Page, href: RegExp): Promise<number> {
  const hrefs = await modal(page).getByRole('option').evaluateAll((items) => items.map((item) => item.getAttribute('href')));
  return hrefs.findIndex((value) => {
    if (value === null) return false;
    const url = new URL(value, 'http://127.0.0.1');
    return href.test(`${url.pathname}${url.hash}`);
  });
}

/** Waits for a finished answer in `scope` that mentions `answer` and links only to this site's pages. */
async function expectAnswer(scope: Locator, served: Served, answer: RegExp) {
  await expect(finishedAnswers(scope)).toHaveCount(1, ANSWER);
  const message = scope.locator('.sitesearch-chat-message--assistant').last();
  await expect(message).toContainText(answer);
  const links = await message.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  expect(links.length, 'links to the pages the answer comes from').toBeGreaterThan(0);
  for (const link of links) expect(new URL(link).origin, link).toBe(served.url);
}

export function behaviourSuite(fixture: BehaviourFixture): void {
  let served: Served;
  let errors: string[];

  test.describe(`behaviour: ${fixture.name}`, () => {
    test.beforeAll(async () => {
      test.setTimeout(fixture.startTimeout);
      served = await fixture.start();
    });
    test.afterAll(async () => {
      await served?.close();
    });
    test.beforeEach(async ({ page }) => {
      errors = collectErrors(page);
      page.on('console', (message) => {
        // React prints hydration problems as warnings in some versions: they count as errors here.
        if (message.type() === 'warning' && /hydrat|did not match/i.test(message.text())) errors.push(message.text());
      });
      // Name what failed to load (the console only says that something did).
      page.on('response', (response) => {
        if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
      });
      await served.preparePage(page);
    });
    test.afterEach(() => {
      expect(errors, 'console errors and failed requests').toEqual([]);
    });

    const visit = async (page: Page, path: string) => {
      await page.goto(`${served.url}${path}`);
      await fixture.ready(page);
    };
    const counters = () => ({ searches: served.server?.searchRequests ?? 0, chats: served.server?.chatRequests.length ?? 0 });

    test.describe('search modal', () => {
      test('a click opens it with focus in the search box; Escape closes it and focus returns to the button; Ctrl/Cmd+K toggles it; / opens it', async ({ page }) => {
        await visit(page, fixture.modal.path(served));
        await searchButton(page).click();
        await expect(dialog(page)).toBeVisible(FIRST_OPEN);
        await expect(input(page)).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(dialog(page)).toBeHidden();
        await expect(searchButton(page)).toBeFocused();
        for (const shortcut of ['Control+k', 'Meta+k']) {
          await page.keyboard.press(shortcut);
          await expect(input(page)).toBeFocused();
          await page.keyboard.press(shortcut);
          await expect(dialog(page)).toBeHidden();
        }
        // Focus is back on the button, which is no text field: `/` opens.
        await page.keyboard.press('/');
        await expect(input(page)).toBeFocused();
        await expect(input(page)).toHaveValue('');
      });

      test('keys typed right after Ctrl+K, while the widget loads, all land in the search box in order', async ({ page }) => {
        const loading = await requestGate(page);
        await visit(page, fixture.modal.path(served));
        expect(loading.before.filter(widgetCode.modal), "the modal's code, fetched before any interaction").toEqual([]);
        loading.close();
        await page.keyboard.press('Control+k');
        await page.keyboard.type(fixture.modal.search.query, { delay: 20 });
        // The keys really were typed while the widget loaded: its code was held back, and no modal was drawn without it.
        await expect.poll(() => loading.held.filter(widgetCode.modal), "the modal's code, held").not.toEqual([]);
        await expect(dialog(page)).toHaveCount(0);
        loading.release();
        await expect(input(page)).toHaveValue(fixture.modal.search.query, FIRST_OPEN);
        await expect(input(page)).toBeFocused();
        await expect.poll(() => resultPosition(page, fixture.modal.search.href), { message: `a result links to ${fixture.modal.search.href}`, ...FIRST_OPEN }).toBeGreaterThanOrEqual(0);
      });

      test('a known query shows its page, axe-clean; the arrow keys and Enter open it; loaded again, the page lists it as a recent search', async ({ page }) => {
        // Two page loads, a search, an axe run and a navigation: on the Docusaurus fixture 24.5 s
        // at load 8, over 30 s at load 16 (a CI box is as loaded when suites overlap).
        test.slow();
        const { query, href, heading } = fixture.modal.search;
        const requests = recordRequests(page);
        const before = counters();
        await visit(page, fixture.modal.path(served));
        await page.keyboard.press('Control+k');
        await expect(input(page)).toBeFocused(FIRST_OPEN);
        await page.keyboard.type(query);
        const options = modal(page).getByRole('option');
        await expect(options.first()).toBeVisible(FIRST_OPEN);
        await expect.poll(() => resultPosition(page, href), { message: `a result links to ${href}`, ...FIRST_OPEN }).toBeGreaterThanOrEqual(0);
        const position = await resultPosition(page, href);
        const hitHref = (await options.nth(position).getAttribute('href'))!;
        // Found by its link from here on: results still arriving may reorder the options.
        const hit = modal(page).locator(`[role="option"][href="${hitHref}"]`).first();
        await expectBackend(fixture.modal.backend, served, requests, before, 'search');

        await test.step('no serious or critical axe violation with results shown', async () => {
          const found = (await seriousAxeViolations(page, '.sitesearch-modal')).flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.html}`));
          expect(found).toEqual([]);
        });

        await test.step('the arrow keys move to the result, Enter opens its page', async () => {
          // ArrowDown to it (the Ask AI entry or better hits may come first); when it is already active, down and back up.
          if ((await hit.getAttribute('aria-selected')) === 'true') {
            await page.keyboard.press('ArrowDown');
            await expect(hit).toHaveAttribute('aria-selected', 'false');
            await page.keyboard.press('ArrowUp');
          } else {
            const count = await options.count();
            for (let step = 0; step < count && (await hit.getAttribute('aria-selected')) !== 'true'; step++) await page.keyboard.press('ArrowDown');
          }
          await expect(hit).toHaveAttribute('aria-selected', 'true');
          await page.keyboard.press('Enter');
          await page.waitForURL((url) => href.test(`${url.pathname}${url.hash}`));
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
          await expect(dialog(page)).toHaveCount(0);
        });

        await test.step('on the page loaded again, the opened result is listed under Recent', async () => {
          await visit(page, fixture.modal.path(served));
          await page.keyboard.press('Control+k');
          await expect(input(page)).toBeFocused(FIRST_OPEN);
          await expect(page.locator('.sitesearch-section-title').filter({ hasText: /^Recent$/ })).toBeVisible();
          await expect(modal(page).getByRole('row').locator(`a[href="${hitHref}"]`)).toHaveCount(1);
        });
      });
    });

    test.describe('Sidepanel', () => {
      test('the trigger opens it with focus in the prompt; Escape closes it, focus returns to the trigger, and the closed panel has no Tab stop', async ({ page }) => {
        // A tour of every Tab stop of the page.
        test.slow();
        await visit(page, fixture.sidepanel.path(served));
        await expect(trigger(page)).toHaveAccessibleName('Ask AI');
        await trigger(page).click();
        await expect(panel(page)).toBeVisible(FIRST_OPEN);
        await expect(prompt(page)).toBeFocused(FIRST_OPEN);
        await page.keyboard.press('Escape');
        await expect(panel(page)).toBeHidden();
        await expect(trigger(page)).toBeFocused();
        // Tab from the trigger all the way round the page back to it: no stop inside the closed panel.
        // (Checked in batches: a round trip per key would take a loaded machine too long on a page of a hundred links.)
        await page.evaluate(() => {
          const tour = { panelStops: [] as string[], back: false };
          (window as unknown as { __tour: typeof tour }).__tour = tour;
          const start = document.activeElement;
          document.addEventListener('focusin', (event) => {
            const target = event.target as Element;
            if (target.closest('.sitesearch-sidepanel')) tour.panelStops.push(target.outerHTML.slice(0, 120));
            if (target === start) tour.back = true;
          });
        });
        const tour = () => page.evaluate(() => (window as unknown as { __tour: { panelStops: string[]; back: boolean } }).__tour);
        for (let batch = 0; batch < 40 && !(await tour()).back; batch++) for (let key = 0; key < 10; key++) await page.keyboard.press('Tab');
        const { panelStops, back } = await tour();
        expect(back, 'Tab came back round to the trigger').toBe(true);
        expect(panelStops, 'Tab stops in the closed panel').toEqual([]);
      });

      // One CI run at 53de786 found the Docusaurus panel already drawn while requests were held:
      // its code had come before the hold. That never happened again, in CI or in several hundred
      // local runs, loaded or not (what was tried is in the notes on #31). So no retry: the gate is
      // routed before the page loads (the hold is in force long before the key, not switched on
      // just before it); the panel's own code must be among what is held, not just any request;
      // and panel code fetched before any interaction is a failure of its own, printed with what
      // reached the trigger and what added each script and stylesheet.
      test('Ctrl/Cmd+I opens it with the keys typed while it loads in the prompt; the question gets an answer from the assistant, axe-clean', async ({ page }) => {
        test.slow();
        const { question, answer, backend } = fixture.sidepanel;
        const requests = recordRequests(page);
        const before = counters();
        // What reached the trigger (the panel's code loads on its intent: pointer, focus, click), for a failure to print.
        const triggerIntent = await recordTriggerIntent(page, '[data-sitesearch-sidepanel-button]');
        const loading = await requestGate(page);
        await visit(page, fixture.sidepanel.path(served));
        const evidence = async () =>
          `asked for before the hold:\n${loading.before.join('\n')}\nheld:\n${loading.held.join('\n')}\nwhat reached the trigger, and what added scripts and styles:\n${(await triggerIntent()).join('\n') || 'nothing'}`;
        expect(loading.before.filter(widgetCode.sidepanel), `the panel's code, fetched before any interaction; ${await evidence()}`).toEqual([]);
        loading.close();
        await page.keyboard.press('Control+i');
        await page.keyboard.type(question, { delay: 10 });
        await expect.poll(() => loading.held.filter(widgetCode.sidepanel), "the panel's code, held").not.toEqual([]);
        await expect(panel(page), `no panel while its code is held; ${await evidence()}`).toHaveCount(0);
        loading.release();
        await expect(prompt(page)).toHaveValue(question, FIRST_OPEN);
        await expect(prompt(page)).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(userMessages(panel(page))).toHaveText([question]);
        await expectAnswer(panel(page), served, answer);
        await expectBackend(backend, served, requests, before, 'chat');
        // The local assistant quotes the pages and says so.
        if (backend.kind === 'local') await expect(panel(page).locator('.sitesearch-chat-disclaimer')).toContainText('not written by AI');
        const violations = await seriousAxeViolations(page, '.sitesearch-sidepanel');
        expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`)).toEqual([]);
        await page.keyboard.press('Control+i');
        await expect(panel(page)).toBeHidden();
      });
    });

    test('hybrid at 1280px: a question asked in the modal continues in the Sidepanel, and the modal then lists the conversation', async ({ page }) => {
      test.slow();
      const { question, answer, backend } = fixture.sidepanel;
      const requests = recordRequests(page);
      const before = counters();
      await page.setViewportSize({ width: 1280, height: 800 });
      await visit(page, fixture.hybrid.path(served));
      await expect(searchButton(page)).toBeVisible();
      await expect(trigger(page)).toBeVisible();
      await page.keyboard.press('Control+k');
      await expect(input(page)).toBeFocused(FIRST_OPEN);
      await input(page).fill(question);
      const entry = modal(page).getByRole('option').first();
      await expect(entry).toContainText(`Ask AI: ${question}`);
      await expect(entry).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');
      await expect(modal(page)).toHaveCount(0);
      await expect(panel(page)).toBeVisible(FIRST_OPEN);
      await expect(userMessages(panel(page))).toHaveText([question]);
      await expectAnswer(panel(page), served, answer);
      await expectBackend(backend, served, requests, before, 'chat');
      // One stored list of conversations: the modal's start screen shows the panel's.
      await page.keyboard.press('Control+k');
      await expect(panel(page)).toBeHidden();
      await expect(page.locator('.sitesearch-section-title').filter({ hasText: /^Recent conversations$/ })).toBeVisible();
      await expect(modal(page).getByRole('row').filter({ hasText: question })).toHaveCount(1);
    });
  });
}
