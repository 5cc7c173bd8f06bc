import { describe, expect, it } from 'vitest';
import { completeCdnOptions } from './cdnOptions.js';

const early = (options: Record<string, unknown>) => ({ given: { appId: 'APP', apiKey: 'KEY', indices: ['docs'], ...options }, container: document.body, environment: window });

describe('completeCdnOptions (sitesearch-options.js)', () => {
  it('completes the options at once when askAi is not set: the Ask AI checks are not needed', () => {
    const resolved = completeCdnOptions(early({}));
    expect(resolved).not.toBeInstanceOf(Promise);
    expect(resolved).toMatchObject({ askAi: undefined, placeholder: 'Search docs', container: document.body, translations: { button: { buttonText: 'Search' } } });
  });

  it('imports the Ask AI checks when askAi is set, and reports their errors', async () => {
    await expect(completeCdnOptions(early({ askAi: 'assistant-1' }))).resolves.toMatchObject({ askAi: { assistantId: 'assistant-1', indexName: 'docs' } });
    await expect(completeCdnOptions(early({ askAi: { assistantID: 'x' } }))).rejects.toThrowError('unknown option "askAi.assistantID"');
  });

  it('runs the rules the loader left out: value ranges, index entries, unknown names with a suggestion', () => {
    expect(() => completeCdnOptions(early({ maxResultsPerGroup: 0 }))).toThrowError('option "maxResultsPerGroup" must be a whole number of 1 or more');
    expect(() => completeCdnOptions(early({ indices: [5] }))).toThrowError('option "indices[0]"');
    expect(() => completeCdnOptions(early({ maxResultPerGroup: 5 }))).toThrowError('Did you mean "maxResultsPerGroup"?');
  });
});
