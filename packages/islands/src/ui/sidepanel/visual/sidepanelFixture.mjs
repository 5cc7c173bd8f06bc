#!/usr/bin/env node
// A docs-like page with the Sidepanel's trigger and panel (Preact, as the JS entry ships), a fake
// chat backend that answers at once, for screenshots and an axe check:
//   node src/ui/sidepanel/visual/sidepanelFixture.mjs [outDir] [--shoot]
// The page reads `?variant=floating|inline&side=right|left&theme=light|dark`. `--shoot` takes
// Chromium screenshots at 390 px and 1280 px (light and dark, floating and inline, an answer
// shown), checks the inline push and its exact restore, and runs axe (the `tests` workspace's
// Playwright and axe-core).
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import { createGenerator } from '@unocss/core';
import { stylesheetConfigs } from '../../../styles/uno.config.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const islands = resolve(here, '../../../..');
const outDir = resolve(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? join(tmpdir(), 'sitesearch-sidepanel-fixture'));
mkdirSync(outDir, { recursive: true });
const src = (path) => JSON.stringify(join(islands, 'src', path));

// Answers every question with the same Markdown, in a few deltas, after a short wait.
const fakeTransport = `
const answer = [
  'Add the integration to **astro.config.mjs**, then the button appears in your header.',
  '',
  '1. Install the packages:',
  '   \\u0060\\u0060\\u0060bash',
  '   pnpm add @sitesearch/astro @sitesearch/islands',
  '   \\u0060\\u0060\\u0060',
  '2. Register it in \\u0060integrations\\u0060.',
  '',
  'See [the Astro guide](/docs/astro/) for the options.',
].join('\\n');
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export function createChatTransport() {
  return {
    async sendMessages() {
      return (async function* () {
        yield { type: 'start', messageId: 'a' + Date.now() };
        yield { type: 'text-start', id: 't' };
        for (const piece of answer.match(/[\\s\\S]{1,40}/g)) { await wait(10); yield { type: 'text-delta', id: 't', delta: piece }; }
        yield { type: 'text-end', id: 't' };
        yield { type: 'source-url', sourceId: 's1', url: '/docs/astro/', title: 'Astro' };
        yield { type: 'finish' };
      })();
    },
    sendFeedback: async () => {},
    getSuggestedQuestions: async () => [{ id: '1', question: 'How do I add search to an Astro site?' }, { id: '2', question: 'Can I use it without an account?' }],
  };
}
`;

const entry = `
import { resolveSidepanelOptions } from ${src('core/options/sidepanelOptions.ts')};
import { createSidepanelStore } from ${src('core/state/widgetStores.ts')};
import { sidepanelButtonHtml } from ${src('shell/sidepanelButtonMarkup.ts')};
import { createSidepanelMount } from ${src('ui/sidepanel/mountSidepanel.tsx')};

const params = new URLSearchParams(location.search);
const given = { appId: 'APP', apiKey: 'KEY', assistantId: 'fixture', indexName: 'docs', suggestedQuestions: true };
for (const key of ['variant', 'side', 'theme']) if (params.get(key)) given[key] = params.get(key);
const options = resolveSidepanelOptions(given, 'react');
document.documentElement.dataset.theme = options.theme;
const slot = document.getElementById('trigger');
slot.innerHTML = sidepanelButtonHtml({ buttonText: options.translations.sidepanel.buttonText, buttonAriaLabel: options.translations.sidepanel.buttonAriaLabel, side: options.side, showShortcutHint: true });
const trigger = slot.firstElementChild;
const store = createSidepanelStore();
createSidepanelMount(options, document.body, window, 'chat.css').then((mount) => {
  const panel = mount({ store, takePendingQuery: () => undefined, returnFocus: () => trigger.focus() });
  trigger.addEventListener('click', () => store.toggle());
  window.fixture = { store, panel };
});
`;

const bundle = await build({
  stdin: { contents: entry, resolveDir: islands, loader: 'js' },
  bundle: true,
  write: false,
  // A classic script: Chromium refuses module scripts from file:// pages.
  format: 'iife',
  jsx: 'automatic',
  alias: { react: 'preact/compat', 'react-dom': 'preact/compat', 'react-dom/client': 'preact/compat/client', 'react/jsx-runtime': 'preact/jsx-runtime' },
  plugins: [
    {
      name: 'fake-transport',
      setup(context) {
        context.onResolve({ filter: /createChatTransport\.js$/ }, () => ({ path: 'fake-transport', namespace: 'fixture' }));
        context.onLoad({ filter: /.*/, namespace: 'fixture' }, () => ({ contents: fakeTransport, loader: 'js' }));
      },
    },
  ],
  absWorkingDir: islands,
  logLevel: 'warning',
});
writeFileSync(join(outDir, 'fixture.js'), bundle.outputFiles[0].text);

async function stylesheet(config) {
  const generator = await createGenerator(config);
  const { css } = await generator.generate('', { preflights: true });
  const { css: components } = await generator.generate(Object.keys(config.shortcuts).join(' '), { preflights: false });
  return (await transform(`${css}\n${components}`, { loader: 'css' })).code;
}
writeFileSync(join(outDir, 'page.css'), (await stylesheet(stylesheetConfigs.button)) + (await stylesheet(stylesheetConfigs.sidepanel)));
writeFileSync(join(outDir, 'chat.css'), await stylesheet(stylesheetConfigs.chat));
const paragraph = '<p>SiteSearch adds a search modal and an assistant to static documentation sites. The index is built at deploy time and searched in the browser, so nothing runs on a server. This paragraph is long enough to wrap on every width, to see the content reflow when the panel pushes it.</p>';
writeFileSync(
  join(outDir, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sidepanel fixture</title>
<link rel="stylesheet" href="page.css"><style>
body{margin:0;font-family:system-ui,sans-serif;background:var(--sitesearch-modal-background,#fff);color:var(--sitesearch-text-color)}
html[data-theme=dark] body{background:#0d1117}
.top{position:sticky;top:0;height:56px;display:flex;align-items:center;padding:0 24px;border-bottom:1px solid var(--sitesearch-border-color);background:inherit;font-weight:700}
.layout{display:flex;gap:32px;padding:24px}
nav{flex:0 0 200px}nav a{display:block;padding:4px 0;color:var(--sitesearch-primary-color)}
main{flex:1;min-width:0;max-width:760px}
@media (max-width:768px){nav{display:none}}
</style></head><body><header class="top">Docs</header><div class="layout"><nav aria-label="Docs"><a href="#">Getting started</a><a href="#">Astro</a><a href="#">Options</a></nav>
<main><h1>Getting started</h1>${paragraph.repeat(6)}</main></div><div id="trigger"></div><script defer src="fixture.js"></script></body></html>`,
);
console.log(`sidepanel fixture → ${join(outDir, 'index.html')}`);

if (process.argv.includes('--shoot')) {
  const require = createRequire(join(islands, '../../tests/package.json'));
  const { chromium } = require('@playwright/test');
  const axeRequire = createRequire(require.resolve('@axe-core/playwright'));
  const axeSource = readFileSync(axeRequire.resolve('axe-core/axe.min.js'), 'utf8');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  for (const variant of ['floating', 'inline']) {
    for (const theme of ['light', 'dark']) {
      for (const width of [390, 1280]) {
        const page = await browser.newPage({ viewport: { width, height: 800 } });
        page.on('pageerror', (error) => console.error('page error:', error));
        page.on('console', (message) => message.type() === 'error' && console.error('console:', message.text()));
        await page.goto(`file://${join(outDir, 'index.html')}?variant=${variant}&theme=${theme}${width === 1280 && theme === 'dark' ? '&side=left' : ''}`);
        await page.waitForFunction(() => window.fixture);
        const name = `${variant}-${theme}-${width}`;
        if (variant === 'floating' && theme === 'light') await page.screenshot({ path: join(outDir, `closed-${width}.png`) });
        const before = await page.evaluate(() => document.querySelector('.layout').getAttribute('style'));
        await page.click('.sitesearch-sidepanel-button');
        await page.waitForSelector('.sitesearch-chat-suggestion');
        await page.waitForTimeout(350);
        const pushed = await page.evaluate(() => getComputedStyle(document.querySelector('.layout')).marginRight + ' / ' + getComputedStyle(document.querySelector('.layout')).marginLeft);
        const focused = await page.evaluate(() => document.activeElement?.className);
        await page.screenshot({ path: join(outDir, `${name}-new.png`) });
        // On a phone the prompt is not focused on open (no keyboard popping up): tap it.
        if (width === 390) await page.click('.sitesearch-chat-textarea');
        await page.keyboard.type('How do I install it on Astro?');
        await page.keyboard.press('Enter');
        await page.waitForSelector('.sitesearch-chat-actions');
        await page.waitForTimeout(100);
        await page.screenshot({ path: join(outDir, `${name}-answer.png`) });
        await page.addScriptTag({ content: axeSource });
        const result = await page.evaluate(() => globalThis.axe.run(document.querySelector('.sitesearch-sidepanel')));
        const issues = result.violations.map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).slice(0, 2).join(', ')})`);
        console.log(`${name}: axe ${issues.length ? issues.join('; ') : 'clean'}`);
        const locked = await page.evaluate(() => document.documentElement.classList.contains('sitesearch--scroll-locked'));
        console.log(`${name}: page scroll ${locked ? 'locked' : 'free'}`);
        if (width === 1280) {
          // The history screen (the conversation just asked is stored), then the expanded width.
          await page.click('.sitesearch-sidepanel-action[aria-pressed]');
          await page.waitForSelector('.sitesearch-conversation-open');
          await page.screenshot({ path: join(outDir, `${name}-history.png`) });
          await page.click('.sitesearch-sidepanel-history-bar button');
          await page.click('.sitesearch-sidepanel-expand');
          await page.waitForTimeout(350);
          await page.screenshot({ path: join(outDir, `${name}-expanded.png`) });
        }
        await page.keyboard.press('Escape');
        await page.waitForTimeout(400);
        const after = await page.evaluate(() => ({
          style: document.querySelector('.layout').getAttribute('style'),
          hidden: document.querySelector('.sitesearch-sidepanel').hidden,
          focused: document.activeElement?.className,
        }));
        console.log(`${name}: focus on open ${focused}; pushed ${pushed}; after close style ${JSON.stringify(after.style)} (before ${JSON.stringify(before)}), hidden ${after.hidden}, focus ${after.focused}`);
        await page.close();
      }
    }
  }
  await browser.close();
}
