/**
 * `--render`: pages loaded in headless Chromium through playwright-core, for sites whose pages
 * are built by JavaScript. playwright-core is an optional peer dependency, loaded only here: a
 * crawl without `--render` never needs it, and it is some 8 MB. The page's HTML, already fetched
 * (robots.txt, redirects, retries and all), is handed to the browser as the answer to its
 * navigation, so the page is not requested twice; the browser's own requests (scripts, data)
 * go out only to the page's origin and only where robots.txt allows.
 */
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { CrawlError } from './errors.js';

/** Turns a fetched page into the HTML a browser renders from it (`--render`). */
export interface PageRenderer {
  render(url: string, html: string, headers: Headers): Promise<string>;
  close(): Promise<void>;
}

/** Chromium's flags for a crawler: no GPU, sandbox, QUIC or background traffic of its own. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const HOW_TO_GET_CHROMIUM =
  'install one (Debian/Ubuntu: apt-get install chromium, which gives /usr/bin/chromium; any system: npx playwright install chromium) or point CHROMIUM_PATH at a Chromium or Chrome binary';

/** Where a Chromium is: $CHROMIUM_PATH, /usr/bin/chromium, or Playwright's browser cache (the order of scripts/ensure-chromium.mjs). */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CHROMIUM_PATH) {
    if (existsSync(env.CHROMIUM_PATH)) return env.CHROMIUM_PATH;
    throw new CrawlError(`--render needs Chromium, and CHROMIUM_PATH is set to "${env.CHROMIUM_PATH}" where no file exists: ${HOW_TO_GET_CHROMIUM}`);
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const cache = env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache', 'ms-playwright');
  if (existsSync(cache)) {
    for (const dir of readdirSync(cache).filter((name) => name.startsWith('chromium-')).sort().reverse()) {
      for (const file of ['chrome-linux/chrome', 'chrome-linux64/chrome', 'chrome-mac/Chromium.app/Contents/MacOS/Chromium']) {
        if (existsSync(join(cache, dir, file))) return join(cache, dir, file);
      }
    }
  }
  throw new CrawlError(`--render needs Chromium, and none was found (CHROMIUM_PATH is not set, no /usr/bin/chromium, nothing in ${cache}): ${HOW_TO_GET_CHROMIUM}`);
}

export interface RendererOptions {
  userAgent: string;
  /** Whether the browser may request this URL for a page (robots.txt, same origin). */
  allows: (url: URL, page: URL) => Promise<boolean>;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

type PlaywrightCore = typeof import('playwright-core');

export async function createRenderer(options: RendererOptions): Promise<PageRenderer> {
  const executablePath = findChromium(options.env);
  let playwright: PlaywrightCore;
  try {
    playwright = await import('playwright-core');
  } catch {
    throw new CrawlError('--render needs the playwright-core package (an optional dependency of @sitesearch/local): npm install playwright-core');
  }
  let browser;
  try {
    browser = await playwright.chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  } catch (error) {
    throw new CrawlError(`--render could not start Chromium at ${executablePath}: ${(error as Error).message.split('\n')[0]}`);
  }
  const context = await browser.newContext({ userAgent: options.userAgent, serviceWorkers: 'block' });
  const timeout = options.timeoutMs ?? 30_000;
  return {
    async render(url, html) {
      const page = await context.newPage();
      try {
        const pageUrl = new URL(url);
        await page.route('**/*', async (route) => {
          const request = route.request();
          if (request.isNavigationRequest() && request.frame() === page.mainFrame() && request.url() === url) {
            // The page as fetched: decoded already, so it is handed over as UTF-8.
            await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
            return;
          }
          let target: URL | undefined;
          try {
            target = new URL(request.url());
          } catch {
            target = undefined;
          }
          if (target && (target.protocol === 'data:' || target.protocol === 'blob:')) return route.continue();
          if (target && !request.isNavigationRequest() && (await options.allows(target, pageUrl))) return route.continue();
          // Another origin, a forbidden path, or the page navigating away: not requested.
          return route.abort('blockedbyclient');
        });
        await page.goto(url, { waitUntil: 'load', timeout });
        // Scripts that fetch their content finish after `load`; a page that never goes quiet
        // (polling, analytics) is taken as it is after a few seconds.
        await page.waitForLoadState('networkidle', { timeout: Math.min(timeout, 5000) }).catch(() => undefined);
        return await page.content();
      } finally {
        await page.close().catch(() => undefined);
      }
    },
    async close() {
      await browser.close().catch(() => undefined);
    },
  };
}
