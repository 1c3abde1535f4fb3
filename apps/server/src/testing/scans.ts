import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

/**
 * Removes every queued recurring job but the `kinds` a test walks the clock for. A test that simulates weeks
 * hour by hour would otherwise run every area's scans (reviews, deposits and statistics every 15 minutes) at
 * each simulated hour, with nothing to do with what it checks: they tripled a month's walk. The jobs the
 * kept scans make (their sends) still run as they would. Call it after `jobs.ensureRecurring()`.
 */
export async function keepOnlyRecurring(db: Db, ...kinds: string[]) {
  await db.delete(jobs).where(and(eq(jobs.recurring, true), notInArray(jobs.kind, kinds)));
}
