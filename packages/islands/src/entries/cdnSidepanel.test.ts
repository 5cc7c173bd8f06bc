import { afterEach, describe, expect, it, vi } from 'vitest';

// The panel's mount, recorded: these tests are about the options it receives.
const mounted: Array<Record<string, unknown>> = [];
vi.mock('../ui/sidepanel/mountSidepanel.js', () => ({
  createSidepanelMount: async (options: Record<string, unknown>) => {
    mounted.push(options);
    return () => ({ unmount() {}, ask() {} });
  },
}));
const { createCdnSidepanelMount } = await import('./cdnSidepanel.js');

const hosted = { appId: 'APP', apiKey: 'KEY', assistantId: 'assistant', indexName: 'docs' };
const mount = (given: Record<string, unknown>) => createCdnSidepanelMount(given, document.body, window, 'sitesearch-chat.css');
afterEach(() => {
  mounted.length = 0;
});

describe('the CDN panel resolves the options in full', () => {
  it('applies the defaults without baseUrl or searchParameters', async () => {
    await mount(hosted);
    expect(mounted[0]).toMatchObject({ assistantId: 'assistant', variant: 'floating', side: 'right', width: '360px', baseUrl: undefined, searchParameters: undefined });
  });

  it('checks baseUrl and searchParameters with their rules when given', async () => {
    await mount({ ...hosted, baseUrl: 'http://127.0.0.1:8787/', searchParameters: { facetFilters: ['lang:en'] } });
    expect(mounted[0]).toMatchObject({ baseUrl: 'http://127.0.0.1:8787', searchParameters: { facetFilters: ['lang:en'] } });
    await expect(mount({ ...hosted, baseUrl: 'not a url' })).rejects.toThrow(/"baseUrl"/);
    await expect(mount({ ...hosted, searchParameters: { docs: { filters: 'a' } } })).rejects.toThrow(/"searchParameters.docs"/);
  });

  it('reports other invalid options', async () => {
    await expect(mount({ ...hosted, side: 'top' })).rejects.toThrow(/"side"/);
  });
});
