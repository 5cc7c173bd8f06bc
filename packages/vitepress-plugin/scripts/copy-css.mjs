#!/usr/bin/env node
// tsc compiles the theme's modules; its stylesheet goes beside them as it is.
import { copyFileSync } from 'node:fs';
const from = new URL('../src/theme/vitepress.css', import.meta.url);
copyFileSync(from, new URL('../dist/theme/vitepress.css', import.meta.url));
