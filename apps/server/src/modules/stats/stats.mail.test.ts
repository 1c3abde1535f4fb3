import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { stats, type StatsOverview } from '@campsite/shared';
import { dashboardUsers, jobs } from '../../db/schema';
import { generateVisits, insertVisits } from '../../testing/fixtures/stats';
import { testApp, type TestApp } from '../../testing/harness';
import { startMailServer, type MailServer } from '../../testing/mail-server';
import { DEFAULT_GLOBAL, setEntry } from '../../platform/settings/settings.repository';
import { mondayMorning, queueWeeklySummaries } from './stats.jobs';
import { summaryReport } from './stats.mail';

// Monday 9 November 2026, 07:00 in Paris: the week of 2 to 8 November is over
const clock = Date.UTC(2026, 10, 9, 6, 0) / 1000;
const WEEK = Date.UTC(2026, 10, 1, 23, 0) / 1000;
let t: TestApp;
let smtp: MailServer;

beforeAll(async () => {
  smtp = await startMailServer({ refuse: (to) => (to.startsWith('gone') ? 'No such mailbox' : null) });
  t = await testApp({ mailer: smtp.mailer, now: () => clock });
  await setEntry(t.deps.db, 'global', { ...DEFAULT_GLOBAL, establishment: 'Camping des Pins', langs: ['fr'], lang_default: 'fr' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const subscribe = async (cookie: string, subscribed = true) => (await t.call(stats.summaryMailUpdate, { subscribed }, cookie)).answer();

describe('the weekly summary e-mail', () => {
  it('runs on Monday at 07:00 in the establishment’s zone, across a clock change too', () => {
    const next = mondayMorning('Europe/Paris');
    // Thursday 22 October 2026 → Monday 26 October (the day after the clock change), 07:00 winter time
    expect(next(Date.UTC(2026, 9, 22, 12) / 1000)).toBe(Date.UTC(2026, 9, 26, 6) / 1000);
    // Monday at 07:00 itself → the next Monday
    expect(next(clock)).toBe(clock + 7 * 86_400);
    expect(next(clock - 1)).toBe(clock);
  });

  it('reaches the staff who asked for it, with last week’s figures against the week before; once per week', async () => {
    const week = generateVisits(WEEK, WEEK + 7 * 86_400, { perDay: 30, visitors: 12, screens: [{ component: 'home', target: null }], seed: 3 });
    const before = generateVisits(WEEK - 7 * 86_400, WEEK, { perDay: 20, visitors: 12, screens: [{ component: 'home', target: null }], seed: 4 });
    await insertVisits(t.deps.db, [...before, ...week]);
    const lea = await t.signIn({ stats: 1 }, 'lea');
    await t.deps.db.update(dashboardUsers).set({ firstname: 'Léa', email: 'lea@camping.test' }).where(eq(dashboardUsers.id, lea.userId));
    const paul = await t.signIn({ stats: 1 }, 'paul');
    const max = await t.signIn({ stats: 1 }, 'max');
    const gone = await t.signIn({ stats: 1 }, 'gone');
    await t.deps.db.update(dashboardUsers).set({ email: 'gone@camping.test' }).where(eq(dashboardUsers.id, gone.userId));
    expect(await subscribe(lea.cookie)).toEqual({ subscribed: true });
    await subscribe(paul.cookie);
    await subscribe(paul.cookie, false);
    await subscribe(max.cookie);
    await subscribe(gone.cookie);
    // max loses the stats flag: he gets nothing, without a step of his own
    await t.deps.db.update(dashboardUsers).set({ permissions: { homepage: 1 } }).where(eq(dashboardUsers.id, max.userId));

    await queueWeeklySummaries(t.deps);
    await queueWeeklySummaries(t.deps);
    await t.deps.jobs.runDue();
    expect(smtp.mails.map((m) => m.to)).toEqual([['lea@camping.test']]);
    const mail = smtp.mails[0];
    expect(mail.subject).toBe('Camping des Pins — Statistiques de la semaine (2 novembre 2026 – 8 novembre 2026)');
    expect(mail.fromName).toBe('Camping des Pins');
    const change = Math.round(((week.length - before.length) / before.length) * 100);
    const fr = (n: number) => new Intl.NumberFormat('fr-FR').format(n);
    expect(mail.text).toContain('Bonjour Léa,');
    expect(mail.text).toContain('du 2 novembre 2026 au 8 novembre 2026');
    expect(mail.text).toContain(`Pages vues : ${fr(week.length)} (${change > 0 ? '+' : '−'}${Math.abs(change)}\u202f%)`);
    expect(mail.html).toContain(`<p>Pages vues : ${fr(week.length)}`);
    // one job per recipient holding the flag (Léa, and the refused mailbox, which ended without a retry)
    const queued = await t.deps.db.select().from(jobs).where(eq(jobs.kind, 'stats.summary'));
    expect(queued.map((j) => j.status)).toEqual(['done', 'done']);
  });
});

describe('the summary’s French', () => {
  const figures = (visits: number, previous: number, n: { subscribers: number; sends: number; delivered: number; opened: number }): StatsOverview => ({
    from: '2026-11-02',
    to: '2026-11-08',
    compare_from: '2026-10-26',
    compare_to: '2026-11-01',
    compare_counted_to: '2026-11-01',
    current: { visits, visitors: 1, app_visits: Math.round(visits / 4), app_visitors: 1 },
    previous: { visits: previous, visitors: 1, app_visits: 0, app_visitors: 0 },
    days: [],
    weeks: [],
    screens: [],
    pages: [],
    rubrics: [],
    activities: [],
    notifications: { ...n, devices: n.subscribers, new_subscriptions: 0, previous: { new_subscriptions: 0, sends: 0, delivered: 0, opened: 0 } },
    bookings: [],
    reviews: [],
  });

  it('agrees in number with one, groups thousands and writes percents as the screen does (narrow no-break spaces)', () => {
    const one = summaryReport('Léa', figures(12_000, 1_000, { subscribers: 1, sends: 1, delivered: 1, opened: 0 })).paragraphs.join('\n');
    expect(one).toContain('Pages vues : 12\u202f000 (+1\u202f100\u202f%)');
    expect(one).toContain('Depuis l’application installée : 25\u202f% des pages vues');
    expect(one).toContain('Notifications : 1 envoi, 1 reçue, 0 ouverte ; 1 utilisateur abonné');
    const many = summaryReport('Léa', figures(900, 1_000, { subscribers: 2, sends: 3, delivered: 2, opened: 2 })).paragraphs.join('\n');
    expect(many).toContain('Pages vues : 900 (−10\u202f%)');
    expect(many).toContain('Notifications : 3 envois, 2 reçues, 2 ouvertes ; 2 utilisateurs abonnés');
  });
});
