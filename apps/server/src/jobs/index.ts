import { and, inArray, isNull, lt, or, eq } from 'drizzle-orm';
import { jobs } from '../db/schema';
import type { Deps } from '../http/deps';
import { defineRecurring, type JobArea } from './define';
import { dailyAt } from './recurring';
import { Scheduler } from './scheduler';
import type { JobSlots } from './slots';

export { Scheduler } from './scheduler';
export { JobSlots } from './slots';
export type { Handler, HandlerResult, Job, NextRun } from './scheduler';
export { dailyAt, every, parseHour } from './recurring';
export { declareJob, defineJob, defineRecurring, handleJob, type JobArea, type JobDef, type JobKind, type RecurringDef } from './define';

/** `slots`: multi-site mode, the job slots the process's sites share (slots.ts). */
export function createScheduler(deps: Pick<Deps, 'db' | 'env' | 'now'>, slots?: JobSlots): Scheduler {
  return new Scheduler({
    db: deps.db,
    now: deps.now,
    pollMs: deps.env.JOBS_POLL_MS,
    leaseSeconds: deps.env.JOBS_LEASE_SECONDS,
    concurrency: deps.env.JOBS_CONCURRENCY,
    slots,
  });
}

/**
 * Registers the scheduler's own housekeeping and every area's kinds. The areas are listed by the caller
 * (modules/jobs.ts, through app.ts), as routes are: the mechanism here never imports a module.
 */
export function registerJobs(deps: Deps, areas: readonly JobArea[]) {
  for (const def of [housekeeping, ...areas.flat()]) def.register(deps.jobs, deps);
}

/**
 * Finished jobs are kept 30 days (failed ones 90) for whoever looks into what ran; a job with a dedupe key
 * is kept for ever, since its key is what stops it from being queued twice.
 */
const housekeeping = defineRecurring({
  kind: 'jobs.cleanup',
  next: (deps) => dailyAt(4, 0, deps.env.TIME_ZONE),
  handler: async (deps) => {
    const now = deps.now();
    await deps.db
      .delete(jobs)
      .where(
        and(
          isNull(jobs.dedupeKey),
          or(
            and(inArray(jobs.status, ['done', 'cancelled']), lt(jobs.finishedTime, now - 30 * 86400)),
            and(eq(jobs.status, 'failed'), lt(jobs.finishedTime, now - 90 * 86400)),
          ),
        ),
      );
  },
});
