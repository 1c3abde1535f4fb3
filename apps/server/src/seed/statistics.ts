import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { dayOf, daysOf, statsPeriod } from '@campsite/shared';
import type { Tx } from '../db/client';
import { animations, bookletCategories, bookletGroups, bookletPages, visitLogs } from '../db/schema';
import { rollUp } from '../modules/stats/rollup.run';
import { dayStart } from '../modules/stats/stats.service';
import type { SeedContext } from './context';

/** A small deterministic generator (mulberry32): the demo reads the same every time. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Page views a day by month (January first): a campsite's season, full in July and August. */
const PER_MONTH = [4, 4, 8, 30, 60, 120, 260, 280, 90, 45, 14, 6];

export interface VisitPlan {
  from: string;
  to: string;
  /** the last instant a visit may have (now: no visit in the future) */
  until: number;
  timeZone: string;
  /** times the month's daily views */
  scale: number;
  screens: { component: string; target: string | null; weight: number }[];
  seed?: number;
}

/**
 * A season of anonymous visits as the guest app records them: more at weekends and in summer, between
 * 08:00 and 23:00, a visitor (a hash of the day) viewing four or five screens, a third in the installed
 * app. Written a batch at a time; answers how many. The demo seed and bench/stats.ts use it.
 */
export async function insertSeasonVisits(db: Tx, plan: VisitPlan): Promise<number> {
  const rnd = random(plan.seed ?? 25);
  const weights = plan.screens.reduce((a, s) => a + s.weight, 0);
  const pick = () => {
    let r = rnd() * weights;
    for (const s of plan.screens) if ((r -= s.weight) < 0) return s;
    return plan.screens[0];
  };
  let batch: { time: number; visitor: string; installed: boolean; component: string; target: string | null }[] = [];
  let total = 0;
  // one parameter a batch (a JSON array), not six a row: the statement is built and parsed once
  const flush = async () => {
    if (batch.length)
      await db.execute(
        sql`INSERT INTO ${visitLogs} (time, visitor, installed, component, target)
          SELECT time, visitor, installed, component, target FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
          AS v(time bigint, visitor text, installed boolean, component text, target text)`,
      );
    total += batch.length;
    batch = [];
  };
  for (const day of daysOf(plan.from, plan.to)) {
    const start = dayStart(day, plan.timeZone);
    const weekend = [0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
    const views = Math.round(PER_MONTH[Number(day.slice(5, 7)) - 1] * plan.scale * (weekend ? 1.3 : 1) * (0.8 + rnd() * 0.4));
    const devices = Math.max(1, Math.round(views / 4.5));
    for (let i = 0; i < views; i++) {
      const time = start + 8 * 3600 + Math.floor(rnd() * 15 * 3600);
      if (time > plan.until) continue;
      const device = Math.floor(rnd() * devices);
      const s = pick();
      batch.push({
        time,
        visitor: createHash('sha256').update(`${day}:${device}`).digest('base64url').slice(0, 22),
        installed: device % 3 === 0,
        component: s.component,
        target: s.target,
      });
      if (batch.length >= 5_000) await flush();
    }
  }
  await flush();
  return total;
}

/** The screens the demo's guests view, with the demo's own rubrics, pages and activities, the first ones read most. */
export async function demoScreens(db: Tx) {
  // one after the other: `db` is the seed's transaction, one connection (pg deprecates overlapping queries on a client)
  const groups = await db.select({ id: bookletGroups.id }).from(bookletGroups);
  const pages = await db.select({ id: bookletPages.id }).from(bookletPages);
  const lists = await db.select({ id: bookletCategories.id, type: bookletCategories.type }).from(bookletCategories);
  const acts = await db.select({ id: animations.id }).from(animations);
  const ranked = (component: string, ids: string[], weight: number) => ids.map((target, i) => ({ component, target, weight: weight / (i + 1.5) }));
  return [
    { component: 'home', target: null, weight: 30 },
    { component: 'activities', target: null, weight: 10 },
    { component: 'account', target: null, weight: 3 },
    ...ranked('rubric', groups.map((g) => g.id), 15),
    ...ranked('page', pages.map((p) => p.id), 25),
    ...ranked('list', lists.filter((c) => c.type === 'list').map((c) => c.id), 6),
    ...ranked('activity', acts.map((a) => a.id), 12),
  ];
}

/** The demo campsite's statistics: this season's visits (and last season's, to compare with), rolled up. */
export async function seedStatistics(ctx: SeedContext): Promise<void> {
  const tz = ctx.deps.env.TIME_ZONE;
  const today = dayOf(ctx.now, tz);
  const season = statsPeriod('season', today);
  const screens = await demoScreens(ctx.tx);
  await insertSeasonVisits(ctx.tx, { from: season.compare_from, to: season.compare_to, until: ctx.now, timeZone: tz, scale: 0.4, screens, seed: 24 });
  await insertSeasonVisits(ctx.tx, { from: season.from, to: today, until: ctx.now, timeZone: tz, scale: 0.6, screens, seed: 25 });
  // the days that are over are rolled up now, as the rollup job would, so the first reads are quick
  const deps = { ...ctx.deps, db: ctx.tx, now: () => ctx.now };
  while (await rollUp(deps));
}
