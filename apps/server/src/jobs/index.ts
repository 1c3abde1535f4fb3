import { and, inArray, isNull, lt, or, eq } from 'drizzle-orm';
import { jobs } from '../db/schema';
import type { Deps } from '../http/deps';
import { cronMailJobs } from '../modules/cron-mail/cron-mail.jobs';
import { prestayJobs } from '../modules/emails/prestay';
import { dailyAt } from './recurring';
import { Scheduler } from './scheduler';
import { importsJobs } from '../modules/imports/imports.jobs';
import { throttleJobs } from '../modules/users/throttle';
import { accountJobs } from '../modules/account/account.mails';
import { notificationsJobs } from '../modules/notifications/notifications.jobs';

export { Scheduler } from './scheduler';
export type { Handler, HandlerResult, Job, NextRun } from './scheduler';
export { dailyAt, every, parseHour } from './recurring';

/** Each area registers its job kinds here (one line each), as routes are listed in modules/index.ts. */
export const jobAreas: ((jobs: Scheduler, deps: Deps) => void)[] = [housekeeping, importsJobs, cronMailJobs, prestayJobs, throttleJobs, accountJobs, notificationsJobs];

export function createScheduler(deps: Pick<Deps, 'db' | 'env' | 'now'>): Scheduler {
  return new Scheduler({
    db: deps.db,
    now: deps.now,
    pollMs: deps.env.JOBS_POLL_MS,
    leaseSeconds: deps.env.JOBS_LEASE_SECONDS,
    concurrency: deps.env.JOBS_CONCURRENCY,
  });
}

export function registerJobs(deps: Deps) {
  for (const register of jobAreas) register(deps.jobs, deps);
}

/**
 * Finished jobs are kept 30 days (failed ones 90) for whoever looks into what ran; a job with a dedupe key
 * is kept for ever, since its key is what stops it from being queued twice.
 */
function housekeeping(scheduler: Scheduler, deps: Deps) {
  scheduler.recurring('jobs.cleanup', dailyAt(4, 0, deps.env.TIME_ZONE), async () => {
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
  });
}
