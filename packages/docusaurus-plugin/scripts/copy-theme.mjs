#!/usr/bin/env node
// `tsc` compiles the theme components to lib/theme (what Docusaurus runs); swizzling in
// TypeScript copies the sources, so they ship too, as lib/theme-ts (getTypeScriptThemePath).
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
rmSync(join(root, 'lib/theme-ts'), { recursive: true, force: true });
cpSync(join(root, 'src/theme'), join(root, 'lib/theme-ts'), { recursive: true, filter: (path) => !/\.test\.tsx?$/.test(path) });
