import { defineConfig } from '@playwright/test';
import { findChromium } from '../scripts/ensure-chromium.mjs';

/**
 * Browser tests run in Debian's Chromium (Playwright's own browser download cannot work where
 * the only network is the package registries). The flags keep Chromium from calling home.
 */
const executablePath: string | undefined = findChromium();
if (!executablePath) throw new Error('No Chromium found: run `node scripts/ensure-chromium.mjs` from the repository root for instructions.');

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
  },
});
