import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, type LocalSearchServer } from '@sitesearch/local';
import { createLocalAssistant } from '@sitesearch/local/assistant';
import { blogRecords, docsRecords } from '../fixtures/records.js';
import { buildFixtureIndex, collectErrors, repoRoot, startStaticServer, type StaticServer } from './servers.js';

/** The assistant of the fixture pages, and the suggested questions the server lists for it. */
export const ASSISTANT_ID = 'docs-assistant';
export const SUGGESTED_QUESTIONS = ['How do I change the server port?', 'How do I write a plugin?'];

/** A question that gets `XSS_ANSWER` back instead of an answer from the docs. */
export const XSS_QUESTION = 'show me the xss payloads';

/**
 * Markdown an attacker could get into an answer (an assistant quoting a poisoned page): raw
 * HTML, event handlers, `javascript:` and `data:` links, an image. None may reach the DOM as
 * markup, script or link.
 */
export const XSS_ANSWER = [
  'Here are payloads: <script>window.__xss = 1</script> <img src=x onerror="window.__xss = 2">',
  '',
  '[click me](javascript:window.__xss=3) and [data](data:text/html,<script>window.__xss=4</script>)',
  '',
  '![pic](javascript:window.__xss=5) <a href="javascript:window.__xss=6">raw link</a>',
  '',
  '<iframe src="javascript:window.__xss=7"></iframe> [safe](https://example.com/docs)',
].join('\n');

type Assistant = ReturnType<typeof createLocalAssistant>;
type Messages = Parameters<Assistant['answer']>[0]['messages'];

const lastQuestion = (messages: Messages): string => {
  const last = [...messages].reverse().find((message) => message.role === 'user');
  return (last?.parts ?? []).map((part) => (part.type === 'text' ? String(part.text ?? '') : '')).join('');
};

/**
 * The server's own assistant, except for `XSS_QUESTION`, which is answered with `XSS_ANSWER`
 * in one text part: the way to make the real transports carry a fixed answer.
 */
function assistantWithFixedAnswer(options: Parameters<typeof createLocalAssistant>[0]): Assistant {
  const real = createLocalAssistant(options);
  return {
    answer(request) {
      if (lastQuestion(request.messages) !== XSS_QUESTION) return real.answer(request);
      return (async function* () {
        yield { type: 'start', messageId: 'fixed-answer' } as const;
        yield { type: 'start-step' } as const;
        yield { type: 'text-start', id: 'fixed' } as const;
        yield { type: 'text-delta', id: 'fixed', delta: XSS_ANSWER } as const;
        yield { type: 'text-end', id: 'fixed' } as const;
        yield { type: 'finish-step' } as const;
        yield { type: 'finish' } as const;
      })();
    },
  };
}

/** The loopback server with the fixture indices, the chat endpoints, suggested questions and the fixed answer. */
export function startAskAiServer(): Promise<LocalSearchServer> {
  return startServer({
    indexes: { docs: docsRecords, blog: blogRecords },
    suggestedQuestions: { [ASSISTANT_ID]: SUGGESTED_QUESTIONS },
    assistant: assistantWithFixedAnswer,
  });
}

/** The package's whole stylesheet (button and modal), as an npm user links it: served at `/askai-react/sitesearch.css`. */
export const readPackageStylesheet = (): string => readFileSync(join(repoRoot, 'packages/islands/dist/styles/sitesearch.css'), 'utf8');

/** Builds the React Ask AI page once per run; returns the HTML to serve at `/askai-react/`. */
export async function buildAskAiReactPage(): Promise<string> {
  const outdir = join(repoRoot, 'tests/.fixtures/askai-react');
  await build({
    entryPoints: [join(repoRoot, 'tests/fixtures/askai/react.tsx')],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    jsx: 'automatic',
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"development"' },
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>React Ask AI fixture</title>
<link rel="stylesheet" href="/askai-react/sitesearch.css">
<link rel="stylesheet" href="/fixtures/cdn/page.css">
<script src="/fixtures/askai/options.js"></script>
</head>
<body>
<header class="page-header"><a href="/askai-react/" class="brand">React fixture</a><div id="search"></div></header>
<main><h1>A React documentation page with Ask AI</h1></main>
<script type="module" src="/built/askai-react/react.js"></script>
</body>
</html>`;
}

/**
 * Serious and critical axe violations in `selector`, once finite animations have finished. Unlike
 * `axeViolations`, it does not wait for endless ones (the chat's spinner turns while an answer
 * streams), so a streaming state can be checked too.
 */
export async function seriousAxeViolations(page: Page, selector: string): Promise<Array<{ id: string; impact?: string | null; nodes: Array<{ html: string }> }>> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/**
 * The hooks of a spec on the local assistant's fixture pages (`/fixtures/askai/`,
 * `/fixtures/sidepanel/`): the fixture index built and the pages served before the tests, closed
 * after; every test fails on a console error. Returns the served site, readable once the tests run.
 */
export function useLocalAssistantPages(): { readonly url: string } {
  let site: StaticServer | undefined;
  let errors: string[] = [];
  test.beforeAll(async () => {
    [site] = await Promise.all([startStaticServer(), buildFixtureIndex()]);
  });
  test.afterAll(async () => {
    await site?.close();
  });
  test.beforeEach(async ({ page }) => {
    errors = collectErrors(page);
    // The Ask AI fixture page names no icon: the browser's own request for one is not the page's fault.
    await page.route('**/favicon.ico', (route) => route.fulfill({ status: 204 }));
  });
  test.afterEach(() => {
    expect(errors, 'console errors').toEqual([]);
  });
  return {
    get url() {
      return site!.url;
    },
  };
}
