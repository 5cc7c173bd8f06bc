import { describe, expect, it } from 'vitest';
import { buildIndex } from '../engine/build.js';
import { SearchEngine } from '../engine/engine.js';
import { memorySource } from '../engine/memory-source.js';
import { normalizeMultiQuery } from '../engine/requests.js';
import { buildMultilingualIndex } from '../test-support/multilingual.js';
import { pageRecords } from '../test-support/records.js';
import { createLocalAssistant, NOT_FOUND_TEXT, type AssistantChunk, type AssistantMessage, type AssistantSearchClient } from './index.js';

// A few pages of the Vite docs, sentences taken from them (shortened), shaped like the indexer's records.
const RECORDS = [
  ...pageRecords({
    lvl0: 'Config',
    path: '/config/server-options',
    title: 'Server Options',
    extra: { language: 'en' },
    sections: [
      { level: 2, heading: 'server.host', anchor: 'server-host', paragraphs: ['Specify which IP addresses the server should listen on. Set this to 0.0.0.0 or true to listen on all addresses, including LAN and public addresses.'] },
      { level: 2, heading: 'server.port', anchor: 'server-port', paragraphs: ['Specify server port. Note if the port is already being used, Vite will automatically try the next available port so this may not be the actual port the server ends up listening on.'] },
      { level: 2, heading: 'server.strictPort', anchor: 'server-strictport', paragraphs: ['Set to true to exit if port is already in use, instead of automatically trying the next available port.'] },
      {
        level: 2,
        heading: 'server.proxy',
        anchor: 'server-proxy',
        paragraphs: [
          'Configure custom proxy rules for the dev server. Expects an object of { key: options } pairs. Any requests whose request path starts with that key will be proxied to the specified target.',
        ],
      },
    ],
  }),
  ...pageRecords({
    lvl0: 'Guide',
    path: '/guide/env-and-mode',
    title: 'Env Variables and Modes',
    extra: { language: 'en' },
    sections: [
      {
        level: 2,
        heading: 'Env Variables',
        anchor: 'env-variables',
        paragraphs: [
          'Vite exposes env variables under the import.meta.env object as strings automatically.',
          'To prevent accidentally leaking env variables to the client, only variables prefixed with VITE_ are exposed to your Vite-processed code.',
        ],
      },
      { level: 2, heading: 'Modes', anchor: 'modes', paragraphs: ['By default, the dev server runs in development mode and the build command runs in production mode.'] },
    ],
  }),
  ...pageRecords({
    lvl0: 'Guide',
    path: '/guide/build',
    title: 'Building for Production',
    extra: { language: 'en' },
    sections: [
      {
        level: 2,
        heading: 'Public Base Path',
        anchor: 'public-base-path',
        paragraphs: ['If you are deploying your project under a nested public path, simply specify the base config option and all asset paths will be rewritten accordingly.'],
      },
      {
        level: 2,
        heading: 'Library Mode',
        anchor: 'library-mode',
        paragraphs: [
          'When you are developing a browser-oriented library, you are likely spending most of the time on a test page that imports your actual library. When it is time to bundle your library for distribution, use the build.lib config option.',
        ],
      },
    ],
  }),
  ...pageRecords({
    lvl0: 'Guide',
    path: '/guide/static-deploy',
    title: 'Deploying a Static Site',
    extra: { language: 'en' },
    sections: [
      {
        level: 2,
        heading: 'GitHub Pages',
        anchor: 'github-pages',
        paragraphs: ["Set the correct base in vite.config.js. If you are deploying to https://USERNAME.github.io/, you can omit base as it defaults to '/'."],
      },
      { level: 2, heading: 'Netlify', anchor: 'netlify', paragraphs: ['Install the Netlify CLI. Create a new site using ntl init. Deploy using ntl deploy.'] },
    ],
  }),
  ...pageRecords({
    lvl0: 'Guide',
    path: '/guide/features',
    title: 'Features',
    extra: { language: 'en' },
    sections: [
      { level: 2, heading: 'Web Workers', anchor: 'web-workers', paragraphs: ['A web worker script can be imported using new Worker() and new SharedWorker().'] },
      { level: 2, heading: 'Glob Import', anchor: 'glob-import', paragraphs: ['Vite supports importing multiple modules from the file system via the special import.meta.glob function.'] },
    ],
  }),
];

interface SpyClient extends AssistantSearchClient {
  requests: Array<Array<{ indexName: string; query: string; [param: string]: unknown }>>;
}

function engineClient(): SpyClient {
  const engine = new SearchEngine(memorySource(buildIndex(RECORDS)));
  const client: SpyClient = {
    requests: [],
    async search(request) {
      client.requests.push(request.requests);
      return { results: await Promise.all(normalizeMultiQuery(request).map((query) => engine.search(query.params, query.indexName))) };
    },
  };
  return client;
}

const user = (text: string): AssistantMessage => ({ role: 'user', parts: [{ type: 'text', text }] });
const assistantReply = (text: string): AssistantMessage => ({ role: 'assistant', parts: [{ type: 'text', text }] });

async function collect(stream: AsyncIterable<AssistantChunk>): Promise<AssistantChunk[]> {
  const chunks: AssistantChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

function textOf(chunks: AssistantChunk[]): string {
  return chunks.map((chunk) => (chunk.type === 'text-delta' ? chunk.delta : '')).join('');
}

function citedUrls(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

async function ask(question: string | AssistantMessage[], client: AssistantSearchClient = engineClient()): Promise<{ chunks: AssistantChunk[]; text: string; cited: string[] }> {
  const assistant = createLocalAssistant({ searchClient: client, indexName: 'docs' });
  const messages = typeof question === 'string' ? [user(question)] : question;
  const chunks = await collect(assistant.answer({ messages }));
  const text = textOf(chunks);
  return { chunks, text, cited: citedUrls(text) };
}

describe('createLocalAssistant: answers', () => {
  it.each([
    ['How do I proxy API requests to my backend in dev?', '/config/server-options#server-proxy'],
    ['How can I expose env variables to my client code?', '/guide/env-and-mode#env-variables'],
    ['how do i deploy to github pages', '/guide/static-deploy#github-pages'],
    ['How do I bundle my library for distribution on npm?', '/guide/build#library-mode'],
    ['How do I make the server exit when the port is taken, instead of trying another?', '/config/server-options#server-strictport'],
    ['How can I run code in a web worker?', '/guide/features#web-workers'],
    ['can i import all modules matching a glob pattern at once', '/guide/features#glob-import'],
  ])('%s → cites %s first', async (question, expected) => {
    const { cited } = await ask(question);
    expect(cited[0]).toBe(expected);
  });

  it('quotes the documentation, under a Markdown link to the section, with code in backticks', async () => {
    const { text } = await ask('How can I expose env variables to my client code?');
    expect(text).toMatch(/^The answer is in \[Env Variables and Modes › Env Variables\]\(\/guide\/env-and-mode#env-variables\):/);
    expect(text).toContain('Vite exposes env variables under the `import.meta.env` object as strings automatically.');
    expect(text).toContain('only variables prefixed with `VITE_` are exposed');
    // Every quoted line is a sentence of a cited section, word for word (code marks aside).
    const sources = RECORDS.map((record) => record.content ?? '').join(' ');
    for (const line of text.split('\n').filter((l) => l.startsWith('> '))) {
      for (const sentence of line.slice(2).replace(/`/g, '').replace(/\\(.)/g, '$1').split(/(?<=\.) /)) expect(sources).toContain(sentence);
    }
  });

  it('says plainly when nothing relevant is found, as a normal answer', async () => {
    const { chunks, text, cited } = await ask('How do I bake sourdough bread?');
    expect(text).toBe(NOT_FOUND_TEXT);
    expect(cited).toEqual([]);
    expect(chunks[chunks.length - 1]).toEqual({ type: 'finish', finishReason: 'stop' });
  });

  it('answers a question of only function words without searching', async () => {
    const client = engineClient();
    const { text } = await ask('How do I do it?', client);
    expect(text).toBe(NOT_FOUND_TEXT);
    expect(client.requests).toEqual([]);
  });

  it('uses the previous question for a follow-up', async () => {
    const conversation = [user('How do I deploy my site to GitHub Pages?'), assistantReply('…'), user('which base do I need there?')];
    const client = engineClient();
    const { cited } = await ask(conversation, client);
    expect(client.requests[0]!.some((request) => /github/i.test(request.query) && /base/.test(request.query))).toBe(true);
    expect(cited[0]).toBe('/guide/static-deploy#github-pages');
    // The same words alone point elsewhere: the context is what decided.
    const { cited: alone } = await ask('which base do I need there?');
    expect(alone[0]).not.toBe('/guide/static-deploy#github-pages');
  });

  it('lets the follow-up\'s own words lead over the borrowed ones', async () => {
    const { cited } = await ask([user('How do I deploy my site to GitHub Pages?'), assistantReply('…'), user('and to Netlify?')]);
    expect(cited[0]).toBe('/guide/static-deploy#netlify');
  });

  it('answers a question that is one technical token', async () => {
    const { cited } = await ask('what does `server.strictPort` do');
    expect(cited[0]).toBe('/config/server-options#server-strictport');
  });

  it('cites several pages when the answer spans them', async () => {
    const { cited } = await ask('How do I deploy to Netlify and make the dev server use a strict port?');
    const pages = new Set(cited.map((url) => url.split('#')[0]));
    expect(pages).toContain('/guide/static-deploy');
    expect(pages).toContain('/config/server-options');
  });

  it('searches the question as asked too, which the engine relaxes word by word', async () => {
    const client = engineClient();
    await ask('Uncaught ReferenceError: process is not defined', client);
    expect(client.requests[0]!.map((request) => request.query)).toContain('Uncaught ReferenceError: process is not defined');
  });

  it('sends one multi-query request carrying the search parameters', async () => {
    const client = engineClient();
    const assistant = createLocalAssistant({ searchClient: client, indexName: 'docs', searchParameters: { facetFilters: ['language:en'] } });
    await collect(assistant.answer({ messages: [user('How do I configure a proxy?')] }));
    expect(client.requests).toHaveLength(1);
    expect(client.requests[0]!.length).toBeGreaterThan(2);
    for (const request of client.requests[0]!) expect(request).toMatchObject({ indexName: 'docs', facetFilters: ['language:en'] });
  });
});

describe('createLocalAssistant: the stream', () => {
  it('emits the UI message stream chunks in order, the text in a step of its own', async () => {
    const { chunks, text } = await ask('How do I proxy API requests to my backend in dev?');
    const types = chunks.map((chunk) => chunk.type);
    const sources = chunks.filter((chunk): chunk is Extract<AssistantChunk, { type: 'source-url' }> => chunk.type === 'source-url');
    const deltas = types.filter((type) => type === 'text-delta').length;
    expect(deltas).toBeGreaterThan(2);
    expect(types).toEqual([
      'start',
      'start-step',
      'tool-input-start',
      'tool-input-available',
      'tool-output-available',
      'finish-step',
      'start-step',
      'text-start',
      ...Array<string>(deltas).fill('text-delta'),
      'text-end',
      ...Array<string>(sources.length).fill('source-url'),
      'finish-step',
      'finish',
    ]);
    // The pages the answer drew from, in its order, as the hosted backends send their sources.
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.map((source) => source.url)).toEqual(citedUrls(text));
    expect(sources[0]).toEqual({ type: 'source-url', sourceId: 'source-1', url: '/config/server-options#server-proxy', title: 'Server Options › server.proxy' });
    const [start, , inputStart, inputAvailable, output] = chunks;
    expect(start).toMatchObject({ type: 'start', messageId: expect.any(String) });
    expect(inputStart).toMatchObject({ toolName: 'searchIndex' });
    expect(inputAvailable).toMatchObject({ toolName: 'searchIndex', toolCallId: (inputStart as { toolCallId: string }).toolCallId, input: { query: 'proxy API requests backend dev' } });
    const toolOutput = output as Extract<AssistantChunk, { type: 'tool-output-available' }>;
    expect(toolOutput.toolCallId).toBe((inputStart as { toolCallId: string }).toolCallId);
    const { query, hits } = toolOutput.output as { query: string; hits: Array<Record<string, unknown>> };
    expect(query).toBe('proxy API requests backend dev');
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(Object.keys(hit).sort()).toEqual(['content', 'hierarchy', 'objectID', 'url']);
    expect(hits[0]!.url).toBe('/config/server-options#server-proxy');
    const textIds = new Set(chunks.flatMap((chunk) => ('id' in chunk ? [chunk.id] : [])));
    expect(textIds.size).toBe(1);
    expect(text.length).toBeGreaterThan(0);
  });

  it('stops promptly and quietly when aborted while searching', async () => {
    let release!: () => void;
    const pending = new Promise<void>((resolve) => (release = resolve));
    const inner = engineClient();
    const client: AssistantSearchClient = { search: async (request) => (await pending, inner.search(request)) };
    const controller = new AbortController();
    const stream = createLocalAssistant({ searchClient: client, indexName: 'docs' }).answer({ messages: [user('proxy')], signal: controller.signal });
    const iterator = stream[Symbol.asyncIterator]();
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) seen.push((await iterator.next()).value!.type);
    expect(seen).toEqual(['start', 'start-step', 'tool-input-start', 'tool-input-available']);
    const next = iterator.next();
    controller.abort();
    await expect(next).resolves.toEqual({ done: true, value: undefined });
    release();
  });

  it('stops in the middle of the text when aborted, and yields nothing when aborted before', async () => {
    const controller = new AbortController();
    const assistant = createLocalAssistant({ searchClient: engineClient(), indexName: 'docs' });
    const chunks: AssistantChunk[] = [];
    for await (const chunk of assistant.answer({ messages: [user('How can I expose env variables to my client code?')], signal: controller.signal })) {
      chunks.push(chunk);
      if (chunk.type === 'text-delta') controller.abort();
    }
    expect(chunks.filter((chunk) => chunk.type === 'text-delta')).toHaveLength(1);
    expect(chunks.some((chunk) => chunk.type === 'finish' || chunk.type === 'text-end')).toBe(false);
    expect(await collect(assistant.answer({ messages: [user('proxy')], signal: controller.signal }))).toEqual([]);
  });

  it('turns a failed search into a tool error and an error chunk, without throwing', async () => {
    const client: AssistantSearchClient = { search: () => Promise.reject(new Error('Service Unavailable (503)')) };
    const { chunks } = await ask('How do I configure a proxy?', client);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['start', 'start-step', 'tool-input-start', 'tool-input-available', 'tool-output-error', 'error']);
    expect(chunks[chunks.length - 1]).toEqual({ type: 'error', errorText: 'The documentation search failed: Service Unavailable (503)' });
  });

  it('writes the text with `generate` from the retrieved passages, after the same search chunks', async () => {
    let seen: { question: string; passages: Array<{ url: string; title: string; text: string }> } | undefined;
    const assistant = createLocalAssistant({
      searchClient: engineClient(),
      indexName: 'docs',
      async *generate(request) {
        seen = request;
        yield 'Use ';
        yield '`server.proxy`.';
      },
    });
    const chunks = await collect(assistant.answer({ messages: [user('How do I proxy API requests to my backend in dev?')] }));
    expect(chunks.map((chunk) => chunk.type)).toEqual([
      'start',
      'start-step',
      'tool-input-start',
      'tool-input-available',
      'tool-output-available',
      'finish-step',
      'start-step',
      'text-start',
      'text-delta',
      'text-delta',
      'text-end',
      ...chunks.filter((chunk) => chunk.type === 'source-url').map(() => 'source-url'),
      'finish-step',
      'finish',
    ]);
    expect(textOf(chunks)).toBe('Use `server.proxy`.');
    expect(seen!.question).toBe('How do I proxy API requests to my backend in dev?');
    expect(seen!.passages[0]).toMatchObject({ url: '/config/server-options#server-proxy', title: 'Server Options › server.proxy' });
    // The model's answer lists the sections it was given first as its sources: the extractive answer's, in its order.
    const sources = chunks.flatMap((chunk) => (chunk.type === 'source-url' ? [chunk.url] : []));
    expect(sources.length).toBeGreaterThan(0);
    expect(sources).toEqual(seen!.passages.slice(0, sources.length).map((passage) => passage.url));
    const { text: extractive } = await ask('How do I proxy API requests to my backend in dev?');
    expect(sources).toEqual(citedUrls(extractive));
    expect(seen!.passages[0]!.text).toContain('Configure custom proxy rules');
  });

  it('reports a failing generator as an error chunk', async () => {
    const assistant = createLocalAssistant({
      searchClient: engineClient(),
      indexName: 'docs',
      // eslint-disable-next-line require-yield
      async *generate() {
        throw new Error('model unreachable');
      },
    });
    const chunks = await collect(assistant.answer({ messages: [user('proxy')] }));
    expect(chunks[chunks.length - 1]).toEqual({ type: 'error', errorText: 'The answer could not be written: model unreachable' });
  });

  it('refuses to be created without a search client or an index name', () => {
    expect(() => createLocalAssistant({ indexName: 'docs' } as never)).toThrow(/searchClient/);
    expect(() => createLocalAssistant({ searchClient: engineClient(), indexName: '' })).toThrow(/indexName/);
  });
});

describe('createLocalAssistant: questions without spaces', () => {
  it('splits a Chinese or Japanese question into the words the engine indexed, and cites the page', async () => {
    const engine = new SearchEngine(memorySource(buildMultilingualIndex()));
    const client: AssistantSearchClient = {
      search: async (request) => ({ results: await Promise.all(normalizeMultiQuery(request).map((query) => engine.search(query.params, query.indexName))) }),
    };
    await engine.search({ query: '' }); // loads the segmenter the index needs, as any earlier search of the page would
    const chinese = await ask('如何创建索引文件？', client);
    expect(chinese.cited[0]).toBe('/zh/guide/#config');
    const japanese = await ask('パッケージをインストールする方法は？', client);
    expect(japanese.cited[0]).toBe('/ja/guide/#install');
    // The assistant's own words are in the question's language too; the quotes are the docs'.
    expect(chinese.text).toMatch(/^(?:答案在|最相关的段落在) \[[^\]]+\]\(\/zh\/guide\/#config\)：/);
    expect(japanese.text).toMatch(/^(?:答えは|最も関連する箇所は) \[[^\]]+\]\(\/ja\/guide\/#install\) にあります：/);
    expect((await ask('哪里可以买到酸面包？', client)).text).toMatch(/^文档中没有找到/);
  });

});

describe("createLocalAssistant: its own words in the question's language", () => {
  it('answers a question asked in French in French, on an English site, and an English one in English', async () => {
    const french = await ask('Comment utiliser server.proxy dans le dev ?');
    expect(french.cited[0]).toBe('/config/server-options#server-proxy');
    expect(french.text.split('\n')[0]).toBe("Définissez `server.proxy`, comme l'explique [Server Options › server.proxy](/config/server-options#server-proxy) :");
    expect((await ask('À quoi sert import.meta.env pour le client ?')).text).toMatch(/^La réponse se trouve dans \[Env Variables and Modes › Env Variables\]\(\/guide\/env-and-mode#env-variables\) :/);
    expect((await ask('How do I change the server port?')).text).toMatch(/^(?:The answer is in|Set `server\.port`, as) \[/);
  });
});

describe('createLocalAssistant: bad input', () => {
  // Each is answered or declined as a normal answer, promptly: a bound for a loaded machine, not a speed assertion.
  const within = 5_000;
  async function timedAsk(question: string): Promise<{ text: string; chunks: AssistantChunk[]; ms: number }> {
    const started = performance.now();
    const { text, chunks } = await ask(question);
    return { text, chunks, ms: performance.now() - started };
  }
  const endsWell = (chunks: AssistantChunk[]): void => {
    expect(chunks.some((chunk) => chunk.type === 'error')).toBe(false);
    expect(chunks[chunks.length - 1]).toEqual({ type: 'finish', finishReason: 'stop' });
  };

  it('answers a question of 2,000 characters by its words that matter', async () => {
    const filler = 'I have been trying for a long time and I really wonder what I should do now because nothing seems to work for me at all. ';
    const question = `${filler.repeat(20)}How do I change the server port?`.slice(-2000);
    expect(question.length).toBe(2000);
    const { text, chunks, ms } = await timedAsk(question);
    endsWell(chunks);
    expect(text).toContain('/config/server-options#server-port');
    expect(ms).toBeLessThan(within);
  });

  it('declines a question of only stop words, and one in a script the index does not hold', async () => {
    for (const question of ['What is it that they would have been doing then?', 'كيف يمكنني تغيير منفذ الخادم؟', 'सर्वर पोर्ट कैसे बदलें?']) {
      const { text, chunks, ms } = await timedAsk(question);
      endsWell(chunks);
      expect(text).toBe(NOT_FOUND_TEXT);
      expect(chunks.some((chunk) => chunk.type === 'source-url')).toBe(false);
      expect(ms).toBeLessThan(within);
    }
  });

  it('answers a pasted stack trace of 200 lines from its error line', async () => {
    const trace = [
      'Error: Port 5173 is already in use',
      ...Array.from({ length: 199 }, (_, i) => `    at Server.listen (/home/me/app/node_modules/vite/dist/node/chunks/dep-${i}.js:${1000 + i}:17)`),
    ].join('\n');
    const { text, chunks, ms } = await timedAsk(trace);
    endsWell(chunks);
    expect(text).toMatch(/\/config\/server-options#server-(?:strict)?port/);
    expect(ms).toBeLessThan(within);
  });
});
