import { expect, test } from '@playwright/test';
import { buildDir, buildDocusaurusFixture, hostedBuildDir } from './docusaurus-build.mjs';
import { collectErrors, serveBuiltSite, type StaticServer } from './servers.js';

/**
 * The Docusaurus fixture site (tests/fixtures/docusaurus) with @sitesearch/docusaurus as its
 * theme: built once with `docusaurus build` (its postBuild writes the local index), then served
 * as static files on 127.0.0.1 like any host would (docusaurus-build.mjs: reused while its inputs
 * are unchanged).
 */
export { buildDocusaurusFixture, buildDir, fixtureDir, hostedBuildDir } from './docusaurus-build.mjs';

export type DocusaurusServer = StaticServer;
/** `local`: no credentials, the local index per locale; `hosted`: the drop-in `algolia` config (docusaurus-build.mjs). */
export type DocusaurusVariant = 'local' | 'hosted';

/** Serves a build as a static host does: `/a/` and `/a` are `a/index.html`, and 404.html for the rest. */
export function serveDocusaurusFixture(variant: DocusaurusVariant = 'local'): Promise<DocusaurusServer> {
  return serveBuiltSite(variant === 'hosted' ? hostedBuildDir : buildDir, { notFoundPage: '404.html' });
}

/**
 * The hooks of a spec on the built fixture: built (reused while its inputs are unchanged) and
 * served before the tests, closed after; every test fails on a console error or a request that
 * got a 4xx/5xx, which is named (the console only says that something failed to load). Returns
 * the served site, readable once the tests run.
 */
export function useBuiltDocusaurusSite(variant: DocusaurusVariant = 'local'): { readonly url: string } {
  let site: DocusaurusServer | undefined;
  let errors: string[] = [];
  test.beforeAll(async () => {
    // A Docusaurus build takes minutes on a loaded 2-core machine.
    test.setTimeout(900_000);
    buildDocusaurusFixture(variant);
    site = await serveDocusaurusFixture(variant);
  });
  test.afterAll(async () => {
    await site?.close();
  });
  test.beforeEach(({ page }) => {
    errors = collectErrors(page);
    page.on('response', (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
  });
  test.afterEach(() => {
    expect(errors, 'console errors').toEqual([]);
  });
  return {
    get url() {
      return site!.url;
    },
  };
}
