import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CORE } from '@campsite/shared';
import { newId } from './lib/ids';
import { insertCategory } from './modules/booklet/categories.repository';
import { startMailServer } from './testing/mail-server';
import { kill9 } from './testing/processes';
import { afterThisTest, heldTransaction, instance, newDatabase, outageCluster, planned, server, until, withOutageCluster, type Instance } from './testing/outage';
import { bookletGroups, emailCampaigns, emailRecipients, jobs } from './db/schema';

/**
 * The database goes away and comes back (issue 29): a private PostgreSQL cluster that these tests start,
 * restart and kill, under two instances (each its own pool, listener, cache and scheduler, as two processes).
 */
withOutageCluster();

describe('the database goes away under two instances and a campaign', () => {
  it('a restart and then a crash of PostgreSQL, with transactions open on both instances, end neither; both serve again and the campaign ends', async () => {
    const uncaught: unknown[] = [];
    const record = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', record);
    afterThisTest(async () => void process.off('uncaughtException', record));

    const smtp = await startMailServer({ onMessage: () => new Promise((r) => setTimeout(r, 5)) });
    afterThisTest(() => smtp.close());
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
      if (fault === 'restart') await outageCluster().stop();
      else await outageCluster().kill();
      // meanwhile a read fails at once with the French 500, no hang
      const down = await b.get('webapp/categories/list');
      expect(down.statusCode).toBe(500);
      expect(JSON.parse(down.body).message).toBe(CORE.serverError);
      for (const h of held) h.release();
      // the transactions that were open fail (their connection is gone): their request or job fails, the process stays
      for (const h of held) await expect(h.done).rejects.toThrow();
      await new Promise((r) => setTimeout(r, 500));
      await outageCluster().start();
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
    await outageCluster().stop();
    // long enough for the listener's back-off to grow past a second
    await new Promise((r) => setTimeout(r, 3500));
    await outageCluster().start();
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


describe('a server started while PostgreSQL is down', () => {
  it('waits, saying so in French with DATABASE_URL, and comes up when the database does', async () => {
    const url = await newDatabase();
    await outageCluster().stop();
    try {
      const s = await server(url);
      const waiting = /^La base de données de DATABASE_URL \(127\.0\.0\.1:\d+\/outage_\w+\) ne répond pas \(.*ECONNREFUSED.*\) : nouvel essai dans/;
      await s.line(waiting);
      // it keeps waiting (and saying so) rather than ending
      await until('a second try', async () => s.output().split('\n').filter((l) => waiting.test(l)).length, (n) => n >= 3, 15_000);
      expect(s.child.exitCode).toBeNull();
      expect(s.output()).not.toMatch(/\n\s+at /);
      await outageCluster().start();
      await s.line(/Tableau de bord/);
      const res = await s.get('webapp/config/version');
      expect(res.status).toBe(200);
    } finally {
      await outageCluster().start().catch(() => {});
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
    // the log lines reach the test through the process's stdout, after the answers
    const logLines = () => s.output().split('\n').filter((l) => l.includes('uncaught error')).map((l) => JSON.parse(l) as { level: number; request: string; err: { message: string } });
    const logged = await until('the three errors logged', async () => logLines(), (lines) => lines.length >= 3);
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
    afterThisTest(() => smtp.close());
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
    afterThisTest(async () => {
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
