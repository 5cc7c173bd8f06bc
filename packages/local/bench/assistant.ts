/**
 * `pnpm bench` (part 2): the local assistant on questions as users ask them, over the Vite docs.
 * (and a held-out set over the Vitest docs). For each question: is the page that answers it among the sources the assistant cites? Beside
 * it, the same question sent raw as a keyword query to our engine (top 5) and to Pagefind (top 5),
 * and the assistant's time to its first text token in Node. Prints figures; never fails on one.
 */
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as pagefind from 'pagefind';
import { createLocalAssistant, NOT_FOUND_TEXT } from '../src/assistant/index.js';
import type { AssistantSearchClient } from '../src/assistant/types.js';
import { buildIndex } from '../src/engine/build.js';
import { SearchEngine } from '../src/engine/engine.js';
import { memorySource } from '../src/engine/memory-source.js';
import { normalizeMultiQuery } from '../src/engine/requests.js';
import { indexSite } from '../src/indexer/site.js';
import { startStaticServer } from '../src/test-support/static-server.js';
import { OFF_TOPIC_QUESTIONS, VITE_QUESTIONS, VITEST_QUESTIONS, type AssistantQuestion } from './assistant-questions.js';
import { findCorpus, renderCorpusSite } from './render-corpus.js';

const HERE = dirname(fileURLToPath(import.meta.url));
// One folder per run: `pnpm bench` may run in two shells at once, and rendering empties its folder first.
const OUT = join(HERE, '..', '.generated', 'assistant-bench', String(process.pid));
const VERBOSE = process.argv.includes('--verbose');

type PagefindModule = {
  options(options: Record<string, unknown>): Promise<void>;
  search(query: string): Promise<{ results: { data(): Promise<{ url: string }> }[] }>;
};

/** `/guide/build.html#x`, `/guide/build#x`, `/guide/index.html` → `/guide/build`, `/guide/`. */
function pagePath(url: string): string {
  const path = url.replace(/^https?:\/\/[^/]+/, '').split('#')[0]!.split('?')[0]!;
  const page = path.replace(/\.html$/, '').replace(/\/index$/, '/');
  return page.length > 1 && !page.endsWith('/') ? page : page === '' ? '/' : page;
}

function answers(question: AssistantQuestion, urls: string[]): boolean {
  const wanted = new Set([question.page, ...(question.alsoAccepted ?? [])].map(pagePath));
  return urls.some((url) => wanted.has(pagePath(url)));
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Links of a Markdown answer, in order. */
function citedUrls(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

function engineClient(engine: SearchEngine): AssistantSearchClient {
  return {
    search: async (request) => ({
      results: await Promise.all(normalizeMultiQuery(request).map((query) => engine.search(query.params, query.indexName))),
    }),
  };
}

async function pagefindTop5(siteDir: string): Promise<{ search: (query: string) => Promise<string[]>; close: () => Promise<void> }> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);
  await index.addDirectory({ path: siteDir });
  await index.writeFiles({ outputPath: join(siteDir, 'pagefind') });
  await index.deleteIndex();
  const server = await startStaticServer(siteDir);
  const module = (await import(pathToFileURL(join(siteDir, 'pagefind', 'pagefind.js')).href)) as PagefindModule;
  await module.options({ basePath: `${server.url}/pagefind/` });
  return {
    search: async (query) => {
      const found = await module.search(query);
      return Promise.all(found.results.slice(0, 5).map(async (result) => (await result.data()).url));
    },
    close: () => server.close(),
  };
}

const row = (metric: string, ...values: string[]): void => console.log(`${metric.padEnd(52)} ${values.map((v) => v.padEnd(20)).join(' ')}`);

/** Renders and indexes one corpus site, asks every question, prints the figures. */
async function evaluate(name: string, title: string, questions: Array<AssistantQuestion & { reviewed?: string[] }>, offTopicQuestions: string[]): Promise<void> {
  const site = await renderCorpusSite(join(findCorpus(), name), join(OUT, name), title);
  const { records } = await indexSite({ dir: site.dir, cleanUrls: true });
  const engine = new SearchEngine(memorySource(buildIndex(records)));
  await engine.warm();
  const assistant = createLocalAssistant({ searchClient: engineClient(engine), indexName: 'docs' });
  const known = new Set(records.map((record) => pagePath(record.url)));
  for (const question of questions) {
    for (const page of [question.page, ...(question.alsoAccepted ?? [])]) {
      if (!known.has(pagePath(page))) console.log(`  note: ${page} (for "${question.question}") is not in the rendered site`);
    }
  }

  const ask = async (question: string): Promise<{ text: string; firstTokenMs: number }> => {
    const started = performance.now();
    let firstTokenMs = -1;
    let text = '';
    for await (const chunk of assistant.answer({ messages: [{ role: 'user', parts: [{ type: 'text', text: question }] }] })) {
      if (chunk.type === 'text-delta') {
        if (firstTokenMs < 0) firstTokenMs = performance.now() - started;
        text += chunk.delta;
      }
      if (chunk.type === 'error') throw new Error(chunk.errorText);
    }
    return { text, firstTokenMs };
  };
  await ask('warm up the engine'); // JIT-warms the path; a memory source has nothing to fetch

  const pf = await pagefindTop5(site.dir);
  let assistantHits = 0;
  let firstCitedHits = 0;
  let reviewedHits = 0;
  let citedPages = 0;
  let keywordHits = 0;
  let pagefindHitsCount = 0;
  const firstToken: number[] = [];
  const misses: string[] = [];
  for (const question of questions) {
    const { text, firstTokenMs } = await ask(question.question);
    firstToken.push(firstTokenMs);
    const cited = citedUrls(text);
    citedPages += new Set(cited.map(pagePath)).size;
    const hit = answers(question, cited);
    if (hit) assistantHits++;
    else misses.push(`"${question.question}" → wanted ${question.page}, cited ${[...new Set(cited.map(pagePath))].join(', ') || 'nothing'}`);
    if (cited.length > 0 && answers(question, cited.slice(0, 1))) firstCitedHits++;
    if (hit || answers({ ...question, alsoAccepted: [...(question.alsoAccepted ?? []), ...(question.reviewed ?? [])] }, cited)) reviewedHits++;
    const keyword = (await engine.search({ query: question.question, hitsPerPage: 5 })).hits.map((h) => h.url);
    if (answers(question, keyword)) keywordHits++;
    if (answers(question, await pf.search(question.question).catch(() => []))) pagefindHitsCount++;
    if (VERBOSE) console.log(`\n### ${question.question} (${hit ? 'hit' : 'MISS'})\n${text}`);
  }
  await pf.close();
  const offTopic: string[] = [];
  for (const question of offTopicQuestions) {
    const { text } = await ask(question);
    if (text !== NOT_FOUND_TEXT) offTopic.push(`"${question}" → ${[...new Set(citedUrls(text).map(pagePath))].join(', ')}`);
  }

  const n = questions.length;
  const pct = (count: number): string => `${((count / n) * 100).toFixed(0)} % (${count}/${n})`;
  console.log(`\n## Ask AI on the ${title} docs (${n} questions in users' words${name === 'vitest' ? ', held out: never used for tuning' : ''})`);
  row('expected page found', 'assistant (cited)', 'keyword top 5', 'Pagefind top 5');
  row('', pct(assistantHits), pct(keywordHits), pct(pagefindHitsCount));
  if (questions.some((question) => question.reviewed)) row('  with the pages found to answer on review', pct(reviewedHits));
  row('expected page is the first cited source', pct(firstCitedHits));
  row('distinct pages cited per answer (mean)', (citedPages / n).toFixed(2));
  row('time to first text token in Node, p50 / p95', `${percentile(firstToken, 50).toFixed(1)} ms / ${percentile(firstToken, 95).toFixed(1)} ms`);
  if (offTopicQuestions.length > 0) {
    row(`off-topic questions declined ("not found")`, `${offTopicQuestions.length - offTopic.length}/${offTopicQuestions.length}`);
    if (offTopic.length > 0) console.log(`  answered anyway:\n    ${offTopic.join('\n    ')}`);
  }
  if (misses.length > 0) console.log(`  assistant misses:\n    ${misses.join('\n    ')}`);
}

async function main(): Promise<void> {
  console.log(`SiteSearch local assistant bench — Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
  try {
    await evaluate('vite', 'Vite', VITE_QUESTIONS, OFF_TOPIC_QUESTIONS);
    await evaluate('vitest', 'Vitest', VITEST_QUESTIONS, []);
  } finally {
    await pagefind.close();
    await rm(OUT, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`assistant bench: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
});
