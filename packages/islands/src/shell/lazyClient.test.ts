import { describe, expect, it, vi } from 'vitest';
import { createLazyClient } from './lazyClient.js';

describe('createLazyClient', () => {
  it('hands the request options (the modal\'s abort signal) to the loaded client', async () => {
    const search = vi.fn(async () => ({ results: [] }));
    const client = createLazyClient(async () => ({ search }));
    const requestOptions = { signal: new AbortController().signal };
    await client.search({ requests: [] }, requestOptions);
    expect(search).toHaveBeenCalledWith({ requests: [] }, requestOptions);
  });
});
