/**
 * Checks the shell blocks of the documentation against what exists: `pnpm <script>` is a script
 * of the root package.json, `npm install <package>` names a package of this workspace, the pnpm
 * version pinned in a command is the one `packageManager` names, and `npx <bin> <command>
 * --flags` is a command the binary's `--help` lists, with flags it lists. Environment
 * assignments (`export NAME=value`, `NAME=value npx …`) are allowed around them.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeBlock } from './blocks.js';
import { repoRoot } from './project.js';

interface Manifest {
  name: string;
  private?: boolean;
  bin?: string | Record<string, string>;
  scripts?: Record<string, string>;
  packageManager?: string;
}

const read = (path: string): Manifest => JSON.parse(readFileSync(join(repoRoot, path), 'utf8'));
const rootManifest = read('package.json');
const pinnedPnpm = rootManifest.packageManager?.replace(/^pnpm@/, '');
const workspacePackages = readdirSync(join(repoRoot, 'packages')).map((dir) => ({ dir: `packages/${dir}`, manifest: read(`packages/${dir}/package.json`) }));
const publishedNames = new Set(workspacePackages.filter(({ manifest }) => !manifest.private).map(({ manifest }) => manifest.name));

/** pnpm's own commands used in the docs (anything else must be a root script). */
const PNPM_COMMANDS = new Set(['install', 'i', 'add', 'exec', 'run', 'dlx', 'create']);

/** Binaries `npx` may run in the docs: the workspace's own, and Astro's CLI. */
function binaries(): Map<string, string> {
  const bins = new Map<string, string>([['astro', join(repoRoot, 'packages/astro-integration/node_modules/astro/astro.js')]]);
  for (const { dir, manifest } of workspacePackages) {
    const entries = typeof manifest.bin === 'string' ? { [manifest.name.split('/').pop()!]: manifest.bin } : (manifest.bin ?? {});
    for (const [name, path] of Object.entries(entries)) bins.set(name, join(repoRoot, dir, path));
  }
  return bins;
}

const helps = new Map<string, string>();
/** `<bin> [command] --help`, without colours. */
function help(path: string, command?: string): string {
  const key = `${path} ${command ?? ''}`;
  if (!helps.has(key)) {
    const args = [path, ...(command ? [command] : []), '--help'];
    let text: string;
    try {
      text = execFileSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ASTRO_TELEMETRY_DISABLED: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      text = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    }
    helps.set(key, text);
  }
  return helps.get(key)!;
}

/** Words of one command, quotes removed (no expansion: the docs' commands need none). */
function words(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3]!);
}

/** The simple commands of a block: comments dropped, split at `;`, `&&`, `||`, `|` and line ends. */
export function commandsOf(code: string): string[] {
  return code
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, ''))
    .flatMap((line) => line.split(/\s*(?:&&|\|\||;|\|)\s*/))
    .map((command) => command.trim())
    .filter(Boolean);
}

/** `NAME=value`: a variable of the environment, set for a command or exported. */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

function checkCommand(command: string): string | undefined {
  const all = words(command);
  // `export NAME=value` and `NAME=value command` set the environment a command runs in (the
  // write key of `sitesearch push`): the assignments are not commands; what they prefix is checked.
  if (all[0] === 'export') return all.length > 1 && all.slice(1).every((word) => ASSIGNMENT.test(word)) ? undefined : `"${command}": only export NAME=value is known to this check`;
  const start = all.findIndex((word) => !ASSIGNMENT.test(word));
  if (start < 0) return undefined;
  const [program, ...args] = all.slice(start);
  if (program === '[') {
    // The pnpm version guard of the README's commands: it must pin the version in packageManager.
    const version = command.match(/pnpm --version[^\]]*=\s*([\w.-]+)/)?.[1];
    return version && version !== pinnedPnpm ? `checks for pnpm ${version}, but package.json's packageManager is pnpm@${pinnedPnpm}` : undefined;
  }
  if (program === 'pnpm') {
    const [script] = args.filter((arg) => !arg.startsWith('-'));
    if (script === undefined) return undefined;
    if (script === 'run') {
      const name = args[args.indexOf('run') + 1];
      return name && rootManifest.scripts?.[name] ? undefined : `"${command}": the root package.json has no script "${name}"`;
    }
    if (rootManifest.scripts?.[script] || PNPM_COMMANDS.has(script)) return undefined;
    return `"${command}": the root package.json has no script "${script}" (scripts: ${Object.keys(rootManifest.scripts ?? {}).join(', ')})`;
  }
  if (program === 'npm') {
    const [sub, ...rest] = args.filter((arg) => !arg.startsWith('-'));
    if (sub !== 'i' && sub !== 'install') return `"${command}": only npm install is known to this check`;
    for (const spec of rest) {
      const name = spec.replace(/(.)@[^@/]*$/, '$1');
      const version = spec.slice(name.length + 1);
      if (name === 'pnpm') {
        if (version !== pinnedPnpm) return `"${command}" installs pnpm ${version || '(any version)'}, but packageManager is pnpm@${pinnedPnpm}`;
      } else if (!publishedNames.has(name)) {
        return `"${command}": ${name} is not a package of this workspace (${[...publishedNames].join(', ')})`;
      }
    }
    return undefined;
  }
  if (program === 'npx') {
    const [bin, ...rest] = args;
    const path = bin && binaries().get(bin);
    if (!path) return `"${command}": no package of this workspace (or Astro) has a "${bin}" binary`;
    const sub = rest.find((arg) => !arg.startsWith('-'));
    const overview = help(path);
    if (sub && !/^[a-z]/.test(sub)) return undefined;
    if (sub && !new RegExp(`^\\s+${sub}\\b`, 'm').test(overview)) return `"${command}": "${bin} --help" lists no command "${sub}"`;
    const flags = rest.filter((arg) => arg.startsWith('--'));
    // A command's own flags are in its own help, asked for only when needed (Astro's CLI is slow to start).
    const detail = flags.length > 0 && sub ? `${overview}\n${help(path, sub)}` : overview;
    for (const flag of flags) {
      const name = flag.split('=')[0]!;
      if (!detail.includes(name)) return `"${command}": "${bin}${sub ? ` ${sub}` : ''} --help" lists no flag ${name}`;
    }
    for (const spec of rest.filter((arg) => arg.startsWith('@'))) {
      if (!publishedNames.has(spec)) return `"${command}": ${spec} is not a package of this workspace`;
    }
    return undefined;
  }
  return `"${command}": this check knows pnpm, npm install and npx commands only; check "${program}" by hand or teach tests/docs/shell.ts`;
}

/** Problems of a shell block, as `doc:line: problem`. */
export function shellProblems(block: CodeBlock): string[] {
  const problems: string[] = [];
  block.code.split('\n').forEach((line, offset) => {
    for (const command of commandsOf(line)) {
      const problem = checkCommand(command);
      if (problem) problems.push(`${block.doc}:${block.line + offset}: ${problem}`);
    }
  });
  return problems;
}

/** The README's main and test commands, as CI and the quick start read them. */
export function readmeCommand(readme: string, name: 'main-command' | 'test-command'): string | undefined {
  const section = readme.match(new RegExp(`<!-- ${name} -->([\\s\\S]*?)<!-- /${name} -->`))?.[1];
  return section?.match(/^```sh\n([\s\S]*?)\n```$/m)?.[1];
}
