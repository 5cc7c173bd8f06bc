import { describe, expect, it } from 'vitest';
import { firstIndexName, pushHint } from './hint.js';
import * as root from '../index.js';

describe('pushHint', () => {
  it('Astro: the push command for dist and the sitesearch({ … }) options', () => {
    expect(pushHint({ outDir: 'dist', indexName: 'docs', baseUrl: '/', configShape: 'astro' })).toBe(
      'to move to a hosted index: SITESEARCH_ADMIN_API_KEY=<ADMIN_API_KEY> npx sitesearch push dist --app-id <APP_ID> --index docs\n' +
        "then in the Astro config: sitesearch({ appId: '<APP_ID>', apiKey: '<SEARCH_API_KEY>', indices: ['docs'] })",
    );
  });

  it('Starlight: the options go in sitesearchStarlight({ … })', () => {
    expect(pushHint({ outDir: 'dist', indexName: 'docs', configShape: 'starlight' }).split('\n')[1]).toBe(
      "then in the Starlight config: sitesearchStarlight({ appId: '<APP_ID>', apiKey: '<SEARCH_API_KEY>', indices: ['docs'] })",
    );
  });

  it('Docusaurus: the push command for build and the themeConfig.sitesearch options', () => {
    expect(pushHint({ outDir: 'build', indexName: 'docs', configShape: 'docusaurus' })).toBe(
      'to move to a hosted index: SITESEARCH_ADMIN_API_KEY=<ADMIN_API_KEY> npx sitesearch push build --app-id <APP_ID> --index docs\n' +
        "then in the Docusaurus config: themeConfig: { sitesearch: { appId: '<APP_ID>', apiKey: '<SEARCH_API_KEY>', indices: ['docs'] } }",
    );
  });

  it('passes the indexer options that must match, quoted for the shell and for JavaScript', () => {
    const text = pushHint({ outDir: 'my site/build', indexName: "team's docs", baseUrl: '/docs/', exclude: ['drafts', 'old pages'], defaultLvl0: 'Docs', pageRank: { '/blog/*': -2, '*': 0 }, synonyms: 'search/synonyms.json', configShape: 'docusaurus', otherOptions: true });
    expect(text).toBe(
      `to move to a hosted index: SITESEARCH_ADMIN_API_KEY=<ADMIN_API_KEY> npx sitesearch push 'my site/build' --app-id <APP_ID> --index 'team'\\''s docs' --base-url /docs/ --exclude drafts --exclude 'old pages' --lvl0 Docs --page-rank '/blog/*=-2' --page-rank '*=0' --synonyms search/synonyms.json\n` +
        "then in the Docusaurus config: themeConfig: { sitesearch: { appId: '<APP_ID>', apiKey: '<SEARCH_API_KEY>', indices: ['team\\'s docs'], … } }",
    );
  });

  it('firstIndexName reads indices (names or { name }), then indexName, then the fallback', () => {
    expect(firstIndexName({ indices: ['a', 'b'] }, 'docs')).toBe('a');
    expect(firstIndexName({ indices: [{ name: 'c' }] }, 'docs')).toBe('c');
    expect(firstIndexName({ indexName: 'd' }, 'docs')).toBe('d');
    expect(firstIndexName({}, 'docs')).toBe('docs');
  });

  it('is exported from the package root, which the integrations already load', () => {
    expect(root.pushHint).toBe(pushHint);
    expect(root.firstIndexName).toBe(firstIndexName);
  });
});
