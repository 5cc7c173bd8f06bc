/**
 * The Astro projects the documentation describes, built as a newcomer would build them: a fresh
 * `npm create astro` project (minimal or Starlight template) plus exactly the files the runnable blocks show,
 * step by step. No file of this repository's site is visible to it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { AstroTemplate, CodeBlock } from './blocks.js';
import { createProject, repoRoot } from './project.js';

/** What Astro's minimal template has before the reader adds anything. */
const MINIMAL_TEMPLATE: Record<string, string> = {
  'astro.config.mjs': `// @ts-check\nimport { defineConfig } from 'astro/config';\n\n// https://astro.build/config\nexport default defineConfig({});\n`,
  'src/pages/index.astro': `---\n---\n\n<html lang="en">\n\t<head>\n\t\t<meta charset="utf-8" />\n\t\t<meta name="viewport" content="width=device-width" />\n\t\t<title>Astro</title>\n\t</head>\n\t<body>\n\t\t<h1>Astro</h1>\n\t</body>\n</html>\n`,
  'tsconfig.json': `{\n  "extends": "astro/tsconfigs/strict",\n  "include": [".astro/types.d.ts", "**/*"],\n  "exclude": ["dist"]\n}\n`,
};

/**
 * What `npm create astro -- --template starlight` has that a snippet relies on (its content
 * collection, a home page, a guide and the favicon), minus its hero image: these machines have no sharp.
 */
const STARLIGHT_TEMPLATE: Record<string, string> = {
  'astro.config.mjs': `// @ts-check\nimport { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\n\n// https://astro.build/config\nexport default defineConfig({\n\tintegrations: [starlight({ title: 'My Docs' })],\n});\n`,
  'src/content.config.ts': `import { defineCollection } from 'astro:content';\nimport { docsLoader } from '@astrojs/starlight/loaders';\nimport { docsSchema } from '@astrojs/starlight/schema';\n\nexport const collections = {\n\tdocs: defineCollection({ loader: docsLoader(), schema: docsSchema() }),\n};\n`,
  'src/content/docs/index.md': `---\ntitle: Welcome to Starlight\ndescription: Get started building your docs site with Starlight.\n---\n\nWelcome to your new docs site.\n`,
  'src/content/docs/guides/example.md': `---\ntitle: Example Guide\ndescription: A guide in my new Starlight docs site.\n---\n\nGuides lead a user through a specific task they want to accomplish.\n`,
  // Starlight links it from every page.
  'public/favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><circle cx="64" cy="64" r="60"/></svg>\n`,
  'tsconfig.json': `{\n  "extends": "astro/tsconfigs/strict",\n  "include": [".astro/types.d.ts", "**/*"],\n  "exclude": ["dist"]\n}\n`,
};
const TEMPLATE_FILES: Record<AstroTemplate, Record<string, string>> = { minimal: MINIMAL_TEMPLATE, starlight: STARLIGHT_TEMPLATE };

export interface AstroProjectStep {
  /** `doc step N`, for messages (several, when documents show the same files). */
  name: string;
  /** Files of the project at this step (template, then the blocks of this step and earlier ones). */
  files: Record<string, string>;
  /** The blocks that made it. */
  blocks: CodeBlock[];
  template: AstroTemplate;
}

/**
 * One project per document and template that has file blocks with an Astro config; one build per step. Steps
 * whose files are identical (the README and the site's quick start showing the same snippets)
 * are built once.
 */
export function astroProjectSteps(blocks: CodeBlock[]): AstroProjectStep[] {
  const steps: AstroProjectStep[] = [];
  const byFiles = new Map<string, AstroProjectStep>();
  const docs = [...new Set(blocks.filter((block) => block.file).map((block) => block.doc))];
  for (const doc of docs) for (const template of ['minimal', 'starlight'] as const) {
    const own = blocks.filter((block) => block.doc === doc && block.file && block.template === template);
    if (!own.some((block) => /^astro\.config\.[mc]?[jt]s$/.test(block.file!))) continue;
    const lastStep = Math.max(...own.map((block) => block.step));
    const label = template === 'starlight' ? ' (Starlight)' : '';
    for (let step = 1; step <= lastStep; step++) {
      const used = own.filter((block) => block.step <= step);
      if (!used.some((block) => block.step === step)) continue;
      const files = { ...TEMPLATE_FILES[template] };
      // Later steps replace a file an earlier step wrote (the config grows an option).
      for (const block of [...used].sort((a, b) => a.step - b.step)) files[block.file!] = `${block.code}\n`;
      const key = JSON.stringify(Object.entries(files).sort());
      const same = byFiles.get(key);
      if (same) {
        same.name += `, ${doc} step ${step}${label}`;
        same.blocks.push(...used);
        continue;
      }
      const built = { name: `${doc} step ${step}${label}`, files, blocks: used, template };
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
