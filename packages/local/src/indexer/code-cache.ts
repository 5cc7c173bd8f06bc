/**
 * Loads a one-file CommonJS bundle (the CLI's indexer, `scripts/bundle.mjs`) with V8's code
 * cache: the functions a build ran, compiled once when the package was built, are read back
 * instead of compiled again on each `sitesearch index`. Node 20 has no compile cache for modules,
 * hence a `vm.Script` wrapped like a CommonJS module.
 *
 * The cache (`<bundle>.cache`) starts with the SHA-1 of the bundle it was made from: V8 itself
 * checks only the source's length and its own version and flags, so a cache left from another
 * build of the same length must never reach it. A missing, stale or rejected cache (another Node
 * version, other V8 flags) only means compiling as without it.
 */
import { hash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Script } from 'node:vm';

const HASH_BYTES = 20;

export interface LoadedBundle {
  exports: Record<string, unknown>;
  /** Whether the cache was there, matched the bundle and was accepted by V8. */
  cached: boolean;
  /** Writes the code cache of what has run so far to `<bundle>.cache` (at build time). */
  saveCache(): void;
}

/**
 * Runs `file` as a CommonJS module whose `import.meta.url` is `metaUrl` (the bundle is built with
 * `import.meta.url` defined as the wrapper's parameter `__importMetaUrl`).
 */
export function loadBundle(file: string, metaUrl: string): LoadedBundle {
  const source = readFileSync(file, 'utf8');
  const digest = hash('sha1', source, 'buffer');
  let cachedData: Buffer | undefined;
  try {
    const data = readFileSync(`${file}.cache`);
    if (data.length > HASH_BYTES && data.subarray(0, HASH_BYTES).equals(digest)) cachedData = data.subarray(HASH_BYTES);
  } catch {
    // No cache: compiled as usual.
  }
  // On the wrapper's line, so that the bundle's line numbers (and its source map) stay right.
  const wrapped = `(function (exports, require, module, __filename, __dirname, __importMetaUrl) {${source}\n})`;
  const script = new Script(wrapped, { filename: file, ...(cachedData ? { cachedData } : {}) });
  const module = { exports: {} as Record<string, unknown> };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file), metaUrl);
  return {
    exports: module.exports,
    cached: cachedData !== undefined && !script.cachedDataRejected,
    saveCache: () => writeFileSync(`${file}.cache`, Buffer.concat([digest, script.createCachedData()])),
  };
}
