import { count, countDistinct, eq, isNotNull, sql } from 'drizzle-orm';
import { DEFAULT_SEASON, type StatsSeason } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { readRows } from '../../db/rows';
import { pushSubscriptions, statsDayScreens, statsDays, statsSalts, visitLogs, webappUsers } from '../../db/schema';
import { getEntry, setEntry } from '../../platform/settings/settings.repository';

/** One day's audience, as rolled up or as counted live. */
export interface DayFigures {
  visits: number;
  visitors: number;
  app_visits: number;
  app_visitors: number;
}
export interface ScreenFigures {
  component: string;
  target: string;
  visits: number;
  visitors: number;
}

/** The establishment's season, one config entry written whole (the last save wins, both days together). */
export const getSeason = (db: Tx) => getEntry<StatsSeason>(db, 'stats-season', DEFAULT_SEASON);
export const setSeason = (db: Tx, season: StatsSeason) => setEntry(db, 'stats-season', { start: season.start, end: season.end });

export async function countActiveUsers(db: Tx): Promise<number> {
  return (await db.select({ n: count() }).from(webappUsers).where(eq(webappUsers.activate, true)))[0].n;
}

/** Guest accounts that can receive a notification. */
export async function countNotifiable(db: Tx): Promise<number> {
  return (await db.select({ n: countDistinct(pushSubscriptions.userId) }).from(pushSubscriptions).where(isNotNull(pushSubscriptions.userId)))[0].n;
}

// ---- the visit log counted live, a bucket per day ----
// `bounds` are the days' first instants followed by the end of the last: width_bucket puts a visit of
// bounds[i] <= time < bounds[i+1] in bucket i + 1. Distinct visitors are counted per day, as rolled up.

const BUCKET = (bounds: number[]) => sql`width_bucket(${visitLogs.time}, ${sql.param(bounds)}::bigint[])`;
const SPAN = (bounds: number[]) => sql`${visitLogs.time} >= ${bounds[0]} AND ${visitLogs.time} < ${bounds[bounds.length - 1]}`;

export async function liveDays(db: Tx, bounds: number[]): Promise<(DayFigures & { bucket: number })[]> {
  return readRows(
    db,
    sql`SELECT ${BUCKET(bounds)}::int AS bucket, count(*)::int AS visits, count(DISTINCT ${visitLogs.visitor})::int AS visitors,
      (count(*) FILTER (WHERE ${visitLogs.installed}))::int AS app_visits,
      (count(DISTINCT ${visitLogs.visitor}) FILTER (WHERE ${visitLogs.installed}))::int AS app_visitors
      FROM ${visitLogs} WHERE ${SPAN(bounds)} GROUP BY 1`,
  );
}

export async function liveScreens(db: Tx, bounds: number[]): Promise<(ScreenFigures & { bucket: number })[]> {
  return readRows(
    db,
    sql`SELECT ${BUCKET(bounds)}::int AS bucket, ${visitLogs.component} AS component, coalesce(${visitLogs.target}, '') AS target,
      count(*)::int AS visits, count(DISTINCT ${visitLogs.visitor})::int AS visitors
      FROM ${visitLogs} WHERE ${SPAN(bounds)} GROUP BY 1, 2, 3`,
  );
}

// ---- the rollup ----

export async function rolledDays(db: Tx, from: string, to: string): Promise<(DayFigures & { day: string })[]> {
  return readRows(
    db,
    sql`SELECT day, visits, visitors, app_visits, app_visitors FROM ${statsDays} WHERE day >= ${from} AND day <= ${to}`,
  );
}

/** The rolled-up days' views of each screen and thing shown between two days, summed. */
export async function rolledScreens(db: Tx, from: string, to: string): Promise<ScreenFigures[]> {
  return readRows(
    db,
    sql`SELECT component, target, sum(visits)::int AS visits, sum(visitors)::int AS visitors
      FROM ${statsDayScreens} WHERE day >= ${from} AND day <= ${to} GROUP BY component, target`,
  );
}

/** Every rolled-up day added up (the home counters). */
export async function rolledTotal(db: Tx): Promise<DayFigures & { first: string | null; last: string | null }> {
  const [r] = await readRows<DayFigures & { first: string | null; last: string | null }>(
    db,
    sql`SELECT coalesce(sum(visits), 0)::int AS visits, coalesce(sum(visitors), 0)::int AS visitors,
      coalesce(sum(app_visits), 0)::int AS app_visits, coalesce(sum(app_visitors), 0)::int AS app_visitors,
      min(day) AS first, max(day) AS last FROM ${statsDays}`,
  );
  return r;
}

export async function lastRolledDay(db: Tx): Promise<string | null> {
  const [r] = await readRows<{ last: string | null }>(db, sql`SELECT max(day) AS last FROM ${statsDays}`);
  return r.last;
}

export async function firstVisitTime(db: Tx): Promise<number | null> {
  const [r] = await readRows<{ first: string | number | null }>(db, sql`SELECT min(${visitLogs.time}) AS first FROM ${visitLogs}`);
  return r.first === null ? null : Number(r.first);
}

/** Days' rollups, each written once (a day already written keeps its rows: a second run changes nothing). */
export async function insertRollup(tx: Tx, days: { day: string; figures: DayFigures; screens: ScreenFigures[] }[]) {
  if (!days.length) return;
  const inserted = await tx
    .insert(statsDays)
    .values(days.map(({ day, figures: f }) => ({ day, visits: f.visits, visitors: f.visitors, appVisits: f.app_visits, appVisitors: f.app_visitors })))
    .onConflictDoNothing()
    .returning({ day: statsDays.day });
  const fresh = new Set(inserted.map((r) => r.day));
  const screens = days.filter((d) => fresh.has(d.day)).flatMap(({ day, screens }) => screens.map((s) => ({ day, component: s.component, target: s.target, visits: s.visits, visitors: s.visitors })));
  for (let i = 0; i < screens.length; i += 2_000) await tx.insert(statsDayScreens).values(screens.slice(i, i + 2_000));
}

/** The salts of the days before `day`: once gone, no stored visitor hash can be linked to a device id. */
export async function deleteSaltsBefore(db: Tx, day: string) {
  await db.delete(statsSalts).where(sql`${statsSalts.day} < ${day}`);
}

/** Visits older than `time`, at most `limit` (the raw log is kept 25 months: docs/statistics.md). */
export async function purgeVisits(db: Tx, time: number, limit: number): Promise<number> {
  const rows = await readRows<{ id: number }>(
    db,
    sql`DELETE FROM ${visitLogs} WHERE id IN (SELECT id FROM ${visitLogs} WHERE ${visitLogs.time} < ${time} ORDER BY ${visitLogs.time} LIMIT ${limit}) RETURNING id`,
  );
  return rows.length;
}
