import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fileSource, SearchEngine } from '@sitesearch/local';
import { buildFixtureIndex, collectErrors, repoRoot, startStaticServer, type StaticServer } from '../support/servers.js';

/**
 * The same questions through the engine in Node (over the built index files) and through the
 * browser's local client (fetching the same files in Chromium) get the same rankings: long
 * questions keep the same informative words on both sides, a pasted error and a keyword query too.
 */
let site: StaticServer;

test.beforeAll(async () => {
  [site] = await Promise.all([startStaticServer(), buildFixtureIndex()]);
});
test.afterAll(async () => {
  await site.close();
});

const QUESTIONS = [
  'server port',
  'How do I change the server port?',
  // More than ten words: the same first ten are searched on each side.
  'I have a project with many plugins and I would like to know how the dev server picks its port when several run',
  'Error: Port 5173 is already in use\n    at Server.listen (/home/me/app/node_modules/vite/dist/node/chunks/dep.js:1:1)',
  `${'please tell me what happens here because I do not understand it at all '.repeat(20)}which plugins are there?`,
];

test('the engine in Node and the browser client rank the same questions identically', async ({ page }) => {
  const errors = collectErrors(page);
  const engine = new SearchEngine(fileSource(join(repoRoot, 'tests/.fixtures/local-index')));
  const params = { hitsPerPage: 10, attributesToRetrieve: ['url'] };
  const inNode: string[][] = [];
  for (const query of QUESTIONS) inNode.push((await engine.search({ query, ...params })).hits.map((hit) => hit.url));
  expect(inNode.filter((urls) => urls.length > 0).length).toBeGreaterThanOrEqual(4);

  await page.goto(`${site.url}/fixtures/sidepanel/index.html?manual=1`);
  const inBrowser = await page.evaluate(
    async ({ questions, params }) => {
      const global = window as unknown as { sitesearch: { localIndex(url: string): { search(request: unknown): Promise<{ results: Array<{ hits: Array<{ url: string }> }> }> } } };
      const client = global.sitesearch.localIndex('/built/local-index/');
      const rankings: string[][] = [];
      for (const query of questions) rankings.push((await client.search({ requests: [{ indexName: 'docs', query, ...params }] })).results[0]!.hits.map((hit) => hit.url));
      return rankings;
    },
    { questions: QUESTIONS, params },
  );
  expect(inBrowser).toEqual(inNode);
  expect(errors).toEqual([]);
});
