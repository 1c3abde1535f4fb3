// `npm run bench:start`: cold start, from spawning the server to its first answer, as `npm start` runs it
// (bundled JavaScript, apps/server/dist: `npm run build:server` first) and as it ran before (TypeScript
// through tsx), on a new PGlite directory, on an existing one, on a new PostgreSQL database and on an
// existing one, with the demo seed, the CPU time the process spent until its first answer, and its resident memory then. Medians of BENCH_ROUNDS (3).
// A benchmark: it prints figures.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const ROOT = join(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_PORT ?? 3556);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PG_SERVER = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DATA = join(ROOT, '.tmp/bench-start');

const runners = {
  'tsx (as before)': ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')],
  'dist (npm start)': [join(ROOT, 'apps/server/dist/main.js')],
};

/** Resident memory of a process, in MB (Linux). */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** CPU time of a process so far, all its threads, user + system, in seconds (Linux, 100 ticks a second). */
const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

async function firstAnswer(args: string[], env: Record<string, string>): Promise<{ ms: number; rss: number; cpu: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(PORT), GUEST_PORT: String(PORT + 1), HOST: '127.0.0.1', ADMIN_PASSWORD: 'bench-start-pass', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode})`);
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/api/webapp/config/version`)).ok) {
          const ms = performance.now() - started;
          const cpu = cpuOf(child.pid!);
          // a moment later: what the first start leaves behind, not what it is still doing
          await new Promise((r) => setTimeout(r, 1000));
          return { ms, rss: rssOf(child.pid!), cpu };
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

async function database(drop: boolean) {
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS bench_start WITH (FORCE)');
  if (!drop) await admin.query('CREATE DATABASE bench_start');
  await admin.end();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  if (!existsSync(join(ROOT, 'apps/server/dist/main.js'))) throw new Error('build the server first: npm run build:server');
  console.log(`cold start, median of ${ROUNDS} (load average ${loadavg()[0].toFixed(2)})`);
  console.log('first answer (CPU seconds of the process until then, all threads), resident memory a second later');
  console.log(`${'runner'.padEnd(18)}${'new PGlite dir'.padStart(32)}${'PGlite again'.padStart(32)}${'new PG database'.padStart(32)}${'PG again'.padStart(32)}`);
  for (const [name, args] of Object.entries(runners)) {
    const times: { ms: number; rss: number; cpu: number }[][] = [[], [], [], []];
    for (let i = 0; i < ROUNDS; i++) {
      rmSync(DATA, { recursive: true, force: true });
      times[0].push(await firstAnswer(args, { DATA_DIR: DATA }));
      times[1].push(await firstAnswer(args, { DATA_DIR: DATA }));
      await database(false);
      const url = `${PG_SERVER}/bench_start`;
      times[2].push(await firstAnswer(args, { DATABASE_URL: url }));
      times[3].push(await firstAnswer(args, { DATABASE_URL: url }));
    }
    const cell = (xs: { ms: number; rss: number; cpu: number }[]) =>
      `${(median(xs.map((x) => x.ms)) / 1000).toFixed(2)} s (cpu ${median(xs.map((x) => x.cpu)).toFixed(1)}), ${median(xs.map((x) => x.rss)).toFixed(0)} MB`.padStart(32);
    console.log(`${name.padEnd(18)}${times.map(cell).join('')}`);
  }
  await database(true);
  rmSync(DATA, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
