import { z } from 'zod';
import { epochToZoned } from '../domain/zoned';
import { STATISTICS as S } from '../messages/statistics';
import { call, staff } from './call';

// ---- days ('YYYY-MM-DD' in the establishment's time zone) and periods ----

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const utc = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A real calendar day written 'YYYY-MM-DD' (not 2026-02-30). */
export const isDay = (s: string) => DAY_RE.test(s) && fromUtc(utc(s)) === s;
/** The establishment's day of an instant. */
export function dayOf(epochSeconds: number, timeZone: string): string {
  const p = epochToZoned(epochSeconds, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}
export const addDays = (day: string, n: number) => fromUtc(utc(day) + n * 86_400_000);
/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export const dayCount = (from: string, to: string) => Math.max(0, Math.round((utc(to) - utc(from)) / 86_400_000) + 1);
export const daysOf = (from: string, to: string) => Array.from({ length: dayCount(from, to) }, (_, i) => addDays(from, i));
/** The Monday of a day's week (002 §2: weeks start on Monday). */
export const mondayOf = (day: string) => addDays(day, -((new Date(utc(day)).getUTCDay() + 6) % 7));

export type StatsPeriodKind = 'week' | 'month' | 'season';

/** A day of every year, 'MM-DD' (29 February is not one). */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const isMonthDay = (v: string) => {
  const m = /^(\d\d)-(\d\d)$/.exec(v);
  return !!m && Number(m[1]) >= 1 && Number(m[1]) <= 12 && Number(m[2]) >= 1 && Number(m[2]) <= MONTH_DAYS[Number(m[1]) - 1];
};
/** The establishment's season, opening and closing day ('MM-DD'); a winter season ends the next year. */
export const statsSeason = z
  .object({ start: z.string().refine(isMonthDay, S.badSeasonDay), end: z.string().refine(isMonthDay, S.badSeasonDay) })
  .refine((s) => s.start !== s.end, { path: ['end'], message: S.sameSeasonDays });
export type StatsSeason = z.infer<typeof statsSeason>;
/** A French campsite's usual season, until the establishment sets its own. */
export const DEFAULT_SEASON: StatsSeason = { start: '04-01', end: '10-31' };
export interface StatsPeriod {
  from: string;
  to: string;
  compare_from: string;
  compare_to: string;
}

/**
 * The periods the screen offers, around `today`: this week (Monday to Sunday) against the week before;
 * this month against the month before; the season (the establishment's, by default 1 April to 31 October:
 * the last one begun) against the same dates a year earlier, a season being compared with the season
 * before rather than with the months between.
 */
export function statsPeriod(kind: StatsPeriodKind, today: string, season: StatsSeason = DEFAULT_SEASON): StatsPeriod {
  if (kind === 'week') {
    const from = mondayOf(today);
    return { from, to: addDays(from, 6), compare_from: addDays(from, -7), compare_to: addDays(from, -1) };
  }
  const y = Number(today.slice(0, 4));
  if (kind === 'month') {
    const from = `${today.slice(0, 8)}01`;
    const to = addDays(fromUtc(Date.UTC(y, Number(today.slice(5, 7)), 1)), -1);
    const compareTo = addDays(from, -1);
    return { from, to, compare_from: `${compareTo.slice(0, 8)}01`, compare_to: compareTo };
  }
  const year = today.slice(5) >= season.start ? y : y - 1;
  // a winter season (December to April) closes the year after it opens
  const end = season.end > season.start ? year : year + 1;
  return { from: `${year}-${season.start}`, to: `${end}-${season.end}`, compare_from: `${year - 1}-${season.start}`, compare_to: `${end - 1}-${season.end}` };
}

/** A custom period is compared with as many days just before it. */
export const precedingPeriod = (from: string, to: string) => ({ compare_from: addDays(from, -dayCount(from, to)), compare_to: addDays(from, -1) });

export const MAX_PERIOD_DAYS = 400;

// ---- calls ----

const day = z.string().refine(isDay, S.badDay);

/** A period and, optionally, the one it is compared with (by default as many days just before). */
export const statsQuery = z
  .object({ from: day, to: day, compare_from: day.optional(), compare_to: day.optional() })
  .superRefine((q, ctx) => {
    for (const [a, b] of [['from', 'to'], ['compare_from', 'compare_to']] as const) {
      const start = q[a];
      const end = q[b];
      if (!start || !end || !isDay(start) || !isDay(end)) continue;
      if (end < start) ctx.addIssue({ code: 'custom', path: [b], message: S.toBeforeFrom });
      else if (dayCount(start, end) > MAX_PERIOD_DAYS) ctx.addIssue({ code: 'custom', path: [b], message: S.tooLong });
    }
    if (!q.compare_from !== !q.compare_to) ctx.addIssue({ code: 'custom', path: [q.compare_from ? 'compare_to' : 'compare_from'], message: S.badDay });
  });
export type StatsQuery = z.infer<typeof statsQuery>;

/** Screens viewed, visitors (one a day each), and those seen in the installed app. */
const audience = z.object({ visits: z.number(), visitors: z.number(), app_visits: z.number(), app_visitors: z.number() });
export type StatsAudience = z.infer<typeof audience>;

const topRow = z.object({
  /** the page, category, rubric or activity id the guest app viewed */
  _id: z.string(),
  component: z.string(),
  /** its French name (else its first), or null when it was deleted since */
  name: z.string().nullable(),
  visits: z.number(),
  visitors: z.number(),
});
export type StatsTopRow = z.infer<typeof topRow>;

const notificationFigures = z.object({ new_subscriptions: z.number(), sends: z.number(), delivered: z.number(), opened: z.number() });

export const statsOverview = z.object({
  from: z.string(),
  to: z.string(),
  compare_from: z.string(),
  compare_to: z.string(),
  /**
   * The compared period's last day counted in the figures: compare_to, or for a period still in progress
   * as many days as it has had so far (like for like); the day chart shows the whole compared period.
   */
  compare_counted_to: z.string(),
  current: audience,
  previous: audience,
  /** every day of the period; `previous_visits` is the compared period's day at the same rank (0 past its end) */
  days: z.array(z.object({ day: z.string(), visits: z.number(), visitors: z.number(), app_visits: z.number(), previous_visits: z.number() })),
  /** the weeks (Monday first) the period touches, the Monday naming each */
  weeks: z.array(z.object({ week: z.string(), visits: z.number(), visitors: z.number() })),
  screens: z.array(z.object({ component: z.string(), visits: z.number(), previous_visits: z.number() })),
  pages: z.array(topRow),
  rubrics: z.array(topRow),
  activities: z.array(topRow),
  notifications: notificationFigures.extend({
    /** now, not over the period: guest accounts and devices that can receive a notification */
    subscribers: z.number(),
    devices: z.number(),
    previous: notificationFigures,
  }),
  bookings: z.array(z.object({ _id: z.string(), name: z.string(), bookings: z.number(), webapp: z.number(), previous: z.number() })),
  /** reviews received per questionnaire and their average score (out of 5), against the period compared with */
  reviews: z.array(
    z.object({ _id: z.string(), name: z.string().nullable(), count: z.number(), score: z.number().nullable(), previous_count: z.number(), previous_score: z.number().nullable() }),
  ),
});
export type StatsOverview = z.infer<typeof statsOverview>;

const summaryMail = z.object({ subscribed: z.boolean() });

export const stats = {
  logsCount: call('GET', 'webapp/logs/count', {
    access: 'dashboard',
    anyPermission: ['homepage', 'stats'],
    answer: z.object({ installed: z.number(), nb_users: z.number(), count: z.number() }),
    summary: 'Counts installs, guest accounts and visits (home page and statistics)',
  }),
  countActives: call('GET', 'webapp/users/count-actives', {
    access: 'dashboard',
    anyPermission: ['homepage', 'stats', 'users'],
    answer: z.number(),
    summary: 'Counts the activated guest accounts',
  }),
  notificationsCount: call('GET', 'webapp/notifications/count', {
    access: 'dashboard',
    anyPermission: ['homepage', 'stats', 'notifications'],
    answer: z.number(),
    summary: 'Counts the devices that accept push notifications',
  }),
  overview: call('GET', 'dashboard/stats/overview', {
    ...staff('stats'),
    query: statsQuery,
    answer: statsOverview,
    summary: 'The statistics screen over a period compared with another: audience by day and week, screens, most read content, notifications, bookings per service',
  }),
  summaryMail: call('GET', 'dashboard/stats/summary-mail', {
    ...staff('stats'),
    answer: summaryMail,
    summary: 'Whether the signed-in staff member receives the weekly summary e-mail',
  }),
  season: call('GET', 'dashboard/stats/season', {
    ...staff('stats'),
    answer: statsSeason,
    summary: "The establishment's season (opening and closing day), which the statistics' 'La saison' covers",
  }),
  seasonUpdate: call('POST', 'dashboard/stats/season/update', {
    ...staff('stats'),
    body: statsSeason,
    answer: statsSeason,
    summary: "Sets the establishment's season, for every staff member",
  }),
  summaryMailUpdate: call('POST', 'dashboard/stats/summary-mail/update', {
    ...staff('stats'),
    body: summaryMail,
    answer: summaryMail,
    summary: 'Subscribes the signed-in staff member to the weekly summary e-mail (Monday morning), or not',
  }),
};

/** Download percentage of 000 §9: installed / users × 100, 0 without users. */
export function downloadPercent(installed: number, users: number): string {
  if (!users) return '0';
  return `${Math.round((installed / users) * 100)}%`;
}

/** The change from `previous` to `current` in whole percent, or null when there was nothing before. */
export function changePercent(current: number, previous: number): number | null {
  return previous ? Math.round(((current - previous) / previous) * 100) : null;
}
