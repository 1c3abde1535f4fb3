import type { StaffReport } from '../../platform/mail/staff';
import type { StatsOverview } from '@campsite/shared';
import { SCREEN_LABELS, STATISTICS as S, addDays, changePercent, statChange, statCount, statNumber, statPercent } from '@campsite/shared';
import type { JobArea } from '../../jobs';
import { handleMailJob } from '../../platform/mail/job';
import { sendTemplate } from '../../platform/mail/send';
import * as engagement from './stats-engagement.repository';
import { statsSummaryJob } from './stats.jobs';
import { overview } from './stats.service';

const n = statNumber;
const longDay = (day: string) => new Intl.DateTimeFormat('fr-FR', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${day}T12:00:00Z`));

function change(cur: number, prev: number): string {
  const p = changePercent(cur, prev);
  if (p === null) return cur ? '(aucune la semaine précédente)' : '';
  if (p === 0) return '(stable)';
  return `(${statChange(p)})`;
}

const line = (label: string, cur: number, prev: number) => `${label} : ${n(cur)} ${change(cur, prev)}`.trimEnd();
const named = (rows: { name: string | null; visits: number }[]) => rows.slice(0, 3).map((r) => `${r.name ?? S.deleted} (${n(r.visits)})`).join(', ');

/** The weekly summary: the week's figures against the week before, in plain French sentences. */
export function summaryReport(firstname: string, o: StatsOverview): StaffReport {
  const share = o.current.visits ? Math.round((o.current.app_visits / o.current.visits) * 100) : 0;
  const paragraphs = [
    S.summaryHello(firstname),
    S.summaryIntro(longDay(o.from), longDay(o.to)),
    line(S.visits, o.current.visits, o.previous.visits),
    line(S.visitors, o.current.visitors, o.previous.visitors),
    `${S.appShare} : ${statPercent(share)} des pages vues`,
  ];
  if (o.pages.length) paragraphs.push(`${S.topPages} : ${named(o.pages)}`);
  if (o.activities.length) paragraphs.push(`${S.topActivities} : ${named(o.activities)}`);
  const top = o.screens[0];
  if (top) paragraphs.push(`Écran le plus consulté : ${SCREEN_LABELS[top.component] ?? top.component} (${n(top.visits)})`);
  const nt = o.notifications;
  paragraphs.push(`${S.notifications} : ${statCount(nt.sends, 'envoi', 'envois')}, ${statCount(nt.delivered, 'reçue', 'reçues')}, ${statCount(nt.opened, 'ouverte', 'ouvertes')} ; ${statCount(nt.subscribers, 'utilisateur abonné', 'utilisateurs abonnés')}`);
  const booked = o.bookings.reduce((a, b) => a + b.bookings, 0);
  const bookedPrev = o.bookings.reduce((a, b) => a + b.previous, 0);
  if (booked || bookedPrev) paragraphs.push(`${line('Réservations', booked, bookedPrev)}, dont ${n(o.bookings.reduce((a, b) => a + b.webapp, 0))} depuis l’application`);
  const reviewed = o.reviews.filter((r) => r.count);
  if (reviewed.length)
    paragraphs.push(`${S.reviewCount} : ${reviewed.map((r) => `${r.name ?? S.deleted} ${n(r.count)}${r.score === null ? '' : ` (${S.averageScore.toLowerCase()} ${n(r.score)} / 5)`}`).join(', ')}`);
  paragraphs.push(S.summaryStop);
  return { subject: `${S.summarySubject} (${longDay(o.from)} – ${longDay(o.to)})`, paragraphs };
}

/** One recipient's summary, read when sent: a recipient who unsubscribed or lost the stats flag since gets nothing. */
export const statsMails: JobArea = [
  handleMailJob(statsSummaryJob, async (deps, { payload: { user, week } }) => {
    const to = await engagement.summaryRecipient(deps.db, user);
    if (!to) return;
    const o = await overview(deps, { from: week, to: addDays(week, 6), compare_from: addDays(week, -7), compare_to: addDays(week, -1) });
    await sendTemplate(deps, 'staff-report', { email: to.email, firstname: to.firstname, lastname: to.lastname, code: null, lang: 'fr' }, summaryReport(to.firstname, o));
  }),
];
