import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { freePort } from './ports';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A private PostgreSQL server for a test that stops, restarts and kills it (the database goes away under
 * the server: tests/outage). Made as `.ci/run` makes one: initdb and pg_ctl of the newest PostgreSQL
 * installed in /usr/lib/postgresql, run as the user postgres when the test runs as root (CI does).
 */
export interface PostgresCluster {
  port: number;
  /** the address of a database of this cluster */
  url(database?: string): string;
  /** creates an empty database; answers its address */
  createDatabase(name: string): Promise<string>;
  start(): Promise<void>;
  /** a clean stop: connections are ended by the server ('fast'), as a restart does */
  stop(): Promise<void>;
  /** a crash: the postmaster and every backend get SIGKILL; the next start recovers from the WAL */
  kill(): Promise<void>;
  /** stops (if running) and removes the cluster's files */
  destroy(): Promise<void>;
}

function binDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin/initdb'))) : [];
  versions.sort((a, b) => Number(a) - Number(b));
  if (!versions.length) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb): apt-get install postgresql');
  return join(base, versions.at(-1)!, 'bin');
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program as the user postgres (root may not run the server). */
function pgRun(bin: string, args: string[]) {
  const [cmd, all] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const r = spawnSync(cmd, all, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed: ${r.stdout}${r.stderr}`);
}

/** `settings`: more of the server's settings, `name=value` (bench:sites raises max_connections). */
export async function startPostgresCluster(settings: string[] = []): Promise<PostgresCluster> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'campsite-pg-'));
  chmodSync(dir, 0o700);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  pgRun(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const port = await freePort();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  // fsync off: the crash is the server's processes dying, not the machine; a test need not wait for the disk
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off${settings.map((x) => ` -c ${x}`).join('')}`;
  let running = false;
  const cluster: PostgresCluster = {
    port,
    url,
    async createDatabase(name) {
      const c = new pg.Client({ connectionString: url() });
      await c.connect();
      try {
        await c.query(`CREATE DATABASE ${name}`);
      } finally {
        await c.end();
      }
      return url(name);
    },
    async start() {
      pgRun(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-w', '-t', '60', '-l', join(dir, 'log'), 'start']);
      running = true;
    },
    async stop() {
      pgRun(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async kill() {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const children = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
        .stdout.split('\n').map((l) => Number(l.trim())).filter(Boolean);
      for (const p of [pid, ...children]) {
        try {
          process.kill(p, 'SIGKILL');
        } catch {
          // gone already
        }
      }
      // the next start needs every old process gone (their shared memory)
      for (let i = 0; i < 200 && [pid, ...children].some(alive); i++) await new Promise((r) => setTimeout(r, 25));
      running = false;
    },
    async destroy() {
      if (running) {
        try {
          pgRun(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
        } catch {
          // already stopped
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
