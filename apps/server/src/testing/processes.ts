import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: processes run from there, as `npm start` does. */
const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const started: ChildProcess[] = [];

/** Ends every process `run` started (for afterEach). */
export async function stopAll() {
  for (const child of started.splice(0)) await kill9(child);
}

/** kill -9 to the process and everything it started, then wait until the kernel has ended them all. */
export async function kill9(child: ChildProcess) {
  const group = -child.pid!;
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      return; // nobody left in the group
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A process (its own process group) whose output is collected; `line` waits for a line matching `start`, at
 * most 3 minutes: a cold `tsx` start of the whole server took 13 s on a quiet machine and over 60 s on a
 * loaded one (a CI run), and what is tested is the line, not how soon it comes.
 */
export function run(command: string, args: string[], env: Record<string, string | undefined> = {}) {
  // a variable given as undefined is removed from the process's environment
  const all = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== undefined));
  const child = spawn(command, args, { cwd: root, detached: true, env: all, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const line = async (start: RegExp) => {
    for (let i = 0; i < 1800; i++) {
      const found = out.split('\n').find((l) => start.test(l));
      if (found) return found;
      if (child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no line ${start} in: ${out}`);
  };
  return { child, line, exited, output: () => out };
}

/** Resolves once the process has ended (at once if it already has): its files and locks are released. */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve())));

/** Polls `check` every 50 ms; past `timeoutMs` it fails with what the processes printed (`log`). */
export async function waitUntil(check: () => boolean, timeoutMs: number, log: string[]) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out\n${log.join('')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
