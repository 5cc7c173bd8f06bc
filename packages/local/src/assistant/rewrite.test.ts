import { loadStopWords } from '../engine/stopwords.js';
import { describe, expect, it } from 'vitest';
import { SYNONYM_GROUPS } from '../engine/abbreviations.js';
import { isTechnical, questionTerms, rewriteQuestion, splitConversation, stem, splitQuestion, withoutStackFrames } from './rewrite.js';

const texts = (question: string): string[] => questionTerms(question).map((term) => term.text);

describe('questionTerms', () => {
  it('drops question words, filler and punctuation', () => {
    expect(texts('How do I configure a proxy for the dev server?')).toEqual(['configure', 'proxy', 'dev', 'server']);
    expect(texts('What is the public directory?')).toEqual(['public', 'directory']);
    expect(texts('Can I use environment variables in my config, please?')).toEqual(['environment', 'variables', 'config']);
  });

  it('keeps technical tokens whole and puts them first', () => {
    expect(texts('why does server.proxy not work with `--host 0.0.0.0` and defineConfig?')).toEqual([
      'server.proxy',
      '--host 0.0.0.0',
      'defineConfig',
    ]);
    expect(texts('what goes in vite.config.ts or .env.local')).toEqual(['vite.config.ts', '.env.local']);
    expect(texts('is VITE_API_URL exposed with --mode staging')).toEqual(['VITE_API_URL', '--mode', 'exposed', 'staging']);
  });

  it('keeps typos for the engine to tolerate, lower-cased', () => {
    expect(texts('How do I get enviroment varables?')).toEqual(['enviroment', 'varables']);
  });

  it('marks generic verbs weak and gives synonyms as alternatives', () => {
    const [change, folder] = questionTerms('change the output folder');
    expect(change).toMatchObject({ text: 'change', weak: true });
    expect(folder).toBeDefined();
    const terms = questionTerms('change the output folder');
    expect(terms.find((term) => term.text === 'folder')?.alternatives).toEqual(['directory', 'dir']);
    // The same list as the search engine's: every group of it is an assistant alternative too.
    for (const group of SYNONYM_GROUPS) expect(questionTerms(`the ${group[0]}`)[0]?.alternatives).toEqual(group.slice(1));
  });

  it("gives a namespaced camel-case API name its member as an alternative, not a path's or a plain word's", () => {
    expect(questionTerms('jest.clearAllMocks in afterEach')[0]).toMatchObject({ text: 'jest.clearAllMocks', alternatives: ['clearAllMocks'] });
    expect(questionTerms('is jest.spyOn() the same')[0]).toMatchObject({ text: 'jest.spyOn', alternatives: ['spyOn'] });
    expect(questionTerms('what goes in vite.config.ts')[0]!.alternatives).toBeUndefined();
    expect(questionTerms('take a screenshot with page.screenshot')[0]!.alternatives).toBeUndefined();
    expect(questionTerms('set import.meta.env.BASE_URL')[0]!.alternatives).toBeUndefined();
  });

  it('gives a camel-case name of three parts or more its words as an alternative, function words left out', () => {
    expect(questionTerms('setupFilesAfterEach')[0]).toMatchObject({ text: 'setupFilesAfterEach', alternatives: ['setup files'] });
    expect(questionTerms('jest.clearAllMocks')[0]!.alternatives).toEqual(['clearAllMocks']);
    expect(questionTerms('use defineConfig')[0]!.alternatives).toBeUndefined();
  });

  it("makes a file path of the asker's machine in a pasted error weak and last, not the docs' paths", () => {
    const terms = questionTerms('The request url "/Users/allen/app/node_modules/@docsearch/css/dist/style.css" is outside of Vite serving allow list');
    expect(terms.at(-1)).toMatchObject({ text: '/users/allen/app/node_modules/@docsearch/css/dist/style.css', weak: true });
    expect(terms[0]!.text).toBe('request');
    expect(questionTerms('what goes in src/main.ts')[0]).toMatchObject({ text: 'src/main.ts', technical: true });
    expect(questionTerms('what goes in src/main.ts')[0]!.weak).toBeUndefined();
  });

  it("puts a pasted error's frame after its own words, weak, so a long message keeps them", () => {
    const terms = questionTerms('Uncaught SyntaxError: Unexpected token ? in old Chrome after build');
    expect(terms.map((term) => term.text)).toEqual(['unexpected', 'token', 'old', 'chrome', 'build', 'uncaught', 'syntaxerror']);
    expect(terms.slice(-2).every((term) => term.weak)).toBe(true);
    // Within the six terms of the core, "build" is kept and the frame is what goes.
    expect(rewriteQuestion('Uncaught SyntaxError: Unexpected token ? in old Chrome after build').queries[0]!.query).toBe('unexpected token old chrome build uncaught');
  });

  it('returns nothing for a question of only function words', () => {
    expect(texts('How do I do it?')).toEqual([]);
  });
});

describe('isTechnical and stem', () => {
  it('recognises code-like tokens, not plain words', () => {
    for (const token of ['server.proxy', '--port', 'defineConfig', 'import.meta.env', 'NODE_ENV', '@vitejs/plugin-react', 'src/main.ts']) {
      expect(isTechnical(token), token).toBe(true);
    }
    for (const token of ['proxy', 'Server', 'pre-bundling']) expect(isTechnical(token), token).toBe(false);
  });

  it('strips common English suffixes only', () => {
    expect(stem('deploying')).toBe('deploy');
    expect(stem('libraries')).toBe('library');
    expect(stem('workers')).toBe('worker');
    expect(stem('bundled')).toBe('bundl');
    expect(stem('running')).toBe('run');
    expect(stem('status')).toBe('status');
    expect(stem('css')).toBe('css');
  });
});

describe('rewriteQuestion', () => {
  it('points at the question as asked, also when another search already has its text', () => {
    const plan = rewriteQuestion('How can I run code in a web worker?');
    expect(plan.queries[plan.asked]).toMatchObject({ kind: 'question', query: 'How can I run code in a web worker?' });
    const keywords = rewriteQuestion('enviroment happydom');
    expect(keywords.queries[keywords.asked]).toMatchObject({ kind: 'core', query: 'enviroment happydom' });
  });

  it('plans the core, phrases of adjacent words, pairs, single terms and the index size in one batch', () => {
    const plan = rewriteQuestion('How can I run code in a web worker?');
    expect(plan.keywordQuery).toBe('run code web worker');
    const kinds = plan.queries.map((query) => `${query.kind}:${query.query}`);
    expect(kinds[0]).toBe('core:run code web worker');
    expect(kinds).toContain('phrase:web worker');
    expect(kinds).not.toContain('phrase:code web'); // "in a" stands between them
    expect(kinds).toContain('term:worker');
    expect(kinds[kinds.length - 1]).toBe('total:');
    expect(new Set(plan.queries.map((query) => query.query)).size).toBe(plan.queries.length);
  });

  it('ends a one-term query in its stem, so the engine matches it as a prefix', () => {
    const plan = rewriteQuestion('deploying to netlify');
    expect(plan.queries.find((query) => query.kind === 'term' && query.terms[0] === 0)?.query).toBe('deploy');
  });

  it('searches synonyms in place of their word', () => {
    const queries = rewriteQuestion('build output folder').queries.map((query) => query.query);
    expect(queries).toContain('output directory');
    expect(queries).toContain('dir');
  });

  it('folds key terms of the previous question into a follow-up', () => {
    const plan = rewriteQuestion('and what about the port?', ['How do I configure the dev server proxy?']);
    expect(plan.followUp).toBe(true);
    expect(plan.terms.map((term) => [term.text, term.context === true])).toEqual([
      ['port', false],
      ['configure', true],
      ['dev', true],
    ]);
    expect(plan.queries.map((query) => query.query)).toContain('port');
  });

  it('leaves a self-contained new question alone', () => {
    const plan = rewriteQuestion('How do I build a library for npm with type declarations?', ['How do I configure the dev server proxy?']);
    expect(plan.followUp).toBe(false);
    expect(plan.terms.some((term) => term.context)).toBe(false);
  });
});

describe('splitConversation', () => {
  it('takes the last user message as the question and earlier user texts as context', () => {
    const { question, previousQuestions } = splitConversation([
      { role: 'user', parts: [{ type: 'text', text: 'first' }] },
      { role: 'assistant', parts: [{ type: 'text', text: 'answer' }, { type: 'tool-searchIndex' }] },
      { role: 'user', parts: [{ type: 'text', text: 'second' }, { type: 'text', text: 'part' }] },
    ]);
    expect(question).toBe('second part');
    expect(previousQuestions).toEqual(['first']);
  });
});

describe('splitQuestion', () => {
  it("splits a pasted error into its name and its message, leaving out the asker's paths and quoted modules", () => {
    expect(splitQuestion("Uncaught SyntaxError: The requested module '/node_modules/.vite/deps/socket.io-client.js' does not provide an export named 'default'")).toEqual({
      errorName: null,
      message: "The requested module does not provide an export named 'default'",
      apis: [],
    });
    expect(splitQuestion("error TS2582: Cannot find name 'describe'. Do you need to install type definitions for a test runner?")).toMatchObject({ errorName: 'TS2582', message: "Cannot find name 'describe'" });
  });

  it('reads the first error line of a stack trace, not its "at …" lines', () => {
    const trace = ['Error [ERR_REQUIRE_ESM]: require() of ES Module /home/me/app/node_modules/foo/index.js not supported.', ...Array.from({ length: 200 }, (_, i) => `    at Module._load (node:internal/modules/cjs/loader:${i}:12)`)].join('\n');
    expect(splitQuestion(trace)).toMatchObject({ errorName: 'ERR_REQUIRE_ESM', message: 'require() of ES Module not supported' });
  });

  it('leaves a stack trace\'s frames out of the question: V8, Firefox and Safari frames, not a sentence that starts with "at"', () => {
    const frames = ['    at Server.listen (/home/me/app/node_modules/vite/dist/dep-1.js:12:17)', '    at /home/me/app/src/main.ts:3:9', '    at new Promise (<anonymous>)', '    at Array.map (native)', 'listen@http://localhost:5173/src/main.ts:12:5', 'Server.listen@http://localhost:5173/node_modules/.vite/deps/x.js?v=1:3:1'];
    const question = ['Error: Port 5173 is already in use', ...frames, 'at what point does the dev server pick another port?'].join('\n');
    expect(withoutStackFrames(question)).toBe('Error: Port 5173 is already in use\nat what point does the dev server pick another port?');
    // Frames alone are all there is to go on.
    expect(withoutStackFrames(frames.join('\n'))).toBe(frames.join('\n'));
    // 200 frames naming Server.listen: the question's terms are the error line's.
    const trace = ['Error: Port 5173 is already in use', ...Array.from({ length: 199 }, (_, i) => `    at Server.listen (/home/me/app/node_modules/vite/dist/dep-${i}.js:${i}:17)`)].join('\n');
    const terms = rewriteQuestion(trace).terms.map((term) => term.text.toLowerCase());
    expect(terms).toContain('port');
    expect(terms.some((term) => term.includes('listen') || term.includes('node_modules'))).toBe(false);
  });

  it('lists the API names of a question without an error', () => {
    expect(splitQuestion('How do I use vi.mock with setupFiles in vitest.config.ts?')).toEqual({ errorName: null, message: null, apis: ['vi.mock', 'setupFiles', 'vitest.config.ts'] });
  });

  it('plans the message and the API names as searches of their own, beside the question as asked', () => {
    const plan = rewriteQuestion("TypeError: Cannot read properties of undefined (reading 'mockResolvedValue') with vi.spyOn and mockImplementation");
    const kinds = plan.queries.map((query) => `${query.kind}: ${query.query}`);
    expect(kinds).toContain("message: Cannot read properties of undefined (reading 'mockResolvedValue') with vi.spyOn and mockImplementation");
    expect(kinds).toContain('api: mockResolvedValue vi.spyOn mockImplementation');
    expect(plan.error).toBe(true);
    // Pairs of words and the core minus each word are no longer searched: a few searches, not dozens.
    expect(plan.queries.some((query) => query.kind === 'pair')).toBe(false);
    expect(plan.queries.length).toBeLessThanOrEqual(16);
  });
});

describe('the words a long question keeps', () => {
  it('weighs the asking sentence of a long message above its story, its technical names first, weak verbs left out', () => {
    const story = 'We moved our monorepo last week and since then everything feels slow and the team is unhappy with it. ';
    const plan = rewriteQuestion(`${story.repeat(3)}How can I change the server port in vite.config.ts?`);
    expect(plan.terms.map((term) => term.text)).toEqual(['vite.config.ts', 'server', 'port']);
    // A short question keeps its words in the order asked, as before.
    expect(rewriteQuestion('How do I configure a proxy for the dev server?').terms.map((term) => term.text)).toEqual(['configure', 'proxy', 'dev', 'server']);
  });
});

describe('rewriteQuestion: a question in French, German or Spanish', () => {
  it("leaves that language's function words out, as an English question's, once their list is loaded; an English question keeps words that are function words elsewhere", async () => {
    await loadStopWords(['fr', 'de', 'es']);
    expect(rewriteQuestion('Comment changer le port du serveur de dev ?').keywordQuery).toBe('changer port serveur dev');
    expect(rewriteQuestion('Wie kann ich den Port des Dev-Servers ändern?').keywordQuery).toBe('port dev-servers ändern');
    expect(rewriteQuestion('¿Cómo cambio el puerto del servidor?').keywordQuery).toBe('cambio puerto servidor');
    // "es" is a Spanish function word; here it is ES modules.
    expect(rewriteQuestion('How do es modules work in the dev server?').keywordQuery).toContain('es');
  });
});
