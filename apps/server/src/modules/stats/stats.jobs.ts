import { z } from 'zod';
import { addDays, dayOf, mondayOf } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { dailyAt, declareJob, defineRecurring, every, type JobArea } from '../../jobs';
import * as engagement from './stats-engagement.repository';
import { rollUp } from './rollup.run';

/**
 * Every 15 minutes: the days that are over are rolled up, the day salts dropped, old visits purged
 * (rollup.run.ts). Often, so that a fresh install on a full visit log is caught up soon after it starts;
 * a run with nothing to do is three short statements.
 */
export const statsRollupJob = defineRecurring({ kind: 'stats.rollup', next: () => every(900), handler: (deps, job) => rollUp(deps, job.signal) });

/** One recipient's summary of the week starting `week` (a Monday), queued once per week and recipient (stats.mail.ts). */
export const statsSummaryJob = declareJob({ kind: 'stats.summary', payload: z.object({ user: z.string(), week: z.string() }), attempts: 5 });

/** Monday 07:00 in the establishment's zone: the week just over, one mail job per recipient. */
export const statsWeeklyJob = defineRecurring({
  kind: 'stats.weekly',
  next: (deps) => mondayMorning(deps.env.TIME_ZONE),
  async handler(deps) {
    await queueWeeklySummaries(deps);
  },
});

/** The next Monday 07:00 of the establishment's wall clock strictly after an instant. */
export function mondayMorning(timeZone: string) {
  const daily = dailyAt(7, 0, timeZone);
  return (after: number) => {
    let t = daily(after);
    while (mondayOf(dayOf(t, timeZone)) !== dayOf(t, timeZone)) t = daily(t);
    return t;
  };
}

/** Queues the summary of last week (Monday to Sunday) for each recipient; a second call queues nothing more. */
export async function queueWeeklySummaries(deps: Deps) {
  const week = addDays(mondayOf(dayOf(deps.now(), deps.env.TIME_ZONE)), -7);
  for (const r of await engagement.summaryRecipients(deps.db)) {
    await statsSummaryJob.enqueue(deps, { user: r.id, week }, { dedupeKey: `stats.summary:${week}:${r.id}` });
  }
  deps.jobs.poke();
}

export const statsJobs: JobArea = [statsRollupJob, statsWeeklyJob];
