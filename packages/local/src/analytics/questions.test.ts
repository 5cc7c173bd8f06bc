import { describe, expect, it } from 'vitest';
import { createLocalAssistant } from '../assistant/assistant.js';
import type { AssistantSearchClient } from '../assistant/types.js';
import { SearchEngine } from '../engine/engine.js';
import { memorySource } from '../engine/memory-source.js';
import { normalizeMultiQuery } from '../engine/requests.js';
import { buildMultilingualIndex } from '../test-support/multilingual.js';
import { watchAnswer } from './questions.js';

const engine = new SearchEngine(memorySource(buildMultilingualIndex()));
const searchClient: AssistantSearchClient = {
  search: async (request) => ({ results: await Promise.all(normalizeMultiQuery(request).map((query) => engine.search(query.params, query.indexName))) }),
};

/** Asks the local assistant through the watcher; resolves with what the watcher reported and the answer's text. */
async function watched(question: string): Promise<{ answered: boolean | undefined; text: string }> {
  await engine.search({ query: '' }); // loads the segmenter the index needs, as any earlier search of the page would
  const chunks = createLocalAssistant({ searchClient, indexName: 'docs' }).answer({ messages: [{ role: 'user', parts: [{ type: 'text', text: question }] }] });
  let answered: boolean | undefined;
  let text = '';
  for await (const chunk of watchAnswer(chunks, new AbortController().signal, (value) => (answered = value))) if (chunk.type === 'text-delta') text += chunk.delta;
  return { answered, text };
}

describe('watchAnswer', () => {
  it('reports an answer as answered, and the "not in the docs" answer as not, in whatever language it is written', async () => {
    const chinese = await watched('如何创建索引文件？');
    expect(chinese.text).toContain('/zh/guide/#config');
    expect(chinese.answered).toBe(true);
    // Its search has hits ("创建" is in the index), its answer is "not in the docs", in Chinese.
    const declined = await watched('如何创建酸面包、披萨和寿司？');
    expect(declined.text).toMatch(/^文档中没有找到/);
    expect(declined.answered).toBe(false);
  });
});
