import type { DashboardUser, Permission, TodayFailure } from '@campsite/shared';
import { epochToZoned } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { failedCampaigns, type FailedCampaign } from '../cron-mail/public';
import { failedSends, type FailedSend } from '../notifications/public';
import { bookingsByService } from '../services/public';
import { dayBounds } from './today.service';
import * as repo from './today.repository';

// The to-do list's other parts (issue 33, docs/today.md): the messages waiting for an answer, the day's
// bookings per service, the failed e-mails and pushes of the week and their 'Marquer comme vu'.

/** Conversations listed at most (the figure counts them all). */
const MESSAGES_MAX = 50;
/** Failures of the last days are shown until marked as seen. */
export const FAILURE_DAYS = 7;

export const waitingMessages = (deps: Deps) => repo.waitingConversations(deps.db, MESSAGES_MAX);

/** Today's bookings per service; `day` (YYYY-MM-DD) opens the planning on it. */
export async function todaysBookings(deps: Deps) {
  const tz = deps.env.TIME_ZONE;
  const now = deps.now();
  const [today, tomorrow] = dayBounds(now, tz);
  const services = await bookingsByService(deps.db, today, tomorrow, now);
  const p = epochToZoned(now, tz);
  const day = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  return { day, total: services.reduce((n, s) => n + s.count, 0), services };
}

/** The French title of a mail or push (else its first language's). */
const titleOf = (translations: { lang: string; title: string }[]) => (translations.find((t) => t.lang === 'fr') ?? translations[0])?.title ?? '';

const mailFailure = (c: FailedCampaign): TodayFailure => ({
  _id: c.id, kind: 'mail', title: titleOf(c.translations), source: c.kind, time: c.send_time, failed: c.failed, total: c.total,
});
const pushFailure = (s: FailedSend): TodayFailure => ({
  _id: s.id, kind: 'push', title: titleOf(s.translations), source: s.kind, time: s.sent_at, failed: s.failed, total: s.total,
});

/** The failures of one kind in the window, less those seen with as many failures. */
async function unseen(deps: Deps, kind: 'mail' | 'push'): Promise<TodayFailure[]> {
  const since = deps.now() - FAILURE_DAYS * 86400;
  const [all, seen] = await Promise.all([
    kind === 'mail' ? failedCampaigns(deps.db, since).then((l) => l.map(mailFailure)) : failedSends(deps.db, since).then((l) => l.map(pushFailure)),
    repo.dismissedOf(deps.db, kind),
  ]);
  return all.filter((f) => f.failed > (seen.get(f._id) ?? 0));
}

/** Failed e-mails (emails flag) and pushes (notifications flag) to look at; a half the member may not see is null. */
export async function failures(deps: Deps, user: DashboardUser) {
  const has = (p: Permission) => user.permissions[p] === 1;
  const [mails, pushes] = await Promise.all([has('emails') ? unseen(deps, 'mail') : null, has('notifications') ? unseen(deps, 'push') : null]);
  return { mails, pushes };
}

/** 'Marquer comme vu': the failure's count now is kept; false when it is not among those shown (unknown, older, seen). */
export async function dismissFailure(deps: Deps, user: DashboardUser, kind: 'mail' | 'push', id: string): Promise<true | false> {
  const shown = (await unseen(deps, kind)).find((f) => f._id === id);
  if (!shown) return false;
  await repo.dismiss(deps.db, { kind, ref: id, failed: shown.failed, staffId: user._id, now: deps.now() });
  return true;
}
