#!/usr/bin/env node
// A page showing the chat components in their states (new conversation, finished answer,
// streaming, error, stopped, history), light and dark, for screenshots and an axe check:
//   node src/ui/chat/visual/chatFixture.mjs [outDir] [--shoot]
// `--shoot` takes Chromium screenshots at 390 px and 1280 px and runs axe (needs the `tests`
// workspace's Playwright and axe-core). Built with esbuild and Preact, as the JS entry ships.
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import { createGenerator } from '@unocss/core';
import { buttonShortcuts, stylesheetConfigs } from '../../../styles/uno.config.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const islands = resolve(here, '../../../..');
const outDir = resolve(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? join(tmpdir(), 'sitesearch-chat-fixture'));
mkdirSync(outDir, { recursive: true });

const entry = `
import { h, render } from 'preact';
import { createStore } from ${JSON.stringify(join(islands, 'src/core/state/store.ts'))};
import { DEFAULT_TRANSLATIONS as t } from ${JSON.stringify(join(islands, 'src/core/translations.ts'))};
import { ChatError } from ${JSON.stringify(join(islands, 'src/core/chat/types.ts'))};
import { ChatView, ConversationHistory } from ${JSON.stringify(join(islands, 'src/ui/chat/index.ts'))};

const answer = [
  '## Installing on Astro',
  '',
  'Add the integration, then the search button appears in your header. See [the Astro guide](/docs/astro/) and https://docs.example.com/a/very/long/path/that/should/wrap/nicely/inside/the/answer/box/without/overflowing/anything.html.',
  '',
  '1. Install the package:',
  '   \\u0060\\u0060\\u0060bash',
  '   pnpm add @sitesearch/astro @sitesearch/islands && echo "this line is deliberately long so that the code block must scroll horizontally"',
  '   \\u0060\\u0060\\u0060',
  '2. Register it in **astro.config.mjs**:',
  '   - import \\u0060sitesearch\\u0060 from \\u0060@sitesearch/astro\\u0060',
  '   - add it to *integrations*',
  '',
  '> The local index works without an account.',
  '',
  '| Option | Default |',
  '|---|:-:|',
  '| \\u0060placeholder\\u0060 | Search docs |',
  '| \\u0060maxResultsPerGroup\\u0060 | 5 |',
  '',
  'Raw HTML stays text: <img src=x onerror=alert(1)> and [unsafe](javascript:alert(1)).',
].join('\\n');

const tool = (id, query, state = 'output-available') => ({ type: 'tool-searchIndex', toolCallId: id, state, input: state === 'input-streaming' ? undefined : { query }, output: state === 'output-available' ? { query, hits: [] } : undefined });
const user = (id, text) => ({ id, role: 'user', parts: [{ type: 'text', text }] });

function fakeChat(state, canGiveFeedback = true) {
  const store = createStore({ id: 'c', messages: [], status: 'ready', error: undefined, ...state });
  return {
    get: store.get, subscribe: store.subscribe, canGiveFeedback,
    send() {}, stop() {}, retry() {}, newConversation() {}, load() {}, destroy() {},
    sendFeedback: () => Promise.resolve(),
    getSuggestedQuestions: () => Promise.resolve([{ id: '1', question: 'How do I add search to an Astro site?' }, { id: '2', question: 'Can I use it without an account?' }, { id: '3', question: 'How do I translate the texts?' }]),
  };
}

const states = {
  'new conversation': fakeChat({}),
  'finished answer': fakeChat({ messages: [
    user('u1', 'How do I install SiteSearch on an Astro site with the local index?'),
    { id: 'a1', role: 'assistant', parts: [tool('t1', 'astro install'), tool('t2', 'local index'), tool('t3', 'integration options'), { type: 'step-start' }, { type: 'text', text: answer }, { type: 'source-url', sourceId: 's', url: '/docs/local-index/', title: 'Local index' }, { type: 'data-suggestions', data: { suggestions: ['How do I change the theme?', 'Does it work with view transitions?'] } }], meta: { feedback: 'like' } },
  ] }),
  'streaming': fakeChat({ status: 'streaming', messages: [
    user('u1', 'Show me the config'),
    { id: 'a1', role: 'assistant', parts: [tool('t1', 'config'), tool('t2', 'astro config', 'input-available'), { type: 'text', text: 'Here is a start:\\n\\n\\u0060\\u0060\\u0060js\\nexport default defineConfig({\\n  integrations: [sitesearch(' }] },
  ] }),
  'thinking': fakeChat({ status: 'submitted', messages: [user('u1', 'What is SiteSearch?')] }),
  'error and stopped': fakeChat({ status: 'error', error: new ChatError('unavailable', 'http', 503), messages: [
    user('u1', 'First question'),
    { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'A partial answer that the user' }], meta: { stopped: true } },
    user('u2', 'Second question'),
  ] }),
};

const conversations = (() => {
  let all = [
    { id: 'c1', title: 'How do I install SiteSearch on an Astro site with the local index and no account at all?', messages: [], updatedAt: Date.UTC(2026, 10, 22, 16, 5) },
    { id: 'c2', title: 'Dark theme', messages: [], updatedAt: Date.UTC(2026, 10, 20, 9, 30) },
  ];
  const listeners = new Set();
  return { getAll: () => all, subscribe: (l) => (listeners.add(l), () => listeners.delete(l)), save() {}, remove(id) { all = all.filter((c) => c.id !== id); listeners.forEach((l) => l()); } };
})();

const root = document.getElementById('root');
render(h('div', { className: 'fixture-grid' }, [
  ...Object.entries(states).map(([name, chat]) => h('section', { className: 'fixture', 'aria-label': name }, h(ChatView, { chat, translations: t, suggestedQuestions: true, onSearchQuery: () => {} }))),
  h('section', { className: 'fixture', 'aria-label': 'history' }, h('div', { className: 'sitesearch-chat-scroll' }, h(ConversationHistory, { conversations, translations: t, onOpen() {}, currentId: 'c2' }))),
]), root);
`;

const bundle = await build({
  stdin: { contents: entry, resolveDir: islands, loader: 'js' },
  bundle: true,
  write: false,
  // A classic script: Chromium refuses module scripts from file:// pages.
  format: 'iife',
  jsx: 'automatic',
  alias: { react: 'preact/compat', 'react-dom': 'preact/compat', 'react/jsx-runtime': 'preact/jsx-runtime' },
  absWorkingDir: islands,
  logLevel: 'warning',
});
writeFileSync(join(outDir, 'fixture.js'), bundle.outputFiles[0].text);

const generator = await createGenerator(stylesheetConfigs.modal);
const { css: preflight } = await generator.generate('', { preflights: true });
const { css: components } = await generator.generate(Object.keys(stylesheetConfigs.modal.shortcuts).join(' '), { preflights: false });
const buttonVariables = (await createGenerator({ ...stylesheetConfigs.button, shortcuts: buttonShortcuts })).generate('', { preflights: true });
const css = (await transform(`${(await buttonVariables).css}\n${preflight}\n${components}`, { loader: 'css' })).code;
writeFileSync(join(outDir, 'chat.css'), css);
writeFileSync(
  join(outDir, 'index.html'),
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Chat fixture</title>
<link rel="stylesheet" href="chat.css"><style>
body{margin:0;padding:16px;font-family:system-ui,sans-serif;background:var(--sitesearch-background)}
.fixture-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,580px),1fr));gap:16px}
.fixture{display:flex;height:720px;border-radius:var(--sitesearch-radius);background:var(--sitesearch-modal-background);box-shadow:var(--sitesearch-shadow);overflow:hidden}
</style></head><body><div id="root"></div><script defer src="fixture.js"></script></body></html>`,
);
console.log(`chat fixture → ${join(outDir, 'index.html')}`);

if (process.argv.includes('--shoot')) {
  const require = createRequire(join(islands, '../../tests/package.json'));
  const { chromium } = require('@playwright/test');
  const axeRequire = createRequire(require.resolve('@axe-core/playwright'));
  const axeSource = readFileSync(axeRequire.resolve('axe-core/axe.min.js'), 'utf8');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
  for (const theme of ['light', 'dark']) {
    for (const width of [390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      page.on('pageerror', (error) => console.error(error));
      await page.goto(`file://${join(outDir, 'index.html')}`);
      await page.evaluate((value) => document.documentElement.setAttribute('data-theme', value), theme);
      await page.waitForSelector('.sitesearch-chat-suggested');
      const file = join(outDir, `chat-${theme}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      if (width === 390) {
        // Each state on its own, scrolled to its top, to look at closely.
        await page.evaluate(() => document.querySelectorAll('.sitesearch-chat-scroll').forEach((scroller) => (scroller.scrollTop = 0)));
        const boxes = await page.locator('.fixture').all();
        for (const [index, box] of boxes.entries()) await box.screenshot({ path: join(outDir, `chat-${theme}-${width}-${index}.png`) });
      }
      const overflow = await page.evaluate(() => [...document.querySelectorAll('.fixture')].filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => box.getAttribute('aria-label')));
      console.log(`${file}${overflow.length ? `  horizontal overflow in: ${overflow.join(', ')}` : ''}`);
      if (width === 1280) {
        await page.addScriptTag({ content: axeSource });
        const result = await page.evaluate(() => globalThis.axe.run(document, { rules: { region: { enabled: false }, 'landmark-one-main': { enabled: false }, 'page-has-heading-one': { enabled: false } } }));
        for (const violation of result.violations) console.log(`axe (${theme}): ${violation.id}: ${violation.help}\n  ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join('\n  ')}`);
        if (result.violations.length === 0) console.log(`axe (${theme}): no violations`);
      }
      await page.close();
    }
  }
  await browser.close();
}
