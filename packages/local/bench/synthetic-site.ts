/** A deterministic synthetic docs site of N pages, for the scale figures. */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { seededRandom } from '../src/test-support/random.js';

export async function writeSyntheticSite(outDir: string, pages: number, vocabulary: string[]): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  const next = seededRandom(42);
  // Zipf-like choice: common words often, rare words rarely, as in real prose.
  const word = (): string => vocabulary[Math.floor(vocabulary.length * next() ** 3)]!;
  const words = (n: number): string => Array.from({ length: n }, word).join(' ');
  const sections = ['guide', 'config', 'api', 'reference', 'tutorials', 'recipes', 'plugins', 'advanced'];
  for (let i = 0; i < pages; i++) {
    const section = sections[i % sections.length]!;
    const title = `${words(3)} ${i}`;
    let body = `<h1 id="top">${title}</h1>\n<p>${words(30)}</p>\n`;
    for (let h = 0; h < 4; h++) {
      body += `<h2 id="s${h}">${words(3)}</h2>\n<p>${words(40)}</p>\n<ul><li>${words(12)}</li><li>${words(12)}</li></ul>\n`;
      if (h % 2 === 0) body += `<h3 id="s${h}-d">${words(2)}</h3>\n<p>${words(25)}</p>\n`;
    }
    const dir = join(outDir, section, String(Math.floor(i / 500)));
    await mkdir(dir, { recursive: true });
    await writeFile(
      join(dir, `page-${i}.html`),
      `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a></nav><main data-pagefind-body>${body}</main><footer>Footer</footer></body></html>`,
    );
  }
}
