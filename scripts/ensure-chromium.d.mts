/** Path of a Chromium for browser tests: $CHROMIUM_PATH, /usr/bin/chromium or Playwright's cache; undefined when none exists. */
export function findChromium(env?: NodeJS.ProcessEnv): string | undefined;
