import type { HandlerResult } from '../../jobs';
import { addDays, dayOf } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import * as repo from './stats.repository';
import { dayStart } from './stats.service';

/** A day is rolled up this long after it ended, so that a visit stamped at 23:59:59 has been written. */
const GRACE_SECONDS = 300;
/** Days rolled up per run: a long catch-up (a fresh migration on a full log) goes on in the next run. */
const DAYS_PER_RUN = 31;
/** The raw visit log is kept 25 months (the CNIL's bound for audience measurement); the daily rollup stays. */
export const KEEP_VISITS_SECONDS = 25 * 31 * 86_400;
const PURGE_BATCH = 5_000;

/**
 * The `stats.rollup` job: each day that is over, from the oldest not done, is added up once into
 * stats_days and stats_day_screens (its own transaction, written once, so a second run changes nothing);
 * then the salts of the days over are deleted and visits past 25 months purged, a batch at a time.
 */
export async function rollUp(deps: Deps, signal?: AbortSignal): Promise<HandlerResult> {
  const tz = deps.env.TIME_ZONE;
  const now = deps.now();
  const today = dayOf(now, tz);
  const last = await repo.lastRolledDay(deps.db);
  let next: string | null = last ? addDays(last, 1) : null;
  if (!next) {
    const first = await repo.firstVisitTime(deps.db);
    next = first === null ? null : dayOf(first, tz);
  }
  let done = 0;
  const over = (day: string) => day < today && dayStart(addDays(day, 1), tz) + GRACE_SECONDS <= now;
  while (next && over(next) && done < DAYS_PER_RUN && !signal?.aborted) {
    const day = next;
    const bounds = [dayStart(day, tz), dayStart(addDays(day, 1), tz)];
    const [figures] = await repo.liveDays(deps.db, bounds);
    const screens = await repo.liveScreens(deps.db, bounds);
    await deps.db.transaction((tx) => repo.insertRollup(tx, day, figures ?? { visits: 0, visitors: 0, app_visits: 0, app_visitors: 0 }, screens));
    next = addDays(day, 1);
    done++;
  }
  await repo.deleteSaltsBefore(deps.db, today);
  const purged = await repo.purgeVisits(deps.db, now - KEEP_VISITS_SECONDS, PURGE_BATCH);
  if ((next && over(next)) || purged === PURGE_BATCH) return { again: now };
}
