/** `localIndex.synonyms`: checked with the other options, read at config setup, held by the built index. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SearchEngine, fileSource } from '@sitesearch/local';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sitesearch from './index.js';

const FLAKY = [{ objectID: 'flaky', type: 'oneWaySynonym' as const, input: 'flaky', synonyms: ['retry'] }];

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sitesearch-astro-synonyms-'));
  await writeFile(join(root, 'index.html'), '<html><head><title>Retry</title></head><body><main><h1>Retry</h1><p>Run a failing test again with retry.</p></main></body></html>');
  await writeFile(join(root, 'synonyms.json'), JSON.stringify(FLAKY));
  await writeFile(join(root, 'bad.json'), JSON.stringify([{ objectID: 'flaky', type: 'oneWay', input: 'flaky', synonyms: ['retry'] }]));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The integration's config setup, then its build, over `root` (the project and the build output alike). */
async function build(options: Parameters<typeof sitesearch>[0]): Promise<string[]> {
  const lines: string[] = [];
  const log = (line: unknown) => void lines.push(String(line));
  const logger = { info: log, warn: log, error: log, debug: log };
  const { hooks } = sitesearch(options);
  const setup = hooks['astro:config:setup'] as unknown as (params: Record<string, unknown>) => void;
  setup({ config: { base: '/', trailingSlash: 'ignore', root: pathToFileURL(`${root}/`), output: 'static' }, command: 'build', injectScript: log, updateConfig: log, addWatchFile: log, logger });
  await (hooks['astro:build:done'] as unknown as (params: { dir: URL; logger: typeof logger }) => Promise<void>)({ dir: pathToFileURL(`${root}/`), logger });
  return lines;
}

describe('localIndex.synonyms', () => {
  it('is checked with the other localIndex options: a path or a list, each entry named', () => {
    expect(() => sitesearch({ localIndex: { synonyms: 3 as never } })).toThrow(/option "localIndex.synonyms" must be the path of a JSON file \(from the project root\) or an array of synonyms/);
    expect(() => sitesearch({ localIndex: { synonyms: [{ objectID: 'a', type: 'synonym' }] as never } })).toThrow(/option "localIndex.synonyms": entry 0 \(objectID "a"\): "synonyms" is required for type synonym/);
    expect(() => sitesearch({ localIndex: { synonyms: FLAKY } })).not.toThrow();
    expect(() => sitesearch({ localIndex: { synonyms: 'synonyms.json' } })).not.toThrow();
  });

  it('from a file (relative to the project root) or inline, the built index holds them: "flaky" finds the retry page', async () => {
    for (const synonyms of ['synonyms.json', FLAKY]) {
      const lines = await build({ localIndex: { synonyms } });
      // The push hint passes the file on, so a push keeps them (a list inline has no flag).
      expect(lines.some((line) => line.includes('--synonyms synonyms.json'))).toBe(synonyms === 'synonyms.json');
      const engine = new SearchEngine(fileSource(join(root, 'sitesearch')));
      expect((await engine.search({ query: 'flaky' })).hits[0]?.url).toBe('/');
    }
    await build({});
    expect(JSON.parse(await readFile(join(root, 'sitesearch', 'manifest.json'), 'utf8'))).not.toHaveProperty('synonyms');
  });

  it('a bad file fails the config setup, naming the file, the entry and the field', async () => {
    await expect(build({ localIndex: { synonyms: 'bad.json' } })).rejects.toThrow(`${join(root, 'bad.json')}: entry 0 (objectID "flaky"): "type" must be one of synonym, oneWaySynonym, altCorrection1, altCorrection2, placeholder, got "oneWay"`);
    await expect(build({ localIndex: { synonyms: 'missing.json' } })).rejects.toThrow(`${join(root, 'missing.json')}: the synonyms file cannot be read (ENOENT)`);
  });
});
