import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { freshDatabase } from '../testing/harness';
import { Scheduler } from './scheduler';
import { JobSlots } from './slots';

// Multi-site mode: the sites of one process share its job slots, and a freed slot goes to the site waiting
// longest, not back to the site with the most jobs queued (docs/multisite.md 'Jobs'). Two databases, as two sites.
const sites: Awaited<ReturnType<typeof freshDatabase>>[] = [];
beforeAll(async () => {
  for (let i = 0; i < 2; i++) sites.push(await freshDatabase());
  for (const s of sites) await migrate(s.database);
});
afterAll(async () => {
  for (const s of sites) {
    await s.database.close();
    await s.drop();
  }
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('job slots shared by the sites of one process', () => {
  it("runs two jobs at once in all, and gives a freed slot to the site waiting before the busy site's next job", async () => {
    const slots = new JobSlots(2);
    const clock = () => Math.floor(Date.now() / 1000);
    const started: string[] = [];
    const gates = new Map<string, () => void>();
    const make = (i: number) => {
      const s = new Scheduler({ db: sites[i].database.db, now: clock, pollMs: 20, leaseSeconds: 60, concurrency: 2, slots, log: () => {} });
      s.registerHandler<{ name: string }>('test.slow', (job) => {
        started.push(job.payload.name);
        return new Promise<void>((done) => gates.set(job.payload.name, done));
      });
      return s;
    };
    const [busy, quiet] = [make(0), make(1)];
    // the busy site queues many: it takes both slots
    for (let n = 1; n <= 6; n++) await busy.enqueue('test.slow', { name: `a${n}` });
    await busy.start();
    await until(() => started.length === 2);
    // the quiet site's one job finds no slot, and waits in line
    await quiet.enqueue('test.slow', { name: 'b1' });
    await quiet.start();
    await new Promise((r) => setTimeout(r, 200));
    expect(started).toEqual(['a1', 'a2']);
    expect(slots.running).toBe(2);
    // a slot frees: the quiet site's job runs before the busy site's third
    gates.get('a1')!();
    await until(() => started.length === 3);
    expect(started[2]).toBe('b1');
    expect(slots.running).toBe(2);
    for (const name of ['a2', 'b1']) gates.get(name)!();
    await until(() => started.length === 5);
    expect(started.slice(3).every((n) => n.startsWith('a'))).toBe(true);
    expect(slots.running).toBe(2);
    // (the gates of the jobs still running are opened so that the schedulers stop at once)
    const stopping = Promise.all([busy.stop(), quiet.stop()]);
    for (;;) {
      for (const done of gates.values()) done();
      if (started.length === 6 || slots.running === 0) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    await stopping;
    for (const done of gates.values()) done();
  });
});
