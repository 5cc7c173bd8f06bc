#!/usr/bin/env node
// Makes sure a Chromium exists for the browser tests, and says which one.
// Order: $CHROMIUM_PATH, /usr/bin/chromium, Playwright's own browser cache; where none exists and
// we are root with apt-get, install Debian's `chromium` (Playwright's download cannot work on
// machines whose only network is the package registries). Prints the chosen path on success.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) {
    if (existsSync(env.CHROMIUM_PATH)) return env.CHROMIUM_PATH;
    throw new Error(`CHROMIUM_PATH is set to "${env.CHROMIUM_PATH}", but no file exists there.`);
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const cache = env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache', 'ms-playwright');
  if (existsSync(cache)) {
    for (const dir of readdirSync(cache).filter((d) => d.startsWith('chromium-')).sort().reverse()) {
      for (const rel of ['chrome-linux/chrome', 'chrome-linux64/chrome', 'chrome-mac/Chromium.app/Contents/MacOS/Chromium']) {
        const candidate = join(cache, dir, rel);
        if (existsSync(candidate)) return candidate;
      }
    }
  }
  return undefined;
}

function canApt() {
  return process.platform === 'linux' && process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  let path = findChromium();
  if (!path && canApt()) {
    console.log('[sitesearch] No Chromium found: installing Debian\'s "chromium" package with apt-get…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    path = findChromium();
  }
  if (!path) {
    console.error(
      [
        '[sitesearch] The browser tests need Chromium, and none was found.',
        'Get one of these, then run the tests again:',
        '  - Debian/Ubuntu: sudo apt-get install chromium   (installs /usr/bin/chromium)',
        '  - any system:    npx playwright install chromium (fills Playwright\'s browser cache)',
        '  - or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
      ].join('\n'),
    );
    process.exit(1);
  }
  console.log(`[sitesearch] Chromium for browser tests: ${path}`);
}
