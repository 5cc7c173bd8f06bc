/**
 * The widgets' shortcuts before the page hydrates. The SearchBar's island starts in an effect, once
 * React has hydrated the page: until then `Ctrl/Cmd+K` and `/` did nothing. `sitesearch-early.js`
 * of @sitesearch/islands (under 1 KB gzip) does their job from the first paint and hands what was
 * typed to the island. It is linked from the head as a file of the site (`<baseUrl>sitesearch-early.js`,
 * copied there by postBuild, answered by the dev server), never inline: a `script-src 'self'`
 * policy allows it. Synchronous on purpose: `defer` would run it after the page is parsed.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { HtmlTagObject } from '@docusaurus/types';
import { earlyScriptAttributes } from '@sitesearch/islands/shell';
import type { DevMiddleware } from '@sitesearch/local/dev';
import type { SiteSearchThemeConfig } from './types.js';

const require = createRequire(import.meta.url);
const SOURCE = require.resolve('@sitesearch/islands/cdn/sitesearch-early.js');
/** Its name in the built site, under the base URL. */
export const EARLY_SCRIPT_FILE = 'sitesearch-early.js';

/** The head's `<script src>`, or none when both modal shortcuts are off and the Sidepanel's Ctrl/Cmd+I is too (or there is no Sidepanel). */
export function earlyScriptTag(baseUrl: string, keyboardShortcuts: SiteSearchThemeConfig['keyboardShortcuts'], sidepanel?: SiteSearchThemeConfig['sidepanel']): HtmlTagObject | undefined {
  const sidepanelShortcut = sidepanel !== undefined && sidepanel !== false && (sidepanel === true || sidepanel.keyboardShortcuts?.['Ctrl/Cmd+I'] !== false);
  const attributes = earlyScriptAttributes(keyboardShortcuts, sidepanelShortcut);
  if (!attributes) return undefined;
  // The file keeps its name across releases: the query makes a browser's cached copy stale when it changes.
  const version = createHash('sha256').update(readFileSync(SOURCE)).digest('hex').slice(0, 8);
  return { tagName: 'script', attributes: { src: `${baseUrl}${EARLY_SCRIPT_FILE}?v=${version}`, ...attributes } };
}

/** Writes the script into the built site. */
export const copyEarlyScript = (outDir: string): Promise<void> => copyFile(SOURCE, join(outDir, EARLY_SCRIPT_FILE));

/** `docusaurus start`: answers the script's URL. */
export function earlyScriptMiddleware(baseUrl: string): { name: string; middleware: DevMiddleware } {
  const path = `${baseUrl}${EARLY_SCRIPT_FILE}`;
  return {
    name: 'sitesearch-early-shortcuts',
    middleware(request, response, next) {
      if (new URL(request.url ?? '/', 'http://localhost').pathname !== path) return next();
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(readFileSync(SOURCE));
    },
  };
}
