#!/usr/bin/env node
// `tsc` compiles the theme components to lib/theme (what Docusaurus runs); swizzling in
// TypeScript copies the sources, so they ship too, as lib/theme-ts (getTypeScriptThemePath).
import { cpSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
rmSync(join(root, 'lib/theme-ts'), { recursive: true, force: true });
cpSync(join(root, 'src/theme'), join(root, 'lib/theme-ts'), { recursive: true, filter: (path) => !/\.test\.tsx?$/.test(path) });
// tsc emits no stylesheets: the components' CSS modules go next to their compiled code.
cpSync(join(root, 'src/theme'), join(root, 'lib/theme'), { recursive: true, filter: (path) => statSync(path).isDirectory() || path.endsWith('.css') });
// tsc does not emit hand-written .d.ts files: the @theme/ module declarations ship as they are.
cpSync(join(root, 'src/theme-sitesearch.d.ts'), join(root, 'lib/theme-sitesearch.d.ts'));
// tsc points lib/index.d.ts's reference at the source file (it emits none): point it at the copy.
const indexTypes = join(root, 'lib/index.d.ts');
writeFileSync(indexTypes, readFileSync(indexTypes, 'utf8').replace('../src/theme-sitesearch.d.ts', './theme-sitesearch.d.ts'));
