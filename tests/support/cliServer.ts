import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './servers.js';

/** A site generator's own server (`astro preview`, `vitepress dev`, …) started by a test. */
export interface CliServer {
  url: string;
  /** Everything the server printed (for failure messages). */
  output(): string;
  close(): Promise<void>;
}

/**
 * Runs the Node CLI `bin` with `args` in `cwd`, serving on a free port of 127.0.0.1 (`args` gets
 * the port), and resolves once it answers HTTP; rejects with what it printed if it exits first.
 */
export async function startCliServer(
  name: string,
  { bin, args, cwd, env = {} }: { bin: string; args: (port: number) => string[]; cwd: string; env?: Record<string, string> },
): Promise<CliServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [bin, ...args(port)], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', BROWSER: 'none', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${output}`))));
  const ready = (async () => {
    while (child.exitCode === null) {
      if ((await fetch(url).catch(() => undefined))?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  await Promise.race([ready, exited]);
  return {
    url,
    output: () => output,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
