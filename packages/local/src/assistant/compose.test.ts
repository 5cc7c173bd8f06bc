import { describe, expect, it } from 'vitest';
import { loadAnswerTexts } from './answerTexts.js';
import { composeAnswer, DEFAULT_COMPOSE, selectSections } from './compose.js';
import { rewriteQuestion } from './rewrite.js';
import type { Retrieval, RetrievedSection } from './retrieve.js';

function section(url: string, score: number, coverage: number): RetrievedSection {
  const record = { objectID: url, url, type: 'content', hierarchy: { lvl0: null, lvl1: url, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null }, content: 'Text.' };
  return { url, pageUrl: url.split('#')[0]!, page: url, heading: url, hierarchy: record.hierarchy, score, coverage, matchedTerms: new Set(), passages: [record], best: record };
}

const pages = (sections: RetrievedSection[]): string[] => sections.map((one) => one.url);

describe('selectSections', () => {
  const fused = [section('/a#one', 1, 0.9), section('/b#two', 0.5, 0.8), section('/c#three', 0.4, 0.8)];

  it("merges the fused sections' pages with the engine's by reciprocal rank, quoting the fused section of a page both found", () => {
    const retrieval: Retrieval = { sections: fused, weights: [1], enginePages: [section('/d#intro', 0, 0.1), section('/b#other', 0, 0.5)] };
    // /b: 1/2 + 1/2; /a: 1; /d: 1 (the engine's first page wins the tie with the fused first one); /c: 1/3 fills the fourth place.
    expect(pages(selectSections(retrieval))).toEqual(['/d#intro', '/b#two', '/a#one', '/c#three']);
  });

  it("always cites the engine's first three pages, beside the fused ranking's first, in reciprocal-rank order", () => {
    // The fused ranking would drop /e and /f (below its bar), and /a alone leads it.
    const retrieval: Retrieval = {
      sections: [section('/a#one', 1, 0.9)],
      weights: [1],
      enginePages: [section('/b#intro', 0, 0), section('/e#intro', 0, 0), section('/f#intro', 0, 0), section('/g#intro', 0, 0)],
    };
    // /a: 1 (fused first); /b: 1 (engine first, wins the tie); /e: 1/2; /f: 1/3; /g, the engine's fourth, fills the fifth place.
    expect(pages(selectSections(retrieval))).toEqual(['/b#intro', '/a#one', '/e#intro', '/f#intro', '/g#intro']);
    expect(pages(selectSections(retrieval, { ...DEFAULT_COMPOSE, maxPages: 4 }))).toEqual(['/b#intro', '/a#one', '/e#intro', '/f#intro']);
  });

  it("fills the answer up to five pages from both rankings, so the engine's fourth and fifth pages are cited when the fused ranking agrees with its first three", () => {
    const retrieval: Retrieval = {
      sections: [section('/b#one', 1, 0.9)],
      weights: [1],
      enginePages: [section('/b#intro', 0, 0), section('/e#intro', 0, 0), section('/f#intro', 0, 0), section('/g#intro', 0, 0), section('/h#intro', 0, 0), section('/i#intro', 0, 0)],
    };
    // /b: 1 + 1 (both rankings' first, quoted from the fused section); /e: 1/2; /f: 1/3; /g: 1/4; /h: 1/5; /i, the sixth, is not cited.
    expect(pages(selectSections(retrieval))).toEqual(['/b#one', '/e#intro', '/f#intro', '/g#intro', '/h#intro']);
    expect(pages(selectSections(retrieval, { ...DEFAULT_COMPOSE, maxPages: 3 }))).toEqual(['/b#one', '/e#intro', '/f#intro']);
  });

  it('cites the fused sections alone without an engine ranking, or with its weight at 0', () => {
    expect(pages(selectSections({ sections: fused, weights: [1], enginePages: [] }))).toEqual(['/a#one', '/b#two', '/c#three']);
    const retrieval: Retrieval = { sections: fused, weights: [1], enginePages: [section('/d#intro', 0, 1)] };
    expect(pages(selectSections(retrieval, { ...DEFAULT_COMPOSE, engineWeight: 0 }))).toEqual(['/a#one', '/b#two', '/c#three']);
  });

  it('leaves a question the fused sections cannot answer unanswered, whatever pages the engine relaxed its way to', () => {
    // The second word is not in the index (weight 0): "sourdough" in a question to the Vite docs.
    const retrieval: Retrieval = { sections: [section('/a#one', 1, 0.1)], weights: [1, 0], enginePages: [section('/d#intro', 0, 0.9)] };
    expect(selectSections(retrieval)).toEqual([]);
  });

  it('answers from the best sections when the index has every word of the question, however they are spread', () => {
    // "the duration and state of each test in a custom reporter": every word is in the docs, no section holds a third of them.
    // Further sections still need their own share of the question (minSecondaryCoverage).
    const retrieval: Retrieval = { sections: [section('/a#one', 1, 0.2), section('/b#two', 0.9, 0.2), section('/c#three', 0.8, 0.4)], weights: [1, 2], enginePages: [] };
    expect(pages(selectSections(retrieval))).toEqual(['/a#one', '/c#three']);
    expect(selectSections({ ...retrieval, weights: [1, 0] })).toEqual([]);
  });
});

describe('composeAnswer: the quotes', () => {
  it('quotes the first three pages; the further ones are sources only, not written into the text again', () => {
    const plan = rewriteQuestion('text');
    const retrieval: Retrieval = { sections: ['/a', '/b', '/c', '/d', '/e'].map((url, i) => section(url, 1 - i / 10, 0.9)), weights: [1], enginePages: [] };
    const { text, sources } = composeAnswer(plan, retrieval, { ...DEFAULT_COMPOSE, maxSections: 5 });
    expect(text.match(/^> /gm)).toHaveLength(3);
    expect([...text.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1])).toEqual(['/a', '/b', '/c']);
    expect(pages(sources)).toEqual(['/a', '/b', '/c', '/d', '/e']);
  });
});

describe('composeAnswer: what the first quote says', () => {
  const withPassages = (url: string, heading: string, contents: string[]): RetrievedSection => {
    const hierarchy = { lvl0: null, lvl1: 'Common Errors', lvl2: heading, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
    const records = contents.map((content, i) => ({ objectID: `${url}-${i}`, url, type: 'content', hierarchy, content }));
    return { url, pageUrl: url.split('#')[0]!, page: 'Common Errors', heading, hierarchy, score: 1, coverage: 1, matchedTerms: new Set([0]), passages: records, best: records[0]! };
  };

  it("quotes what the docs say about a pasted error, not the docs' line that repeats it", () => {
    const plan = rewriteQuestion('Segmentation fault (core dumped)');
    const section = withPassages('/guide/common-errors#segfaults', 'Segfaults and Native Code Errors', [
      'Segmentation fault (core dumped)',
      'Running native Node.js modules in pool: threads can run into cryptic errors coming from the native code. Use pool: forks instead.',
    ]);
    const text = composeAnswer(plan, { sections: [section], weights: plan.terms.map(() => 1), enginePages: [] }).text;
    expect(text).toContain('> Running native Node.js modules in pool: threads can run into cryptic errors');
    expect(text).not.toContain('> Segmentation fault');
  });

  it("still quotes a sentence that happens to hold only the question's words, and the echo when nothing else is there", () => {
    const plan = rewriteQuestion('run the browser in headless mode');
    const sentence = withPassages('/config/browser/headless', 'browser.headless', ['Run the browser in a headless mode.']);
    expect(composeAnswer(plan, { sections: [sentence], weights: plan.terms.map(() => 1), enginePages: [] }).text).toContain('> Run the browser in a headless mode.');
    const error = rewriteQuestion('Segmentation fault (core dumped)');
    const alone = withPassages('/guide/common-errors#segfaults', 'Segfaults', ['Segmentation fault (core dumped)']);
    expect(composeAnswer(error, { sections: [alone], weights: error.terms.map(() => 1), enginePages: [] }).text).toContain('> Segmentation fault (core dumped)');
  });
});

describe('composeAnswer: the lead sentence', () => {
  const withText = (url: string, heading: string, content: string): RetrievedSection => {
    const hierarchy = { lvl0: null, lvl1: heading, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
    const record = { objectID: url, url, type: 'content', hierarchy, content };
    return { url, pageUrl: url, page: heading, heading, hierarchy, score: 1, coverage: 1, matchedTerms: new Set([0]), passages: [record], best: record };
  };

  it('says what to use when the quoted passage states it, and where', () => {
    const plan = rewriteQuestion('exclude files from the coverage report');
    const retrieval: Retrieval = { sections: [withText('/config/exclude', 'exclude', 'If you need to remove certain files from the coverage report, use coverage.exclude.')], weights: plan.terms.map(() => 1), enginePages: [] };
    expect(composeAnswer(plan, retrieval).text.split('\n')[0]).toBe('Use `coverage.exclude`, as [exclude](/config/exclude) describes:');
  });

  it("says where the answer is only when the quote holds most of the question, else that it is the most relevant passage", () => {
    const plan = rewriteQuestion('TypeError: Cannot redefine property: captureException');
    const unrelated = withText('/guide/snapshot', 'Custom Snapshot Matchers', 'You must capture the call site by setting the error flag.');
    expect(composeAnswer(plan, { sections: [unrelated], weights: plan.terms.map(() => 1), enginePages: [] }).text.split('\n')[0]).toBe('The most relevant passage on this error is in [Custom Snapshot Matchers](/guide/snapshot):');
    const covering = withText('/guide/mocking', 'Mocking', 'Vitest cannot redefine a property of an ES module namespace, such as captureException: mock the module instead.');
    expect(composeAnswer(plan, { sections: [covering], weights: plan.terms.map(() => 1), enginePages: [] }).text.split('\n')[0]).toBe('This error is covered in [Mocking](/guide/mocking):');
    const question = rewriteQuestion('how do I limit the number of workers');
    const thin = withText('/guide/parallelism', 'Parallelism', 'Vitest runs test files in parallel.');
    expect(composeAnswer(question, { sections: [thin], weights: question.terms.map(() => 1), enginePages: [] }).text.split('\n')[0]).toBe('The most relevant passage is in [Parallelism](/guide/parallelism):');
  });

  it('does not lead with a file extension that is one step of a fix', () => {
    const plan = rewriteQuestion('SyntaxError: Unexpected token export');
    const section = withText('/guide/common-errors', 'Common Errors', 'An unexpected token export means a package Node.js cannot load: add a type field, use .mjs, include explicit file extensions.');
    expect(composeAnswer(plan, { sections: [section], weights: plan.terms.map(() => 1), enginePages: [] }).text.split('\n')[0]).toBe('This error is covered in [Common Errors](/guide/common-errors):');
  });

  it('names the option a section documents only when the question names it, else only where the answer is', () => {
    const section = withText('/config/vmmemorylimit', 'vmMemoryLimit', 'Specifies the memory limit for workers before they are recycled.');
    const named = rewriteQuestion('what does vmMemoryLimit do?');
    expect(composeAnswer(named, { sections: [section], weights: named.terms.map(() => 1), enginePages: [] }).text.split('\n')[0]).toBe('Set `vmMemoryLimit`, as [vmMemoryLimit](/config/vmmemorylimit) describes:');
    // Asked why, or how two options differ, the answer is an explanation: no step to take.
    for (const question of ['why does vmMemoryLimit recycle my workers?', 'what is the difference between vmMemoryLimit and maxWorkers?', 'vmMemoryLimit vs maxWorkers']) {
      const explained = rewriteQuestion(question);
      expect(composeAnswer(explained, { sections: [section], weights: explained.terms.map(() => 1), enginePages: [] }).text.split('\n')[0]).toMatch(/^The (?:answer|most relevant passage) is in \[vmMemoryLimit\]\(\/config\/vmmemorylimit\):$/);
    }
    const unnamed = rewriteQuestion('memory limit of the workers');
    expect(composeAnswer(unnamed, { sections: [section], weights: unnamed.terms.map(() => 1), enginePages: [] }).text.split('\n')[0]).toBe('The answer is in [vmMemoryLimit](/config/vmmemorylimit):');
  });

  it("is written in the question's language: the lead, the further pages' lines and the \"not in the docs\" answer", async () => {
    const inLanguage = async (plan: ReturnType<typeof rewriteQuestion>, sections: RetrievedSection[]) =>
      composeAnswer(plan, { sections, weights: plan.terms.map(() => 1), enginePages: [] }, DEFAULT_COMPOSE, await loadAnswerTexts(plan.language)).text;
    const zh = withText('/guide/mocking', '模拟', 'vi.fn() 创建一个模拟函数，可以记录它的调用。');
    const other = withText('/api/vi', 'Vi', 'vi.spyOn 监视对象上的方法。');
    const chinese = rewriteQuestion('如何创建模拟函数？');
    const answer = (await inLanguage(chinese, [zh, other])).split('\n\n');
    expect(answer[0]).toMatch(/^(?:答案在|最相关的段落在) \[模拟\]\(\/guide\/mocking\)：$/);
    expect(answer[2]).toBe('另见 [Vi](/api/vi)：');
    const japanese = rewriteQuestion('モック関数の作り方は？');
    const ja = withText('/guide/mocking', 'モック', 'vi.fn() でモック関数を作成します。');
    expect((await inLanguage(japanese, [ja])).split('\n')[0]).toMatch(/^(?:答えは|最も関連する箇所は) \[モック\]\(\/guide\/mocking\) にあります：$/);
    // The verbs of a lead too, in French (French sets a space before the colon).
    const section = withText('/config/vmmemorylimit', 'vmMemoryLimit', 'Specifies the memory limit for workers before they are recycled.');
    const french = rewriteQuestion('Comment régler vmMemoryLimit pour les workers ?');
    expect((await inLanguage(french, [section])).split('\n')[0]).toBe("Définissez `vmMemoryLimit`, comme l'explique [vmMemoryLimit](/config/vmmemorylimit) :");
    for (const [question, notFound] of <Array<[string, string]>>[
      ['Où acheter du pain au levain ?', "Je n'ai rien trouvé"],
      ['¿Dónde compro pan de masa madre?', 'No encontré nada'],
      ['Wo kann ich Sauerteigbrot kaufen?', 'Dazu habe ich'],
      ['哪里可以买到酸面包？', '文档中没有找到'],
      ['サワードウはどこで買えますか？', 'ドキュメントには'],
    ]) {
      expect(await inLanguage(rewriteQuestion(question), []), question).toMatch(new RegExp(`^${notFound}`));
    }
  });
});
