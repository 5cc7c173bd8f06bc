import { defineConfig } from '@playwright/test';
import { findChromium } from '../../scripts/ensure-chromium.mjs';

/**
 * The documentation's runnable blocks (docs.spec.ts), run after the end-to-end suites by
 * `pnpm test` (tests/package.json). One worker: the checks share one type-check program, one
 * browser and the Astro builds, and the machine is shared.
 */
const executablePath: string | undefined = findChromium();
if (!executablePath) throw new Error('No Chromium found: run `node scripts/ensure-chromium.mjs` from the repository root for instructions.');

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // An `astro build` on a busy machine takes a while; no test waits on a clock otherwise.
  timeout: 240_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // Builds are slow, steps in the browser are not: a missing element fails in seconds.
    actionTimeout: 15_000,
    navigationTimeout: 15_000,
    trace: 'off',
  },
});
