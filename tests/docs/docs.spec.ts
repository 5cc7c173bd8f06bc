import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { buildSiteIndex, type LocalSearchServer } from '@sitesearch/local';
import { API_KEY, APP_ID, collectErrors, routeProviderToLoopback, serveBuiltSite, startSearchServer, startStaticServer, type StaticServer } from '../support/servers.js';
import { astroProjectSteps, buildAstroProject } from './astro-project.js';
import { documentationBlocks, type CodeBlock } from './blocks.js';
import { repoRoot } from './project.js';
import { readmeCommand, shellProblems } from './shell.js';
import { SCRIPT_LANGS, typeErrors } from './typecheck.js';

/**
 * Documentation that drifts from the code fails here. Every code block marked runnable in the
 * README files and the site's pages (see blocks.ts for the marker) is checked for what it is:
 * TypeScript/JavaScript type-checks strictly against the built packages, HTML runs in Chromium
 * with the CDN build and finds results, shell commands exist with those flags, and the Astro
 * setup the docs describe builds on a fresh project with search in it.
 */
const work = join(repoRoot, 'tests/.fixtures/docs');
const { blocks, problems } = documentationBlocks(repoRoot);
const ofLang = (...langs: string[]) => blocks.filter((block) => langs.includes(block.lang));
const where = (block: CodeBlock) => `${block.doc}:${block.line}`;

test('every runnable marker sits on a code block the checks understand', () => {
  const checked = new Set([...SCRIPT_LANGS, 'sh', 'bash', 'shell', 'html', 'astro']);
  const unknown = blocks.filter((block) => !checked.has(block.lang)).map((block) => `${where(block)}: no check for language "${block.lang}"`);
  expect([...problems, ...unknown]).toEqual([]);
  // The README's snippets are marked: an empty harvest means the extraction broke, not the docs.
  expect(blocks.filter((block) => block.doc === 'README.md').length).toBeGreaterThan(5);
});

test('TypeScript and JavaScript blocks type-check strictly against the built packages', () => {
  const scripts = blocks.filter((block) => SCRIPT_LANGS.has(block.lang));
  expect(scripts.length).toBeGreaterThan(0);
  expect(typeErrors(blocks, join(work, 'typecheck'))).toEqual([]);
});

test("the README's Docusaurus config is one of them: checked against the built theme's types", () => {
  // The snippet must say what it is (`satisfies`): a bare object literal would type-check whatever it held.
  const config = blocks.filter((block) => block.doc === 'README.md' && SCRIPT_LANGS.has(block.lang) && block.code.includes("from '@sitesearch/docusaurus'"));
  expect(config.map(where)).toHaveLength(1);
  expect(config[0]!.code).toMatch(/satisfies SiteSearchThemeConfig/);
  expect(config[0]!.code).toMatch(/satisfies Config;\s*$/);
});

test('shell blocks are real commands: scripts that exist, packages of this workspace, CLI commands and flags their --help lists', () => {
  const shells = ofLang('sh', 'bash', 'shell');
  expect(shells.length).toBeGreaterThan(0);
  expect(shells.flatMap(shellProblems)).toEqual([]);
});

test("the README's test command is what CI runs, and its main command serves the site where the README says", () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const testCommand = readmeCommand(readme, 'test-command');
  const mainCommand = readmeCommand(readme, 'main-command');
  expect(testCommand).toMatch(/pnpm install --frozen-lockfile && pnpm test$/);
  expect(mainCommand).toMatch(/pnpm install && pnpm start$/);
  // .ci/run reads the command out of the README with sed: it must get exactly this text.
  const ciScript = readFileSync(join(repoRoot, '.ci/run'), 'utf8');
  const extraction = ciScript.match(/^cmd=\$\((.*)\)$/m)?.[1];
  expect(extraction, '.ci/run no longer reads the command with cmd=$(…)').toBeDefined();
  expect(execFileSync('bash', ['-c', extraction!], { cwd: repoRoot, encoding: 'utf8' }).trim()).toBe(testCommand);
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  expect(manifest.scripts.test).toContain('scripts/test.mjs');
  expect(manifest.scripts.start).toBe('node scripts/start.mjs');
  const start = readFileSync(join(repoRoot, 'scripts/start.mjs'), 'utf8');
  for (const url of readme.match(/http:\/\/127\.0\.0\.1:\d+/g) ?? []) {
    const [, host, port] = url.match(/\/\/([\d.]+):(\d+)/)!;
    expect(start, `the README promises ${url}`).toContain(`const HOST = '${host}'`);
    expect(start, `the README promises ${url}`).toContain(`const PORT = ${port}`);
  }
});

test.describe('HTML blocks', () => {
  let site: StaticServer;
  let search: LocalSearchServer;
  const pages = new Map<string, string>();
  const localIndex = join(work, 'local-index');

  test.beforeAll(async () => {
    await buildSiteIndex({ dir: join(repoRoot, 'tests/fixtures/pages'), baseUrl: '/fixtures/pages/', outDir: localIndex });
    [site, search] = await Promise.all([
      startStaticServer((path) => {
        if (pages.has(path)) return { status: 200, type: 'text/html; charset=utf-8', body: pages.get(path)! };
        // `sitesearch.localIndex('/sitesearch/')` in a block: the index of the fixture pages.
        const file = path.startsWith('/sitesearch/') ? join(localIndex, path.slice('/sitesearch/'.length)) : '';
        if (file && !file.includes('..') && existsSync(file)) return { status: 200, type: 'application/json', body: readFileSync(file, 'utf8') };
        return undefined;
      }),
      startSearchServer(),
    ]);
  });
  test.afterAll(async () => {
    await Promise.all([site?.close(), search?.close()]);
  });

  /**
   * The page a reader would make of a block: its CDN file URLs point at the built CDN files, the
   * placeholders at the loopback server's credentials. A block that continues the CDN snippet
   * (a `<script>` calling `sitesearch()`) gets the CDN stylesheet and script it builds on, and
   * a container element when it names one it does not draw.
   */
  function pageOf(block: CodeBlock): string {
    let html = block.code
      // Wherever the block hosts the CDN files (a CDN, /vendor/sitesearch/…), they come from the build.
      .replace(/\b(src|href)="[^"]*\/(sitesearch[\w.-]*\.(?:js|css))"/g, '$1="/cdn/$2"')
      .replaceAll('YOUR_APP_ID', APP_ID)
      .replaceAll('YOUR_SEARCH_API_KEY', API_KEY);
    for (const [, id] of html.matchAll(/container:\s*['"]#([\w-]+)['"]/g)) {
      if (!html.includes(`id="${id}"`)) html = `<div id="${id}"></div>\n${html}`;
    }
    if (!/<script[^>]+sitesearch\.js/.test(html)) html = `<link rel="stylesheet" href="/cdn/sitesearch.css" />\n<script src="/cdn/sitesearch.js"></script>\n${html}`;
    return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /><title>${where(block)}</title></head><body>\n${html}\n</body></html>\n`;
  }

  test('load with the CDN build and a search finds results', async ({ page }) => {
    const htmlBlocks = ofLang('html');
    expect(htmlBlocks.length).toBeGreaterThan(0);
    const errors = collectErrors(page);
    await routeProviderToLoopback(page, search);
    for (const [position, block] of htmlBlocks.entries()) {
      await test.step(where(block), async () => {
        const path = `/docs-snippet/${position}.html`;
        pages.set(path, pageOf(block));
        await page.goto(`${site.url}${path}`);
        await page.locator('[data-sitesearch-button]').first().click();
        await expect(page.getByRole('dialog'), where(block)).toBeVisible();
        await page.getByRole('combobox').fill('plugins');
        await expect(page.getByRole('option').first(), `${where(block)}: a search for "plugins" shows results`).toBeVisible();
        expect(errors, `${where(block)}: console errors`).toEqual([]);
      });
    }
  });
});

test.describe('Astro setup', () => {
  const steps = astroProjectSteps(blocks);

  test('the documented Astro setup is there to build', () => {
    const names = steps.flatMap((step) => step.name.split(', '));
    expect(names).toContain('README.md step 1');
    // The optional second step (function options) is the Astro package's README's.
    expect(names).toContain('packages/astro-integration/README.md step 2');
    // The Starlight plugin's setup, on `npm create astro -- --template starlight`.
    expect(names).toContain('site/src/pages/quick-start/starlight.astro step 1 (Starlight)');
    expect(names).toContain('README.md step 1 (Starlight)');
  });

  for (const [position, step] of steps.entries()) {
    test(`${step.name} builds on a fresh Astro project, and its search finds the page`, async ({ page }) => {
      const dir = join(work, `astro-${position}`);
      await buildAstroProject(dir, step);
      // No credentials in the documented setup: the built pages are indexed for the local search.
      const manifest = JSON.parse(readFileSync(join(dir, 'dist/sitesearch/manifest.json'), 'utf8'));
      expect(manifest.recordCount).toBeGreaterThan(0);
      const built = await serveBuiltSite(join(dir, 'dist'));
      try {
        const errors = collectErrors(page);
        const missing: string[] = [];
        page.on('response', (response) => {
          if (response.status() >= 400) missing.push(`${response.status()} ${new URL(response.url()).pathname}`);
        });
        await page.goto(built.url);
        await page.locator('[data-sitesearch-button]').first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        // In the dialog: Starlight's theme <select> is a combobox too.
        await page.getByRole('dialog').getByRole('combobox').fill('welcome');
        await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible();
        expect(missing, 'failed requests').toEqual([]);
        expect(errors, 'console errors').toEqual([]);
      } finally {
        await built.close();
      }
    });
  }
});
