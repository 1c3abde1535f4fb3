import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zonedTimeToEpoch } from '@campsite/shared';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { jobs } from '../db/schema';
import { freshDatabase } from '../testing/harness';
import { dailyAt, every, parseHour } from './recurring';
import { Scheduler } from './scheduler';

let database: Database;
let drop: () => Promise<void>;
let url: string | undefined;
let clock = 1_750_000_000;
const now = () => clock;

beforeAll(async () => {
  ({ database, drop, url } = await freshDatabase());
  await migrate(database);
});
afterAll(async () => {
  await database.close();
  await drop();
});
beforeEach(async () => {
  await database.db.delete(jobs);
});

const scheduler = (opts: Partial<ConstructorParameters<typeof Scheduler>[0]> = {}) =>
  new Scheduler({ db: database.db, now, pollMs: 10, leaseSeconds: 60, log: () => {}, ...opts });
const jobRow = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe('scheduler', () => {
  it('runs a job whose time has passed once, and a future one only when its time comes', async () => {
    const s = scheduler();
    const ran: string[] = [];
    s.registerHandler<{ name: string }>('test.say', async (job) => void ran.push(job.payload.name));
    const past = await s.enqueue('test.say', { name: 'passé' }, { runAt: clock - 3600 });
    const future = await s.enqueue('test.say', { name: 'futur' }, { runAt: clock + 600 });
    expect(await s.runDue()).toBe(1);
    expect(await s.runDue()).toBe(0);
    expect(ran).toEqual(['passé']);
    expect((await jobRow(past!)).status).toBe('done');
    expect((await jobRow(future!)).status).toBe('queued');
    clock += 600;
    expect(await s.runDue()).toBe(1);
    expect(ran).toEqual(['passé', 'futur']);
  });

  it('retries a failing job with growing waits, keeps its last error, and marks it failed after its last try', async () => {
    const s = scheduler();
    let calls = 0;
    s.registerHandler('test.fail', async () => {
      calls++;
      throw new Error(`refusé ${calls}`);
    }, { maxAttempts: 3, backoff: (n) => 100 * n });
    const id = (await s.enqueue('test.fail', {}))!;
    await s.runDue();
    let row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'refusé 1', runAt: clock + 100 });
    clock += 99;
    expect(await s.runDue()).toBe(0);
    clock += 1;
    await s.runDue();
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 2, lastError: 'refusé 2', runAt: clock + 200 });
    clock += 200;
    await s.runDue();
    row = await jobRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'refusé 3', finishedTime: clock });
    clock += 100_000;
    expect(await s.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('queues a dedupe key once, ever', async () => {
    const s = scheduler();
    s.registerHandler('test.once', async () => {});
    expect(await s.enqueue('test.once', {}, { dedupeKey: 'séjour-1:7' })).toBeTruthy();
    await s.runDue();
    expect(await s.enqueue('test.once', {}, { dedupeKey: 'séjour-1:7' })).toBeNull();
    expect(await database.db.select().from(jobs)).toHaveLength(1);
  });

  it('takes again, after its lease, a job whose process stopped answering', async () => {
    const dead = scheduler({ leaseSeconds: 30 });
    let started = 0;
    dead.registerHandler('test.lease', () => {
      started++;
      return new Promise(() => {}); // hangs like a process that died mid-job
    });
    const id = (await dead.enqueue('test.lease', {}))!;
    void dead.runDue();
    await waitFor(async () => (await jobRow(id)).status === 'running');
    expect((await jobRow(id)).lockedBy).toBe(dead.worker);

    const alive = scheduler({ leaseSeconds: 30 });
    let ran = 0;
    alive.registerHandler('test.lease', async () => void ran++);
    clock += 29;
    expect(await alive.runDue()).toBe(0);
    clock += 1;
    expect(await alive.runDue()).toBe(1);
    expect(ran).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2, lockedBy: null });
    expect(started).toBe(1);
  });

  it('cancels a queued job by id or by payload', async () => {
    const s = scheduler();
    const ran: string[] = [];
    s.registerHandler<{ campaign: string }>('test.batch', async (job) => void ran.push(job.payload.campaign));
    const a = (await s.enqueue('test.batch', { campaign: 'a' }))!;
    await s.enqueue('test.batch', { campaign: 'b', part: 1 });
    await s.enqueue('test.batch', { campaign: 'b', part: 2 });
    await s.enqueue('test.batch', { campaign: 'c' });
    expect(await s.cancel({ id: a })).toBe(1);
    expect(await s.cancel({ kind: 'test.batch', payload: { campaign: 'b' } })).toBe(2);
    await s.runDue();
    expect(ran).toEqual(['c']);
    expect((await jobRow(a)).status).toBe('cancelled');
  });

  it('runs a handler again later when it asks to, without counting a failure', async () => {
    const s = scheduler();
    let calls = 0;
    s.registerHandler('test.again', async () => (++calls < 3 ? { again: clock + 10 } : undefined));
    const id = (await s.enqueue('test.again', {}))!;
    await s.runDue();
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0, runAt: clock + 10 });
    clock += 10;
    await s.runDue();
    clock += 10;
    await s.runDue();
    expect(calls).toBe(3);
    expect((await jobRow(id)).status).toBe('done');
  });

  it('keeps one occurrence of a recurring job, runs it at its hour, and queues the next', async () => {
    const tz = 'Europe/Paris';
    clock = zonedTimeToEpoch(2025, 3, 29, 12, 0, tz); // the day before the spring DST change
    const runs: number[] = [];
    const a = scheduler();
    const b = scheduler();
    for (const s of [a, b]) s.recurring('test.daily', dailyAt(10, 30, tz), async () => void runs.push(clock));
    await a.start();
    await b.start();
    await a.stop();
    await b.stop();
    let queued = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.daily'));
    expect(queued).toHaveLength(1);
    expect(queued[0].runAt).toBe(zonedTimeToEpoch(2025, 3, 30, 10, 30, tz));
    // the server was down on the 30th: at the next start, on the 31st at 08:00, the missed run happens once
    clock = zonedTimeToEpoch(2025, 3, 31, 8, 0, tz);
    expect(await b.runDue()).toBe(1);
    expect(runs).toEqual([clock]);
    queued = await database.db.select().from(jobs).where(eq(jobs.status, 'queued'));
    expect(queued.map((j) => j.runAt)).toEqual([zonedTimeToEpoch(2025, 3, 31, 10, 30, tz)]);
    expect(new Date(queued[0].runAt * 1000).toISOString()).toBe('2025-03-31T08:30:00.000Z'); // summer time: UTC+2
    expect(await a.runDue()).toBe(0);
  });

  it('computes daily hours across DST, aligned intervals and the PMS hour format', () => {
    const tz = 'Europe/Paris';
    const next = dailyAt(2, 30, tz);
    // 30 March 2025 has no 02:30 in Paris: the run moves to 03:30
    expect(new Date(next(zonedTimeToEpoch(2025, 3, 29, 23, 0, tz)) * 1000).toISOString()).toBe('2025-03-30T01:30:00.000Z');
    expect(every(3600)(7200)).toBe(10800);
    expect(every(3600)(7199)).toBe(7200);
    expect(parseHour('1030')).toEqual({ hour: 10, minute: 30 });
    expect(parseHour('05:00')).toEqual({ hour: 5, minute: 0 });
    expect(parseHour('2500')).toBeNull();
    expect(parseHour('')).toBeNull();
  });

  it('runs each of 100 jobs exactly once with two scheduler loops on one database', async () => {
    const second = url ? await openDatabase({ url }) : database;
    const counts = new Map<number, number>();
    const byLoop = [0, 0];
    const loops = [scheduler({ concurrency: 4 }), scheduler({ db: second.db, concurrency: 4 })];
    loops.forEach((s, i) =>
      s.registerHandler<{ n: number }>('test.count', async (job) => {
        counts.set(job.payload.n, (counts.get(job.payload.n) ?? 0) + 1);
        byLoop[i]++;
        await new Promise((r) => setTimeout(r, 2));
      }),
    );
    for (let n = 0; n < 100; n++) await loops[n % 2].enqueue('test.count', { n });
    await Promise.all(loops.map((s) => s.start()));
    await waitFor(async () => [...counts.values()].reduce((a, b) => a + b, 0) >= 100, 20_000);
    // let any duplicate claim show itself before counting
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all(loops.map((s) => s.stop()));
    if (second !== database) await second.close();
    expect(counts.size).toBe(100);
    expect([...counts.values()].every((c) => c === 1)).toBe(true);
    expect(byLoop[0] + byLoop[1]).toBe(100);
    expect(byLoop[0]).toBeGreaterThan(0);
    expect(byLoop[1]).toBeGreaterThan(0);
    const rows = await database.db.select().from(jobs);
    expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
