import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadBundle } from './code-cache.js';

describe('loadBundle', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const bundle = (source: string): string => {
    const dir = mkdtempSync(join(tmpdir(), 'sitesearch-code-cache-test-'));
    dirs.push(dir);
    const file = join(dir, 'bundle.cjs');
    writeFileSync(file, source);
    return file;
  };

  it('runs the bundle as a CommonJS module with the import.meta.url given', () => {
    const file = bundle(`exports.url = __importMetaUrl; exports.sep = require('node:path').sep; exports.file = __filename;`);
    const loaded = loadBundle(file, 'file:///x/cli.js');
    expect(loaded.exports).toEqual({ url: 'file:///x/cli.js', sep, file });
    expect(loaded.cached).toBe(false);
  });

  it('uses the cache saved for the same bundle, and ignores it for another of the same length', () => {
    const file = bundle(`exports.answer = (() => 40 + 2)();`);
    loadBundle(file, 'file:///x/cli.js').saveCache();
    expect(loadBundle(file, 'file:///x/cli.js')).toMatchObject({ cached: true, exports: { answer: 42 } });
    writeFileSync(file, `exports.answer = (() => 40 + 3)();`);
    expect(loadBundle(file, 'file:///x/cli.js')).toMatchObject({ cached: false, exports: { answer: 43 } });
  });
});
