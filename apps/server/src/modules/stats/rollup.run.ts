import type { HandlerResult } from '../../jobs';
import { addDays, dayOf } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import * as repo from './stats.repository';
import { dayStart } from './stats.service';

/** A day is rolled up this long after it ended, so that a visit stamped at 23:59:59 has been written. */
const GRACE_SECONDS = 300;
/**
 * Days added up by one pair of statements: one at first, twice as many after a quick step (quiet days,
 * the demo's empty winter go by weeks), back to one after a slow one (a busy summer day on PGlite, which
 * runs in our thread and answers no request meanwhile).
 */
const MAX_STEP = 32;
const QUICK_MS = 30;
const SLOW_MS = 100;
/** Days per run: a long catch-up (a fresh migration on a full log) goes on in the next run. */
const DAYS_PER_RUN = 35;
/** The raw visit log is kept 25 months (the CNIL's bound for audience measurement); the daily rollup stays. */
export const KEEP_VISITS_SECONDS = 25 * 31 * 86_400;
const PURGE_BATCH = 5_000;

/**
 * The `stats.rollup` job: the days that are over, from the oldest not done, are added up once into
 * stats_days and stats_day_screens, a week per transaction (written once, so a second run changes nothing);
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
  let step = 1;
  const over = (day: string) => day < today && dayStart(addDays(day, 1), tz) + GRACE_SECONDS <= now;
  while (next && over(next) && done < DAYS_PER_RUN && !signal?.aborted) {
    const started = performance.now();
    const span: string[] = [];
    for (let d = next; over(d) && span.length < Math.min(step, DAYS_PER_RUN - done); d = addDays(d, 1)) span.push(d);
    const bounds = [...span.map((d) => dayStart(d, tz)), dayStart(addDays(span[span.length - 1], 1), tz)];
    const figures = await repo.liveDays(deps.db, bounds);
    const screens = await repo.liveScreens(deps.db, bounds);
    const rows = span.map((day, i) => ({
      day,
      figures: figures.find((f) => f.bucket === i + 1) ?? { visits: 0, visitors: 0, app_visits: 0, app_visitors: 0 },
      screens: screens.filter((s) => s.bucket === i + 1),
    }));
    await deps.db.transaction((tx) => repo.insertRollup(tx, rows));
    next = addDays(span[span.length - 1], 1);
    done += span.length;
    const took = performance.now() - started;
    step = took > SLOW_MS ? 1 : took < QUICK_MS ? Math.min(step * 2, MAX_STEP) : step;
    // let the requests waiting meanwhile be answered before the next step
    await new Promise((resolve) => setImmediate(resolve));
  }
  await repo.deleteSaltsBefore(deps.db, today);
  const purged = await repo.purgeVisits(deps.db, now - KEEP_VISITS_SECONDS, PURGE_BATCH);
  if ((next && over(next)) || purged === PURGE_BATCH) return { again: now };
}
