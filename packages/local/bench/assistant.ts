/**
 * `pnpm bench` (part 2): the local assistant on questions as users ask them, over the Vite docs.
 * (and a held-out set over the Vitest docs). For each question: is the page that answers it among the sources the assistant cites? Beside
 * it, the same question sent raw as a keyword query to our engine (top 5) and to Pagefind (top 5),
 * and the assistant's time to its first text token in Node. Prints figures; never fails on one.
 */
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalAssistant, NOT_FOUND_TEXT } from '../src/assistant/index.js';
import { buildIndex } from '../src/engine/build.js';
import { SearchEngine } from '../src/engine/engine.js';
import { memorySource } from '../src/engine/memory-source.js';
import { indexSite } from '../src/indexer/site.js';
import { askAssistant, closePagefind, engineClient, servePagefind } from './engines.js';
import { OFF_TOPIC_QUESTIONS, VITE_QUESTIONS, VITEST_QUESTIONS, type AssistantQuestion } from './assistant-questions.js';
import { findCorpus, renderCorpusSite } from './render-corpus.js';
import { citedUrls, pagePath } from './scoring.js';

const HERE = dirname(fileURLToPath(import.meta.url));
// One folder per run: `pnpm bench` may run in two shells at once, and rendering empties its folder first.
const OUT = join(HERE, '..', '.generated', 'assistant-bench', String(process.pid));
const VERBOSE = process.argv.includes('--verbose');

function answers(question: AssistantQuestion, urls: string[]): boolean {
  const wanted = new Set([question.page, ...(question.alsoAccepted ?? [])].map(pagePath));
  return urls.some((url) => wanted.has(pagePath(url)));
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
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

  const ask = (question: string): Promise<{ text: string; firstTokenMs: number }> => askAssistant(assistant, question);
  await ask('warm up the engine'); // JIT-warms the path; a memory source has nothing to fetch

  const pf = await servePagefind(site.dir, name);
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
    await closePagefind();
    await rm(OUT, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`assistant bench: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
});
