import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CORE } from '@campsite/shared';
import { buildApp, makeDeps } from './app';
import type { Deps } from './http/deps';
import { newId } from './lib/ids';
import { insertCategory } from './modules/categories/categories.repository';
import { planCampaign } from './modules/cron-mail/cron-mail.service';
import { readEnv } from './env';
import { startMailServer, type MailServer } from './testing/mail-server';
import { kill9, run, stopAll } from './testing/processes';
import { startPostgresCluster, type PostgresCluster } from './testing/postgres-cluster';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { bookletGroups, emailCampaigns, emailRecipients, jobs } from './db/schema';

/**
 * The database goes away and comes back (issue 29): a private PostgreSQL cluster that these tests start,
 * restart and kill, under two instances (each its own pool, listener, cache and scheduler, as two processes).
 */

let cluster: PostgresCluster;
let template: string;
const closing: (() => Promise<unknown>)[] = [];

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

/** A new database of the cluster, migrated (copied from the template). */
async function newDatabase() {
  const name = `outage_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ url: cluster.url() });
  await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.close();
  return cluster.url(name);
}

interface Instance {
  app: FastifyInstance;
  deps: Deps;
  database: Database;
  get(path: string): Promise<{ statusCode: number; body: string }>;
}

/** One server instance on `url`: its own pool, listener, cache and scheduler (jobs started when asked). */
async function instance(url: string, opts: { now?: () => number; mailer?: MailServer; env?: Record<string, string> } = {}): Promise<Instance> {
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
async function until<T>(what: string, read: () => Promise<T>, check: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
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

const addresses = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({ email: `${tag}${i}@example.org`, firstname: `G${i}`, lastname: '', clientNumber: null, code: null, lang: 'fr', userId: null }));

async function planned(deps: Deps, n: number, tag: string) {
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
function heldTransaction(deps: Deps) {
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

describe('the database goes away under two instances and a campaign', () => {
  it('a restart and then a crash of PostgreSQL, with transactions open on both instances, end neither; both serve again and the campaign ends', async () => {
    const uncaught: unknown[] = [];
    const record = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', record);
    closing.push(async () => void process.off('uncaughtException', record));

    const smtp = await startMailServer({ onMessage: () => new Promise((r) => setTimeout(r, 5)) });
    closing.push(() => smtp.close());
    const url = await newDatabase();
    const env = { JOBS_LEASE_SECONDS: '3' };
    const a = await instance(url, { mailer: smtp, env });
    const b = await instance(url, { mailer: smtp, env });
    const total = 300;
    const campaign = await planned(a.deps, total, 'outage');
    await a.deps.jobs.start();
    await b.deps.jobs.start();

    for (const fault of ['restart', 'crash'] as const) {
      const held = [heldTransaction(a.deps), heldTransaction(b.deps)];
      await Promise.all(held.map((h) => h.open));
      const before = smtp.mails.length;
      await until('mails sent', async () => smtp.mails.length, (n) => n >= before + 20);
      if (fault === 'restart') await cluster.stop();
      else await cluster.kill();
      // meanwhile a read fails at once with the French 500, no hang
      const down = await b.get('webapp/categories/list');
      expect(down.statusCode).toBe(500);
      expect(JSON.parse(down.body).message).toBe(CORE.serverError);
      for (const h of held) h.release();
      // the transactions that were open fail (their connection is gone): their request or job fails, the process stays
      for (const h of held) await expect(h.done).rejects.toThrow();
      await new Promise((r) => setTimeout(r, 500));
      await cluster.start();
      for (const i of [a, b]) await until('a read after the database came back', () => i.get('webapp/categories/list'), (r) => r.statusCode === 200, 10_000);
    }
    expect(uncaught).toEqual([]);

    // the campaign ends: every address received (some possibly twice: a mail sent when its record failed)
    const [row] = await until(
      'the campaign sent',
      () => a.deps.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaign)),
      (rows) => rows[0]?.status === 'sent',
      100_000,
    );
    expect(new Set(smtp.mails.flatMap((m) => m.to)).size).toBe(total);
    const recipients = await a.deps.db.select().from(emailRecipients).where(eq(emailRecipients.campaignId, campaign));
    expect(recipients.filter((r) => r.status === 'sent')).toHaveLength(total);
    expect(row).toMatchObject({ sentCount: total, failedCount: 0 });
    // a batch that failed while the database was away is tried again 30 s later: the whole walk takes a minute or more
  }, 180_000);
});

describe('the answer cache through a reconnect', () => {
  it('an instance whose listening connection is not back yet serves what another instance changed meanwhile', async () => {
    const url = await newDatabase();
    const a = await instance(url);
    const b = await instance(url);
    const list = async (i: Instance) => {
      const res = await i.get('webapp/categories/list');
      expect(res.statusCode).toBe(200);
      return (JSON.parse(res.body) as unknown[]).length;
    };
    expect(await list(b)).toBe(0);
    await cluster.stop();
    // long enough for the listener's back-off to grow past a second
    await new Promise((r) => setTimeout(r, 3500));
    await cluster.start();
    // B reads as soon as the database answers (its listener still waits for its next try), then A writes
    await until('B reads again', () => b.get('webapp/categories/list'), (r) => r.statusCode === 200, 10_000);
    expect(await list(b)).toBe(0);
    const groupId = newId();
    await a.deps.db.transaction(async (tx) => {
      await tx.insert(bookletGroups).values({ id: groupId, icon: '', translations: [], createdTime: 0, editedTime: 0 });
      await insertCategory(tx, { id: newId(), groupId, type: 'page', icon: '', sortOrder: 0, translations: [], createdTime: 0, editedTime: 0 });
    });
    expect(await list(b)).toBe(1);
  }, 60_000);
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** The server as `npm start` runs it (main.ts), on PostgreSQL at `url`; `preload`: a module loaded first. */
async function server(url: string, preload: string[] = [], env: Record<string, string> = {}) {
  const port = await freePort();
  const guestPort = await freePort();
  const proc = run(process.execPath, ['--import', 'tsx', ...preload.flatMap((p) => ['--import', p]), 'apps/server/src/main.ts'], {
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

describe('a server started while PostgreSQL is down', () => {
  it('waits, saying so in French with DATABASE_URL, and comes up when the database does', async () => {
    const url = await newDatabase();
    await cluster.stop();
    try {
      const s = await server(url);
      const waiting = /^La base de données de DATABASE_URL \(127\.0\.0\.1:\d+\/outage_\w+\) ne répond pas \(.*ECONNREFUSED.*\) : nouvel essai dans/;
      await s.line(waiting);
      // it keeps waiting (and saying so) rather than ending
      await until('a second try', async () => s.output().split('\n').filter((l) => waiting.test(l)).length, (n) => n >= 3, 15_000);
      expect(s.child.exitCode).toBeNull();
      expect(s.output()).not.toMatch(/\n\s+at /);
      await cluster.start();
      await s.line(/Tableau de bord/);
      const res = await s.get('webapp/config/version');
      expect(res.status).toBe(200);
    } finally {
      await cluster.start().catch(() => {});
    }
  }, 60_000);
});

describe('the last resort', () => {
  it("an error that no try reaches answers that request's French 500 and the server keeps serving", async () => {
    const s = await server(await newDatabase(), ['./apps/server/src/testing/throwing-routes.ts']);
    await s.line(/Tableau de bord/);
    for (const path of ['test/throw-later', 'test/reject-later', 'test/throw-later']) {
      const res = await s.get(path);
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ message: CORE.serverError });
    }
    expect((await s.get('webapp/config/version')).status).toBe(200);
    expect(s.child.exitCode).toBeNull();
    const logged = s.output().split('\n').filter((l) => l.includes('uncaught error')).map((l) => JSON.parse(l) as { level: number; request: string; err: { message: string } });
    expect(logged.map((l) => [l.request, l.err.message])).toEqual([
      ['GET /api/test/throw-later', 'thrown by a callback that no try reaches'],
      ['GET /api/test/reject-later', 'a promise nobody awaits'],
      ['GET /api/test/throw-later', 'thrown by a callback that no try reaches'],
    ]);
  }, 60_000);
});

describe('two instances whose clocks differ', () => {
  it('one ahead by two hours neither takes the batches the other is sending (each address mailed once) nor puts off an hourly job', async () => {
    // after its 30th mail the SMTP server holds every answer until the second instance is up: the
    // batches of the first are then in flight, their leases renewed, when the second looks for work
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const smtp = await startMailServer({ onMessage: () => (smtp.mails.length >= 30 ? held : undefined) });
    closing.push(() => smtp.close());
    const url = await newDatabase();
    const planner = await instance(url);
    const total = 300;
    const env = { JOBS: 'on', SMTP_URL: smtp.url, JOBS_LEASE_SECONDS: '3', JOBS_POLL_MS: '100' };
    // the instance on time takes every batch (five at once) and is sending them
    const right = await server(url, [], { ...env, JOBS_CONCURRENCY: '5' });
    await right.line(/Tableau de bord/);
    const campaign = await planned(planner.deps, total, 'skew');
    await until('mails sent', async () => smtp.mails.length, (n) => n >= 30);
    // the recurring kinds' next runs are queued again by the next instance that starts
    await planner.deps.db.execute(sql`DELETE FROM jobs WHERE recurring AND status = 'queued'`);
    const ahead = await server(url, ['./apps/server/src/testing/skewed-clock.ts'], { ...env, CLOCK_SKEW_SECONDS: String(2 * 3600) });
    await ahead.line(/Tableau de bord/);
    await new Promise((r) => setTimeout(r, 1500));
    release();
    const [row] = await until(
      'the campaign sent',
      () => planner.deps.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaign)),
      (rows) => rows[0]?.status === 'sent',
      30_000,
    );
    // time for a second copy to arrive, if any was to come
    await new Promise((r) => setTimeout(r, 1000));
    const to = smtp.mails.flatMap((m) => m.to);
    expect(new Set(to).size).toBe(total);
    expect(to.length - total).toBe(0);
    expect(row).toMatchObject({ sentCount: total, failedCount: 0 });
    // the hourly pre-stay scan, queued by the instance ahead, waits at most an hour of the database's clock
    const { rows } = (await planner.deps.db.execute(
      sql`SELECT run_at, extract(epoch FROM now())::bigint AS now FROM jobs WHERE kind = 'emails.prestay' AND status = 'queued'`,
    )) as unknown as { rows: { run_at: number; now: number }[] };
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].run_at) - Number(rows[0].now)).toBeLessThanOrEqual(3600);
  }, 60_000);
});

describe('an instance that dies while sending a batch', () => {
  it('leaves its batch to the other instance within the default lease (30 s, renewed while it runs), not 120 s', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // the SMTP server holds its answers from the 20th mail on: the first instance is then mid-batch
    const smtp = await startMailServer({ onMessage: () => (smtp.mails.length >= 20 ? held : undefined) });
    closing.push(async () => {
      release();
      await smtp.close();
    });
    const url = await newDatabase();
    const planner = await instance(url);
    const total = 100;
    const env = { JOBS: 'on', SMTP_URL: smtp.url, JOBS_POLL_MS: '200' };
    const both = [await server(url, [], env), await server(url, [], env)];
    await Promise.all(both.map((s) => s.line(/Tableau de bord/)));
    const campaign = await planned(planner.deps, total, 'dead');
    await until('one instance sending', async () => smtp.mails.length, (n) => n >= 20);
    // the instance that holds the batch (a worker is named host:pid:…) dies
    const [job] = await planner.deps.db.select().from(jobs).where(and(eq(jobs.kind, 'emails.batch'), eq(jobs.status, 'running')));
    const sending = both.find((s) => job?.lockedBy?.split(':')[1] === String(s.child.pid));
    expect(sending).toBeDefined();
    await kill9(sending!.child);
    release();
    const [row] = await until(
      'the campaign sent by the other instance',
      () => planner.deps.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaign)),
      (rows) => rows[0]?.status === 'sent',
      50_000,
    );
    expect(row).toMatchObject({ sentCount: total, failedCount: 0 });
    expect(new Set(smtp.mails.flatMap((m) => m.to)).size).toBe(total);
  }, 90_000);
});
