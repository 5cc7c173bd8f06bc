/**
 * `pnpm bench` (evaluation): every question set of bench/questions, asked as a keyword query to
 * our search (the browser client over the built index files, with the widget's parameters) and
 * to Pagefind on the same HTML, in the same run, and to the local assistant. Scored at page level
 * (hits → page paths, first occurrence kept, top 5). Printed per set and per half (dev: tune on
 * it; held-out: never), so a change that only fits the dev half shows. Never fails on a figure.
 *
 *   tsx bench/eval.ts [--set vite-en]… [--half dev|held-out] [--no-pagefind] [--no-assistant]
 *                     [--verbose] [--json results.json] [--ranking '{"pageWeight":0.3}'] [--dev-ranks]
 *
 * `--dev-ranks` prints our rank of every DEV question (for diagnosis; held-out questions are
 * never listed one by one: tuning on them would make the held-out figures mean nothing).
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createLocalAssistant } from '../src/assistant/index.js';
import type { LocalAssistant } from '../src/assistant/types.js';
import { createLocalSearchClient } from '../src/client/index.js';
import type { RankingOptions } from '../src/engine/ranking.js';
import { buildSiteIndex } from '../src/indexer/build-site.js';
import { startStaticServer, type StaticServer } from '../src/test-support/static-server.js';
import { askAssistant, closePagefind, retrySocketFailures, servePagefind, WIDGET_PARAMS } from './engines.js';
import { loadSets } from './questions/index.js';
import { isHeldOut, type EvalQuestion, type EvalSet } from './questions/types.js';
import { findCorpus, renderCorpusSite } from './render-corpus.js';
import { citedUrls, rankOf, summarize, topPages, type ScoredResult, type Summary } from './scoring.js';

const HERE = dirname(fileURLToPath(import.meta.url));
// One folder per run: two shells may run the bench at once, and rendering empties its folder first.
const OUT = join(HERE, '..', '.generated', 'eval', String(process.pid));
const SITE_TITLES: Record<EvalSet['corpus'], string> = { vite: 'Vite', vitest: 'Vitest', 'vitest-zh': 'Vitest', 'vite-ja': 'Vite' };

type Half = 'dev' | 'held-out';
const HALVES: Half[] = ['dev', 'held-out'];

interface Options {
  sets: string[];
  half: Half | null;
  pagefind: boolean;
  assistant: boolean;
  verbose: boolean;
  json: string | null;
  /** Overrides of the engine's ranking weights, to try a change on the dev halves without editing the defaults. */
  ranking: Partial<RankingOptions> | undefined;
  /** Print each dev question's rank (never a held-out one's). */
  devRanks: boolean;
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      set: { type: 'string', multiple: true },
      half: { type: 'string' },
      'no-pagefind': { type: 'boolean' },
      'no-assistant': { type: 'boolean' },
      verbose: { type: 'boolean' },
      json: { type: 'string' },
      ranking: { type: 'string' },
      'dev-ranks': { type: 'boolean' },
    },
  });
  if (values.half !== undefined && values.half !== 'dev' && values.half !== 'held-out') throw new Error(`--half must be dev or held-out, got "${values.half}"`);
  return {
    sets: values.set ?? [],
    half: (values.half as Half | undefined) ?? null,
    pagefind: values['no-pagefind'] !== true,
    assistant: values['no-assistant'] !== true,
    verbose: values.verbose === true,
    json: values.json ?? null,
    ranking: values.ranking ? (JSON.parse(values.ranking) as Partial<RankingOptions>) : undefined,
    devRanks: values['dev-ranks'] === true,
  };
}

/** One corpus, rendered and indexed once for all the sets over it. */
interface Site {
  dir: string;
  pages: number;
  records: number;
  server: StaticServer;
  /** Our top pages for a query, as the widget asks the browser client for them. */
  ours(query: string): Promise<string[]>;
  assistant: LocalAssistant;
  pagefind: ((query: string) => Promise<string[]>) | null;
  close(): Promise<void>;
}

async function openSite(corpus: EvalSet['corpus'], withPagefind: boolean, ranking?: Partial<RankingOptions>): Promise<Site> {
  const rendered = await renderCorpusSite(join(findCorpus(), corpus), join(OUT, corpus), SITE_TITLES[corpus]);
  // The build step the CLI and the SSG plugins run, from src (so a change needs no rebuild); one thread: tsx's loader is not in workers.
  const built = await buildSiteIndex({ dir: rendered.dir, cleanUrls: true, workers: 1 });
  const server = await startStaticServer(rendered.dir);
  const client = createLocalSearchClient({ url: `${server.url}/sitesearch/`, ranking });
  const pagefind = withPagefind ? await servePagefind(rendered.dir, corpus) : null;
  return {
    dir: rendered.dir,
    pages: built.pages,
    records: built.records,
    server,
    ours: async (query) => {
      const { results } = await client.search({ requests: [{ indexName: 'docs', query, ...WIDGET_PARAMS }] });
      const hits = (results[0] as { hits?: Array<{ url: string }> }).hits ?? [];
      return topPages(hits.map((hit) => hit.url));
    },
    assistant: createLocalAssistant({ searchClient: client, indexName: 'docs' }),
    pagefind: pagefind ? async (query) => topPages(await pagefind.search(query)) : null,
    close: async () => {
      await server.close();
      await pagefind?.close();
    },
  };
}

/** Everything measured for one question. */
interface QuestionResult {
  question: string;
  kind: EvalQuestion['kind'];
  half: Half;
  pages: string[];
  ours: { top5: string[] } & ScoredResult;
  pagefind: ({ top5: string[] } & ScoredResult) | null;
  /** Cited-an-expected-page is `rank !== null` (rank among the distinct cited pages); answered: not the "not found" answer. */
  assistant: ({ cited: string[]; text: string; sources: string[]; quotedRank: number | null } & ScoredResult) | null;
}

const halfOf = (question: EvalQuestion): Half => (isHeldOut(question) ? 'held-out' : 'dev');

async function evaluateSet(set: EvalSet, site: Site, options: Options): Promise<QuestionResult[]> {
  const results: QuestionResult[] = [];
  for (const question of set.questions) {
    const half = halfOf(question);
    if (options.half && half !== options.half) continue;
    const ours = await site.ours(question.question);
    const theirs = site.pagefind ? await site.pagefind(question.question) : null;
    let assistant: QuestionResult['assistant'] = null;
    if (options.assistant) {
      const { text, sources } = await askAssistant(site.assistant, question.question);
      // Cited: the pages linked in the text, then the answer's sources (its source-url parts, which
      // the chat lists under it as "Related sources"). Quoted: the text's links alone.
      const linked = citedUrls(text);
      const quoted = topPages(linked, Infinity);
      const cited = topPages([...linked, ...sources], Infinity);
      assistant = { cited, text, sources, rank: rankOf(cited, question.pages), quotedRank: rankOf(quoted, question.pages), answered: text.trim() !== '' && sources.length > 0 };
    }
    const scored = (top5: string[]): { top5: string[] } & ScoredResult => ({ top5, rank: rankOf(top5, question.pages), answered: top5.length > 0 });
    results.push({ question: question.question, kind: question.kind, half, pages: question.pages, ours: scored(ours), pagefind: theirs ? scored(theirs) : null, assistant });
  }
  return results;
}

// ---------------------------------------------------------------- printing

const pct = (share: number): string => `${(share * 100).toFixed(0)} %`;
const cell = (summary: Summary): string => `${summary.mrr5.toFixed(3)}  ${pct(summary.success1).padStart(5)}  ${pct(summary.top5).padStart(5)}  ${pct(summary.answered).padStart(5)}`;
const line = (label: string, ...cells: string[]): void => console.log(`${label.padEnd(26)} ${cells.map((c) => c.padEnd(30)).join(' ')}`);

interface SetReport {
  name: string;
  corpus: EvalSet['corpus'];
  file: string;
  pages: number;
  records: number;
  /** Per half and for both (`all`): our figures, Pagefind's, the assistant's. */
  summaries: Record<string, { ours: Summary; pagefind: Summary | null; assistant: { n: number; cited: number; quoted: number; first: number; answered: number; engineTop3: number } | null }>;
  /** Top-5 rate per kind (all questions evaluated). */
  kinds: Record<string, { n: number; ours: number; pagefind: number | null }>;
  questions: QuestionResult[];
}

function report(set: EvalSet & { file: string }, site: Site, results: QuestionResult[], options: Options): SetReport {
  const groups: Array<[string, QuestionResult[]]> = HALVES.filter((half) => !options.half || half === options.half).map((half) => [half, results.filter((result) => result.half === half)]);
  if (!options.half) groups.push(['all', results]);
  const summaries: SetReport['summaries'] = {};
  for (const [label, group] of groups) {
    const asked = group.flatMap((result) => (result.assistant ? [result.assistant] : []));
    const share = (count: number): number => (asked.length === 0 ? 0 : count / asked.length);
    summaries[label] = {
      ours: summarize(group.map((result) => result.ours)),
      pagefind: options.pagefind ? summarize(group.flatMap((result) => (result.pagefind ? [result.pagefind] : []))) : null,
      // The assistant cites pages, not a ranking: what counts is whether any cited page is an expected one.
      // Beside it, how often the engine's own first three pages hold one: the assistant cites them, so it should never do worse.
      assistant: options.assistant
        ? {
            n: asked.length,
            cited: share(asked.filter((result) => result.rank !== null).length),
            quoted: share(asked.filter((result) => result.quotedRank !== null).length),
            first: share(asked.filter((result) => result.rank === 1).length),
            answered: share(asked.filter((result) => result.answered).length),
            engineTop3: share(group.filter((result) => result.assistant && result.ours.rank !== null && result.ours.rank <= 3).length),
          }
        : null,
    };
  }
  const kinds: SetReport['kinds'] = {};
  for (const kind of [...new Set(results.map((result) => result.kind))].sort()) {
    const ofKind = results.filter((result) => result.kind === kind);
    kinds[kind] = {
      n: ofKind.length,
      ours: summarize(ofKind.map((result) => result.ours)).top5,
      pagefind: options.pagefind ? summarize(ofKind.flatMap((result) => (result.pagefind ? [result.pagefind] : []))).top5 : null,
    };
  }

  const count = (half: Half): number => set.questions.filter((question) => halfOf(question) === half).length;
  console.log(`\n## ${set.name}: ${set.questions.length} questions (dev ${count('dev')}, held-out ${count('held-out')}) over the ${set.corpus} docs, ${site.pages} pages / ${site.records} records`);
  const columns = 'MRR@5    s@1  top-5  answ';
  line('keyword search', 'local', ...(options.pagefind ? ['Pagefind 1.6'] : []));
  line('', columns, ...(options.pagefind ? [columns] : []));
  for (const [label, summary] of Object.entries(summaries)) {
    line(`  ${label} (n=${summary.ours.n})`, cell(summary.ours), ...(summary.pagefind ? [cell(summary.pagefind)] : []));
  }
  line('top-5 by kind', 'local', ...(options.pagefind ? ['Pagefind'] : []));
  for (const [kind, figures] of Object.entries(kinds)) line(`  ${kind} (n=${figures.n})`, pct(figures.ours), ...(figures.pagefind === null ? [] : [pct(figures.pagefind)]));
  if (options.assistant) {
    line('Ask AI (local assistant)', 'cited an expected page', 'quoted one', 'first cited is expected', 'answered (not "not found")', 'engine top 3 holds one');
    for (const [label, summary] of Object.entries(summaries)) {
      const figures = summary.assistant!;
      line(`  ${label} (n=${figures.n})`, pct(figures.cited), pct(figures.quoted), pct(figures.first), pct(figures.answered), pct(figures.engineTop3));
    }
  }
  if (options.verbose) {
    const missed = results.filter((result) => result.ours.rank === null || (result.pagefind && result.pagefind.rank === null) || (result.assistant && result.assistant.rank === null));
    if (missed.length > 0) console.log(`\n  misses (wanted page → local top 5 | Pagefind top 5 | assistant cited):`);
    for (const result of missed) {
      const mark = (scored: ScoredResult | null): string => (scored === null ? '-' : scored.rank === null ? 'MISS' : `#${scored.rank}`);
      console.log(`  [${result.half}, ${result.kind}] "${result.question}" → ${result.pages.join(' or ')}`);
      console.log(`      local ${mark(result.ours)}: ${result.ours.top5.join(', ') || '(no hits)'}`);
      if (result.pagefind) console.log(`      Pagefind ${mark(result.pagefind)}: ${result.pagefind.top5.join(', ') || '(no hits)'}`);
      if (result.assistant) console.log(`      assistant ${result.assistant.rank === null ? 'MISS' : 'hit'}: ${result.assistant.cited.join(', ') || '(nothing cited)'}`);
    }
  }
  if (options.devRanks) {
    console.log(`\n  dev ranks (rank · kind · question → local top 5):`);
    for (const result of results.filter((result) => result.half === 'dev')) {
      console.log(`  rank ${result.ours.rank ?? '-'} · ${result.kind} · ${JSON.stringify(result.question)} → ${result.ours.top5.join(' ')}`);
    }
  }
  return { name: set.name, corpus: set.corpus, file: set.file, pages: site.pages, records: site.records, summaries, kinds, questions: results };
}

// ---------------------------------------------------------------- the run

async function main(): Promise<void> {
  const options = readOptions();
  // Our client and Pagefind's fetch index files from a loopback server: see retrySocketFailures.
  retrySocketFailures();
  const all = await loadSets();
  const unknown = options.sets.filter((name) => !all.some((set) => set.name === name));
  if (unknown.length > 0) console.log(`note: no set named ${unknown.join(', ')} (sets: ${all.map((set) => set.name).join(', ') || 'none'})`);
  const sets = options.sets.length > 0 ? all.filter((set) => options.sets.includes(set.name)) : all;
  console.log(`SiteSearch evaluation — Node ${process.version}, ${new Date().toISOString().slice(0, 10)}; ${sets.length} set(s): ${sets.map((set) => set.name).join(', ') || 'none'}`);
  console.log('Page level: hits → pages, first occurrence kept, top 5. local = the browser client over the built index, with the widget\'s parameters; Pagefind 1.6 on the same HTML.');
  console.log('Columns: MRR@5, success@1, top-5 (expected page in the top 5), answered (any hit). Tune on dev only; held-out is the figure that counts.');

  const sites = new Map<EvalSet['corpus'], Site>();
  const reports: SetReport[] = [];
  try {
    for (const set of sets) {
      let site = sites.get(set.corpus);
      if (!site) {
        site = await openSite(set.corpus, options.pagefind, options.ranking);
        sites.set(set.corpus, site);
      }
      reports.push(report(set, site, await evaluateSet(set, site, options), options));
    }
  } finally {
    for (const site of sites.values()) await site.close();
    if (options.pagefind) await closePagefind();
    await rm(OUT, { recursive: true, force: true });
  }
  if (options.json) {
    const target = resolve(options.json);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, `${JSON.stringify({ date: new Date().toISOString(), options, sets: reports }, null, 2)}\n`);
    console.log(`\nResults written to ${target}`);
  }
}

main().catch((error: unknown) => {
  console.error(`eval: ${(error as Error).stack ?? String(error)}`);
  // Its static servers would keep the process (and `pnpm bench`) waiting forever.
  process.exit(1);
});
