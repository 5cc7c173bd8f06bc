/**
 * Type-checks the TypeScript and JavaScript blocks of the documentation in one strict program,
 * as a user's project that installed the built packages would (see project.ts). JavaScript
 * blocks are checked as TypeScript: what a user pastes into a .ts file must compile too.
 */
import { join } from 'node:path';
import ts from 'typescript';
import type { CodeBlock } from './blocks.js';
import { createProject } from './project.js';

export const SCRIPT_LANGS = new Set(['ts', 'tsx', 'js', 'jsx', 'mjs', 'typescript', 'javascript']);

/** What a strict project of a user has (Astro's `strict` preset, with the DOM). */
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
  skipLibCheck: true,
  esModuleInterop: true,
  isolatedModules: true,
};

const slug = (doc: string) => doc.replace(/[^\w]+/g, '-');

/** `.ts` for ts/js blocks, `.tsx` for tsx/jsx ones, and for files the same, by their own extension. */
function checkedName(name: string, lang: string): string {
  const jsx = /x$/.test(lang) || /\.[jt]sx$/.test(name);
  return name.replace(/\.(m?[jt]s|[jt]sx)$/, '') + (jsx ? '.tsx' : '.ts');
}

/**
 * Type errors of the blocks, as `doc:line: message`. Blocks naming a file of an Astro project are
 * checked in that project's folder (one per document and step, with the files of earlier steps),
 * so their relative imports resolve as they would there.
 */
export function typeErrors(blocks: CodeBlock[], dir: string): string[] {
  const files: Record<string, string> = {};
  const origin = new Map<string, CodeBlock>();
  const add = (path: string, block: CodeBlock) => {
    // Every block is a module of its own, even one without import or export.
    files[path] = `${block.code}\nexport {};\n`;
    origin.set(join(dir, path), block);
  };
  // A Starlight project is built instead (astro-project.ts): Starlight's .ts sources only compile in Astro.
  blocks = blocks.filter((block) => block.template !== 'starlight');
  for (const block of blocks) {
    if (!SCRIPT_LANGS.has(block.lang) && !(block.file && /\.(m?[jt]s|[jt]sx)$/.test(block.file))) continue;
    if (!block.file) {
      add(`snippets/${slug(block.doc)}-${block.line}${checkedName('', block.lang)}`, block);
      continue;
    }
    const lastStep = Math.max(...blocks.filter((other) => other.doc === block.doc).map((other) => other.step));
    for (let step = block.step; step <= lastStep; step++) {
      const later = blocks.some((other) => other.doc === block.doc && other.file === block.file && other.step > block.step && other.step <= step);
      if (!later) add(`projects/${slug(block.doc)}-step${step}/${checkedName(block.file, block.lang)}`, block);
    }
  }
  createProject(dir, files);
  const program = ts.createProgram(Object.keys(files).map((path) => join(dir, path)), OPTIONS);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ');
    const block = diagnostic.file && origin.get(diagnostic.file.fileName);
    if (!block || diagnostic.start === undefined) return `${diagnostic.file?.fileName ?? 'tsc'}: ${message}`;
    const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start);
    return `${block.doc}:${block.line + line}: ${message}`;
  });
}
