/**
 * The database goes away and comes back (issue 29, src/outage.test.ts): a private PostgreSQL cluster that
 * the tests start, restart and kill, and server instances on it (each its own pool, listener, cache and
 * scheduler, as two processes), or the server as `npm start` runs it.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildApp, makeDeps } from '../app';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { readEnv } from '../env';
import type { Deps } from '../http/deps';
import { planCampaign } from '../modules/cron-mail/cron-mail.service';
import type { MailServer } from './mail-server';
import { run, stopAll } from './processes';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster';
import { freePort } from './ports';
import { serverMain } from './server-main';

let cluster: PostgresCluster;
let template: string;
const closing: (() => Promise<unknown>)[] = [];

/** The private cluster of the file that called `withOutageCluster()` (started in its beforeAll). */
export const outageCluster = () => cluster;
/** Closes `close` after the running test (servers, SMTP servers, listeners it started). */
export const afterThisTest = (close: () => Promise<unknown>) => void closing.push(close);

/**
 * Starts a private PostgreSQL cluster with a migrated template for the calling test file, stops the
 * instances and server processes it made after each test, and destroys the cluster after all.
 */
export function withOutageCluster() {
beforeAll(async () => {
  cluster = await startPostgresCluster();
  template = `outage_template`;
  const url = await cluster.createDatabase(template);
  const database = await openDatabase({ url });
  await migrate(database);
  await database.close();
}, 120_000);

afterEach(async () => {
  // the server processes first: an SMTP server closes once its clients have gone
  await stopAll();
  // each close is bounded: a pool whose connection a killed server left half open may wait on it, and the
  // behaviour under test is the serving, not the teardown (a close still running is said on stderr)
  for (const close of closing.splice(0).reverse()) {
    const bounded = new Promise<string>((r) => setTimeout(() => r('still closing after 10 s'), 10_000).unref());
    const outcome = await Promise.race([close().then(() => 'closed', () => 'closed'), bounded]);
    if (outcome !== 'closed') console.error(`outage test teardown: ${outcome}`);
  }
}, 120_000);

afterAll(async () => {
  await cluster?.destroy();
});
}

/** A new database of the cluster, migrated (copied from the template). */
export async function newDatabase() {
  const name = `outage_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ url: cluster.url() });
  await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.close();
  return cluster.url(name);
}

export interface Instance {
  app: FastifyInstance;
  deps: Deps;
  database: Database;
  get(path: string): Promise<{ statusCode: number; body: string }>;
}

/** One server instance on `url`: its own pool, listener, cache and scheduler (jobs started when asked). */
export async function instance(url: string, opts: { now?: () => number; mailer?: MailServer; env?: Record<string, string> } = {}): Promise<Instance> {
  const database = await openDatabase({ url });
  const env = readEnv({ SEED: 'none', LOG_LEVEL: 'error', DATA_DIR: '.tmp/test-data', JOBS_POLL_MS: '100', ...opts.env });
  const deps = makeDeps({ database, env, mailer: opts.mailer?.mailer ?? { send: async () => {} }, now: opts.now });
  const app = await buildApp({ database, env, serves: 'none' }, deps);
  await app.ready();
  closing.push(async () => {
    await deps.jobs.stop(2000);
    await app.close();
    await database.close();
  });
  return { app, deps, database, get: (path) => app.inject({ method: 'GET', url: `/api/${path}` }) };
}

/** Waits until `check` holds (polling), or fails with what it last saw. */
export async function until<T>(what: string, read: () => Promise<T>, check: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    try {
      last = await read();
      if (check(last)) return last;
    } catch (err) {
      last = err as T;
    }
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const addresses = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({ email: `${tag}${i}@example.org`, firstname: `G${i}`, lastname: '', clientNumber: null, code: null, lang: 'fr', userId: null }));

export async function planned(deps: Deps, n: number, tag: string) {
  return deps.db.transaction((tx) =>
    planCampaign(
      deps,
      tx,
      { kind: 'campaign', translations: [{ lang: 'fr', title: 'Bonjour #prenom', content: '<p>Bonjour #prenom</p>' }], sendTime: deps.now(), userId: null, template: null },
      addresses(n, tag),
    ),
  );
}

/** A transaction that has run a query and now waits, its connection checked out of the pool, until `release`. */
export function heldTransaction(deps: Deps) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let opened!: () => void;
  const open = new Promise<void>((r) => (opened = r));
  const done = deps.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1`);
    opened();
    await gate;
    await tx.execute(sql`SELECT 1`);
  });
  done.catch(() => {});
  return { open, release, done };
}

export { freePort };

/** The server as `npm start` runs it (main.ts), on PostgreSQL at `url`; `preload`: a module loaded first. */
export async function server(url: string, preload: string[] = [], env: Record<string, string> = {}) {
  const port = await freePort();
  const guestPort = await freePort();
  const proc = run(process.execPath, [...(preload.length ? ['--import', 'tsx'] : []), ...preload.flatMap((p) => ['--import', p]), serverMain()], {
    DATABASE_URL: url,
    PORT: String(port),
    GUEST_PORT: String(guestPort),
    HOST: '127.0.0.1',
    SEED: 'none',
    ADMIN_PASSWORD: 'outage-test-pass',
    LOG_LEVEL: 'error',
    JOBS: 'off',
    NODE_ENV: 'production',
    ...env,
  });
  return { ...proc, get: (path: string) => fetch(`http://127.0.0.1:${port}/api/${path}`) };
}
