/**
 * The Astro projects the documentation describes, built as a newcomer would build them: a fresh
 * `npm create astro` project (minimal template) plus exactly the files the runnable blocks show,
 * step by step. No file of this repository's site is visible to it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { CodeBlock } from './blocks.js';
import { createProject, repoRoot } from './project.js';

/** What Astro's minimal template has before the reader adds anything. */
const MINIMAL_TEMPLATE: Record<string, string> = {
  'astro.config.mjs': `// @ts-check\nimport { defineConfig } from 'astro/config';\n\n// https://astro.build/config\nexport default defineConfig({});\n`,
  'src/pages/index.astro': `---\n---\n\n<html lang="en">\n\t<head>\n\t\t<meta charset="utf-8" />\n\t\t<meta name="viewport" content="width=device-width" />\n\t\t<title>Astro</title>\n\t</head>\n\t<body>\n\t\t<h1>Astro</h1>\n\t</body>\n</html>\n`,
  'tsconfig.json': `{\n  "extends": "astro/tsconfigs/strict",\n  "include": [".astro/types.d.ts", "**/*"],\n  "exclude": ["dist"]\n}\n`,
};

export interface AstroProjectStep {
  /** `doc step N`, for messages (several, when documents show the same files). */
  name: string;
  /** Files of the project at this step (template, then the blocks of this step and earlier ones). */
  files: Record<string, string>;
  /** The blocks that made it. */
  blocks: CodeBlock[];
}

/**
 * One project per document that has file blocks with an Astro config; one build per step. Steps
 * whose files are identical (the README and the site's quick start showing the same snippets)
 * are built once.
 */
export function astroProjectSteps(blocks: CodeBlock[]): AstroProjectStep[] {
  const steps: AstroProjectStep[] = [];
  const byFiles = new Map<string, AstroProjectStep>();
  const docs = [...new Set(blocks.filter((block) => block.file).map((block) => block.doc))];
  for (const doc of docs) {
    const own = blocks.filter((block) => block.doc === doc && block.file);
    if (!own.some((block) => /^astro\.config\.[mc]?[jt]s$/.test(block.file!))) continue;
    const lastStep = Math.max(...own.map((block) => block.step));
    for (let step = 1; step <= lastStep; step++) {
      const used = own.filter((block) => block.step <= step);
      if (!used.some((block) => block.step === step)) continue;
      const files = { ...MINIMAL_TEMPLATE };
      // Later steps replace a file an earlier step wrote (the config grows an option).
      for (const block of [...used].sort((a, b) => a.step - b.step)) files[block.file!] = `${block.code}\n`;
      const key = JSON.stringify(Object.entries(files).sort());
      const same = byFiles.get(key);
      if (same) {
        same.name += `, ${doc} step ${step}`;
        same.blocks.push(...used);
        continue;
      }
      const built = { name: `${doc} step ${step}`, files, blocks: used };
      byFiles.set(key, built);
      steps.push(built);
    }
  }
  return steps;
}

/** Runs `astro build` in a fresh project folder; resolves with its output, rejects with it on failure. */
export async function buildAstroProject(dir: string, step: AstroProjectStep): Promise<string> {
  createProject(dir, step.files);
  const astro = join(repoRoot, 'packages/astro-integration/node_modules/astro/astro.js');
  const child = spawn(process.execPath, [astro, 'build'], { cwd: dir, env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`astro build of ${step.name} failed (exit ${code}):\n${output}`);
  return output;
}
