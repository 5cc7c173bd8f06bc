import type { Page } from '@playwright/test';

export interface HeldRequests {
  /** The URLs asked for so far (held until `release()`, let through after it), in order. */
  requested: string[];
  /** Lets every held request through, and any later one straight away. */
  release(): void;
}

/**
 * Holds the page's requests whose URL matches `filter` on the network until `release()`: a real
 * delay, to act on a page while its code (or an answer) is still "loading". Routes added before
 * this one still see each request once it is let through.
 */
export async function holdRequests(page: Page, filter: string | RegExp | ((url: URL) => boolean)): Promise<HeldRequests> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route(filter, async (route) => {
    requested.push(route.request().url());
    await released;
    await route.fallback();
  });
  return { requested, release };
}
