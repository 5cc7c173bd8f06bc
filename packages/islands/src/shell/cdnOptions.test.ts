import { describe, expect, it } from 'vitest';
import { checkSiteSearchOptions } from '../core/options/siteSearchOptionsBase.js';
import { completeCdnOptions } from './cdnOptions.js';

const check = (options: Record<string, unknown>) => checkSiteSearchOptions({ appId: 'APP', apiKey: 'KEY', indices: ['docs'], ...options }, 'react');

describe('completeCdnOptions (sitesearch-options.js)', () => {
  it('completes the options at once when askAi is not set: the Ask AI checks are not needed', () => {
    const resolved = completeCdnOptions(check({}));
    expect(resolved).not.toBeInstanceOf(Promise);
    expect(resolved).toMatchObject({ askAi: undefined, placeholder: 'Search docs', translations: { button: { buttonText: 'Search' } } });
  });

  it('imports the Ask AI checks when askAi is set, and reports their errors', async () => {
    await expect(completeCdnOptions(check({ askAi: 'assistant-1' }))).resolves.toMatchObject({ askAi: { assistantId: 'assistant-1', indexName: 'docs' } });
    await expect(completeCdnOptions(check({ askAi: { assistantID: 'x' } }))).rejects.toThrowError('unknown option "askAi.assistantID"');
  });
});
