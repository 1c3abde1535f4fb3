import type { StatsAudience, StatsOverview, StatsQuery, StatsTopRow } from '@campsite/shared';
import { addDays, dayCount, dayOf, daysOf, mondayOf, precedingPeriod, zonedTimeToEpoch } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import * as engagement from './stats-engagement.repository';
import * as repo from './stats.repository';
import type { DayFigures, ScreenFigures } from './stats.repository';

const ZERO: DayFigures = { visits: 0, visitors: 0, app_visits: 0, app_visitors: 0 };
/** Entries of the most-read lists. */
const TOP = 10;

/** The first instant of an establishment's day. */
export const dayStart = (day: string, timeZone: string) =>
  zonedTimeToEpoch(Number(day.slice(0, 4)), Number(day.slice(5, 7)), Number(day.slice(8, 10)), 0, 0, timeZone);

const keyOf = (s: { component: string; target: string }) => `${s.component}\u0000${s.target}`;

function addScreens(into: Map<string, ScreenFigures>, rows: ScreenFigures[]) {
  for (const r of rows) {
    const k = keyOf(r);
    const had = into.get(k);
    into.set(k, had ? { ...had, visits: had.visits + r.visits, visitors: had.visitors + r.visitors } : { component: r.component, target: r.target, visits: r.visits, visitors: r.visitors });
  }
}

/**
 * The audience of each day from `from` to `to` (none after today) and the views per screen: the days the
 * rollup job has written are read from it, the others (today, and any day it has not reached yet) are
 * counted live on the visit log, a bucket per day, with the same rules, so both add up the same.
 */
export async function audienceOf(deps: Deps, from: string, to: string, withScreens = true) {
  const tz = deps.env.TIME_ZONE;
  const today = dayOf(deps.now(), tz);
  const last = to < today ? to : today;
  const days = new Map<string, DayFigures>();
  const screens = new Map<string, ScreenFigures>();
  if (last < from) return { days, screens: [...screens.values()] };
  // today is never read from the rollup, even where a row exists for it (written while the server's
  // clock was ahead, then set back): it is not over, its later visits would never be counted
  const lastOver = last < today ? last : addDays(today, -1);
  const rolled = lastOver < from ? [] : await repo.rolledDays(deps.db, from, lastOver);
  for (const r of rolled) days.set(r.day, r);
  if (rolled.length && withScreens) addScreens(screens, await repo.rolledScreens(deps.db, from, lastOver));
  const missing = daysOf(from, last).filter((d) => !days.has(d));
  if (missing.length) {
    const span = daysOf(missing[0], missing[missing.length - 1]);
    const bounds = [...span.map((d) => dayStart(d, tz)), dayStart(addDays(span[span.length - 1], 1), tz)];
    const want = new Set(missing);
    const dayOfBucket = (b: number) => (want.has(span[b - 1]) ? span[b - 1] : null);
    for (const r of await repo.liveDays(deps.db, bounds)) {
      const d = dayOfBucket(r.bucket);
      if (d) days.set(d, { visits: r.visits, visitors: r.visitors, app_visits: r.app_visits, app_visitors: r.app_visitors });
    }
    if (withScreens) addScreens(screens, (await repo.liveScreens(deps.db, bounds)).filter((r) => dayOfBucket(r.bucket)));
  }
  return { days, screens: [...screens.values()] };
}

function total(days: Iterable<DayFigures>): StatsAudience {
  const t = { ...ZERO };
  for (const d of days) {
    t.visits += d.visits;
    t.visitors += d.visitors;
    t.app_visits += d.app_visits;
    t.app_visitors += d.app_visitors;
  }
  return t;
}

type Translated = { lang: string; name?: string; title?: string; category_name?: string }[];
/** The French name, else the first language's that has one. */
function nameOf(translations: Translated): string | null {
  const pick = (t: Translated[number]) => t.title || t.name || t.category_name || '';
  return pick(translations.find((t) => t.lang === 'fr') ?? { lang: '' }) || translations.map(pick).find(Boolean) || null;
}

async function topLists(deps: Deps, screens: ScreenFigures[]) {
  const top = (components: string[]) =>
    screens
      .filter((s) => s.target && components.includes(s.component))
      .sort((a, b) => b.visits - a.visits || b.visitors - a.visitors || a.target.localeCompare(b.target))
      .slice(0, TOP);
  const pages = top(['page', 'list']);
  const rubrics = top(['rubric']);
  const activities = top(['activity']);
  const n = await engagement.namesOf(deps.db, { groups: rubrics.map((r) => r.target), pages: pages.map((r) => r.target), activities: activities.map((r) => r.target) });
  const byId = (rows: { id: string; translations: Translated }[]) => new Map(rows.map((r) => [r.id, nameOf(r.translations)]));
  const groups = byId(n.groups);
  const pageNames = byId(n.pages);
  const pageOfCategory = new Map(n.pages.filter((p) => p.category).map((p) => [p.category!, nameOf(p.translations)]));
  const categories = byId(n.categories);
  const acts = byId(n.activities);
  const row = (s: ScreenFigures, name: string | null | undefined): StatsTopRow => ({ _id: s.target, component: s.component, name: name ?? null, visits: s.visits, visitors: s.visitors });
  return {
    pages: pages.map((s) => row(s, (s.component === 'page' && (pageNames.get(s.target) ?? pageOfCategory.get(s.target))) || categories.get(s.target))),
    rubrics: rubrics.map((s) => row(s, groups.get(s.target))),
    activities: activities.map((s) => row(s, acts.get(s.target))),
  };
}

function perComponent(screens: ScreenFigures[]) {
  const m = new Map<string, number>();
  for (const s of screens) m.set(s.component, (m.get(s.component) ?? 0) + s.visits);
  return m;
}

/** The statistics screen's read: a period against another (by default as many days just before). */
export async function overview(deps: Deps, q: StatsQuery): Promise<StatsOverview> {
  const tz = deps.env.TIME_ZONE;
  const cmp = q.compare_from && q.compare_to ? { compare_from: q.compare_from, compare_to: q.compare_to } : precedingPeriod(q.from, q.to);
  // a period in progress is compared like for like: its days so far with as many days of the other
  const today = dayOf(deps.now(), tz);
  const elapsed = q.to > today ? dayCount(q.from, today) : dayCount(q.from, q.to);
  const countedTo = elapsed < dayCount(cmp.compare_from, cmp.compare_to) ? addDays(cmp.compare_from, Math.max(elapsed, 1) - 1) : cmp.compare_to;
  const cur = await audienceOf(deps, q.from, q.to);
  const prev = await audienceOf(deps, cmp.compare_from, cmp.compare_to);
  const prevCounted = countedTo === cmp.compare_to ? prev : await audienceOf(deps, cmp.compare_from, countedTo);
  const days = daysOf(q.from, q.to).map((day, i) => {
    const d = cur.days.get(day) ?? ZERO;
    return { day, visits: d.visits, visitors: d.visitors, app_visits: d.app_visits, previous_visits: prev.days.get(addDays(cmp.compare_from, i))?.visits ?? 0 };
  });
  const weeks = new Map<string, { week: string; visits: number; visitors: number }>();
  for (const d of days) {
    const week = mondayOf(d.day);
    const w = weeks.get(week) ?? { week, visits: 0, visitors: 0 };
    w.visits += d.visits;
    w.visitors += d.visitors;
    weeks.set(week, w);
  }
  const curScreens = perComponent(cur.screens);
  const prevScreens = perComponent(prevCounted.screens);
  const screens = [...new Set([...curScreens.keys(), ...prevScreens.keys()])]
    .map((component) => ({ component, visits: curScreens.get(component) ?? 0, previous_visits: prevScreens.get(component) ?? 0 }))
    .sort((a, b) => b.visits - a.visits || b.previous_visits - a.previous_visits);

  const span = (from: string, to: string) => [dayStart(from, tz), dayStart(addDays(to, 1), tz)] as const;
  const [start, end] = span(q.from, q.to);
  const [pStart, pEnd] = span(cmp.compare_from, countedTo);
  const subscribers = await engagement.subscriberCounts(deps.db);
  const notif = await engagement.notificationFigures(deps.db, start, end);
  const notifPrev = await engagement.notificationFigures(deps.db, pStart, pEnd);
  const booked = await engagement.bookingsPerService(deps.db, start, end);
  const bookedPrev = new Map((await engagement.bookingsPerService(deps.db, pStart, pEnd)).map((b) => [b.service, b]));
  const bookings = booked
    .map((b) => ({ _id: b.service, name: b.name, bookings: b.bookings, webapp: b.webapp, previous: bookedPrev.get(b.service)?.bookings ?? 0 }))
    .concat([...bookedPrev.values()].filter((p) => !booked.some((b) => b.service === p.service)).map((p) => ({ _id: p.service, name: p.name, bookings: 0, webapp: 0, previous: p.bookings })))
    .sort((a, b) => b.bookings - a.bookings || b.previous - a.previous || a.name.localeCompare(b.name, 'fr'));

  const reviews = mergeReviews(await engagement.reviewsPerModel(deps.db, start, end), await engagement.reviewsPerModel(deps.db, pStart, pEnd));

  return {
    from: q.from,
    to: q.to,
    ...cmp,
    compare_counted_to: countedTo,
    current: total(cur.days.values()),
    previous: total(prevCounted.days.values()),
    days,
    weeks: [...weeks.values()],
    screens,
    ...(await topLists(deps, cur.screens)),
    notifications: { ...subscribers, ...notif, previous: notifPrev },
    bookings,
    reviews,
  };
}

type ModelReviews = Awaited<ReturnType<typeof engagement.reviewsPerModel>>[number];
const averageOf = (r: ModelReviews | undefined) => (r?.scored ? Math.round((r.score_sum / r.scored) * 10) / 10 : null);

/** Each questionnaire reviewed in either period: its count and average score (to one decimal), now and before. */
function mergeReviews(cur: ModelReviews[], prev: ModelReviews[]) {
  const before = new Map(prev.map((r) => [r.model, r]));
  const models = [...cur, ...prev.filter((p) => !cur.some((c) => c.model === p.model))];
  return models
    .map((m) => {
      const c = cur.find((r) => r.model === m.model);
      const p = before.get(m.model);
      return { _id: m.model, name: m.name, count: c?.count ?? 0, score: averageOf(c), previous_count: p?.count ?? 0, previous_score: averageOf(p) };
    })
    .sort((a, b) => b.count - a.count || b.previous_count - a.previous_count);
}

/**
 * The home counters (000 §9) over every visit: the rolled-up days added up, and the days after them
 * counted live. A visitor counts once a day, as everywhere in the statistics.
 */
export async function logsCount(deps: Deps) {
  const rolled = await repo.rolledTotal(deps.db);
  const today = dayOf(deps.now(), deps.env.TIME_ZONE);
  let from = rolled.last ? addDays(rolled.last, 1) : null;
  if (!from) {
    const first = await repo.firstVisitTime(deps.db);
    from = first === null ? null : dayOf(first, deps.env.TIME_ZONE);
  }
  const live = from && from <= today ? total((await audienceOf(deps, from, today, false)).days.values()) : ZERO;
  const all = total([rolled, live]);
  return { installed: all.app_visitors, nb_users: all.visitors, count: all.visits };
}
