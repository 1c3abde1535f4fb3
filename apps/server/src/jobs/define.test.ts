import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { migrate } from '../db/migrate';
import { jobs } from '../db/schema';
import type { Deps } from '../http/deps';
import { freshDatabase } from '../testing/harness';
import { defineJob, defineRecurring } from './define';
import { every } from './recurring';
import { Scheduler } from './scheduler';

let database: Database;
let drop: () => Promise<void>;
let clock = 1_750_000_000;

beforeAll(async () => {
  ({ database, drop } = await freshDatabase());
  await migrate(database);
});
afterAll(async () => {
  await database.close();
  await drop();
});
beforeEach(async () => {
  await database.db.delete(jobs);
});

/** A scheduler and the part of Deps a definition uses (its handler gets the same object). */
const setup = () => {
  const scheduler = new Scheduler({ db: database.db, now: () => clock, pollMs: 10, log: () => {} });
  const deps = { jobs: scheduler, db: database.db, now: () => clock } as unknown as Deps;
  return { scheduler, deps };
};
const row = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe('defineJob', () => {
  it('queues a payload its schema accepts, with the declared attempts, and hands the handler the parsed payload', async () => {
    const { scheduler, deps } = setup();
    const seen: { campaign: string; from: number }[] = [];
    const job = defineJob({
      kind: 'test.typed',
      payload: z.object({ campaign: z.string(), from: z.number().int() }),
      attempts: 3,
      handler: async (_deps, j) => void seen.push(j.payload),
    });
    job.register(scheduler, deps);
    const id = (await job.enqueue(deps, { campaign: 'c1', from: 100 }))!;
    expect(await row(id)).toMatchObject({ kind: 'test.typed', maxAttempts: 3, payload: { campaign: 'c1', from: 100 } });
    await scheduler.runDue();
    expect(seen).toEqual([{ campaign: 'c1', from: 100 }]);
  });

  it('refuses a payload its schema does not accept at the call, and writes nothing', async () => {
    const { deps } = setup();
    const job = defineJob({ kind: 'test.refused', payload: z.object({ id: z.string() }), handler: async () => {} });
    await expect(job.enqueue(deps, { id: 42 } as never)).rejects.toThrow(/test.refused: payload refused \(id: /);
    expect(await database.db.select().from(jobs)).toHaveLength(0);
  });

  it('fails a try whose stored payload no longer fits (a row of an older version), with the reason as its error', async () => {
    const { scheduler, deps } = setup();
    let ran = 0;
    const job = defineJob({ kind: 'test.old', payload: z.object({ id: z.string() }), attempts: 1, handler: async () => void ran++ });
    job.register(scheduler, deps);
    const id = (await scheduler.enqueue('test.old', { user: 'x' }))!;
    await scheduler.runDue();
    expect(ran).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'failed', lastError: expect.stringContaining('payload refused') });
  });

  it('cancels the queued jobs of its kind by payload fields only', async () => {
    const { scheduler, deps } = setup();
    const job = defineJob({ kind: 'test.cancel', payload: z.object({ send: z.string(), part: z.number() }), handler: async () => {} });
    const other = defineJob({ kind: 'test.other', payload: z.object({ send: z.string() }), handler: async () => {} });
    for (const d of [job, other]) d.register(scheduler, deps);
    await job.enqueue(deps, { send: 'a', part: 1 });
    await job.enqueue(deps, { send: 'a', part: 2 });
    await job.enqueue(deps, { send: 'b', part: 1 });
    await other.enqueue(deps, { send: 'a' });
    expect(await job.cancel(deps, { send: 'a' })).toBe(2);
    const left = await database.db.select().from(jobs).where(eq(jobs.status, 'queued'));
    expect(left.map((j) => [j.kind, (j.payload as { send: string }).send]).sort()).toEqual([
      ['test.cancel', 'b'],
      ['test.other', 'a'],
    ]);
  });

  it('defineRecurring queues its next occurrence from its deps, and reschedule queues it again', async () => {
    const { scheduler, deps } = setup();
    let runs = 0;
    const hourly = defineRecurring({ kind: 'test.hourly', next: () => every(3600), handler: async () => void runs++ });
    hourly.register(scheduler, deps);
    await scheduler.ensureRecurring();
    const [first] = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.hourly'));
    expect(first.runAt).toBe(every(3600)(clock));
    await hourly.reschedule(deps);
    const queued = await database.db.select().from(jobs).where(eq(jobs.kind, 'test.hourly'));
    expect(queued).toHaveLength(1);
    clock = queued[0].runAt;
    expect(await scheduler.runDue()).toBe(1);
    expect(runs).toBe(1);
  });
});
