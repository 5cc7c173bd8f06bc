/**
 * The searchers the benches compare, set up one way for all of them: our engine as the widget
 * queries it, our assistant over that engine, and Pagefind (the baseline) searched through its
 * own browser script on a loopback server, over the same HTML.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as pagefind from 'pagefind';
import type { AssistantSearchClient, LocalAssistant } from '../src/assistant/types.js';
import type { SearchEngine } from '../src/engine/engine.js';
import { normalizeMultiQuery } from '../src/engine/requests.js';
import { startStaticServer, type StaticServer } from '../src/test-support/static-server.js';

/** The request the widget sends for each keystroke. */
export const WIDGET_PARAMS = {
  hitsPerPage: 20,
  attributesToRetrieve: ['hierarchy', 'content', 'type', 'url'],
  attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'content:10'],
  snippetEllipsisText: '…',
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
};

export type PagefindModule = {
  options(options: Record<string, unknown>): Promise<void>;
  search(query: string): Promise<{ results: { data(): Promise<{ url: string; sub_results: { url: string }[] }> }[] }>;
};

/**
 * One retry of a loopback request that fails at the socket: the static server closes a
 * keep-alive connection idle for 5 s, and on a busy machine fetch can reuse it just before it
 * learns so ("fetch failed"). Twice in two runs at load ~18 it ended the bench in the latency
 * section. Both search clients (ours, Pagefind's) go through this same fetch. Installed once.
 */
export function retrySocketFailures(): void {
  const socketFetch = globalThis.fetch;
  if ((socketFetch as { retriesSocketFailures?: true }).retriesSocketFailures) return;
  const retrying = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]): Promise<Response> => {
    try {
      return await socketFetch(input, init);
    } catch (error) {
      if ((error as Error).message !== 'fetch failed') throw error;
      return socketFetch(input, init);
    }
  };
  globalThis.fetch = Object.assign(retrying, { retriesSocketFailures: true as const }) as typeof fetch;
}

/** Pagefind's browser script of `siteDir/pagefind`, fetching its index from `server`. */
export async function loadPagefind(server: StaticServer, siteDir: string, fresh: string): Promise<PagefindModule> {
  // A query string gives a fresh module instance, so nothing is cached from an earlier load.
  const module = (await import(`${pathToFileURL(join(siteDir, 'pagefind', 'pagefind.js')).href}?${fresh}`)) as PagefindModule;
  await module.options({ basePath: `${server.url}/pagefind/` });
  return module;
}

/** What Pagefind's UI shows: each page result with up to 3 of its sections. */
export async function pagefindHits(module: PagefindModule, query: string, pages = 5): Promise<string[]> {
  const search = await module.search(query);
  const data = await Promise.all(search.results.slice(0, pages).map((result) => result.data()));
  return data.flatMap((page) => (page.sub_results.length > 0 ? page.sub_results.slice(0, 3).map((sub) => sub.url) : [page.url]));
}

/**
 * Builds Pagefind's index of `siteDir` with its Node API (untimed: the benches that score
 * relevance do not need the CLI's timing) and serves it; `close` stops the server. Call
 * `pagefind.close()` (`closePagefind`) once at the end of the run.
 */
export async function servePagefind(siteDir: string, fresh: string): Promise<{ search: (query: string) => Promise<string[]>; close: () => Promise<void> }> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);
  const added = await index.addDirectory({ path: siteDir });
  if (added.errors.length > 0) throw new Error(`pagefind could not index ${siteDir}: ${added.errors.join('; ')}`);
  await index.writeFiles({ outputPath: join(siteDir, 'pagefind') });
  await index.deleteIndex();
  const server = await startStaticServer(siteDir);
  const module = await loadPagefind(server, siteDir, fresh);
  return { search: (query) => pagefindHits(module, query), close: () => server.close() };
}

/** Stops Pagefind's indexing service (its child process would keep Node running). */
export function closePagefind(): Promise<null> {
  return pagefind.close();
}

/** Our engine behind the lite client's multi-query `search()`, as the loopback server answers it. */
export function engineClient(engine: SearchEngine): AssistantSearchClient {
  return {
    search: async (request) => ({
      results: await Promise.all(normalizeMultiQuery(request).map((query) => engine.search(query.params, query.indexName))),
    }),
  };
}

/** One question to the assistant: its whole Markdown answer and the time to its first text token. */
export async function askAssistant(assistant: LocalAssistant, question: string): Promise<{ text: string; firstTokenMs: number; sources: string[] }> {
  const started = performance.now();
  let firstTokenMs = -1;
  let text = '';
  const sources: string[] = [];
  for await (const chunk of assistant.answer({ messages: [{ role: 'user', parts: [{ type: 'text', text: question }] }] })) {
    if (chunk.type === 'text-delta') {
      if (firstTokenMs < 0) firstTokenMs = performance.now() - started;
      text += chunk.delta;
    }
    if (chunk.type === 'source-url') sources.push(chunk.url);
    if (chunk.type === 'error') throw new Error(chunk.errorText);
  }
  return { text, firstTokenMs, sources };
}
