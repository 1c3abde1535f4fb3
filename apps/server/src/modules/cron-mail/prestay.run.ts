import { epochToZoned, zonedTimeToEpoch } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { parseHour } from '../../jobs/recurring';
import { getGlobalSettings, getRawEntry, setEntry } from '../../platform/settings/settings.repository';
import { planCampaign } from './cron-mail.service';
import { findBuiltin } from '../../platform/mail/templates.repository';
import * as repo from './prestay.repository';

/** Pre-stay e-mails leave from this hour of the establishment's day, not at midnight. */
export const PRESTAY_HOUR = 9;
/** A stay whose arrival time the PMS does not give is taken to begin at noon of its arrival day. */
const DEFAULT_ARRIVAL_TIME = { hour: 12, minute: 0 };

type Day = { year: number; month: number; day: number };
const addDays = (d: Day, n: number): Day => {
  const x = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: x.getUTCFullYear(), month: x.getUTCMonth() + 1, day: x.getUTCDate() };
};
const keyOf = (d: Day) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
const dayOfKey = (k: string): Day => {
  const [year, month, day] = k.split('-').map(Number);
  return { year, month, day };
};
const daysBetween = (a: Day, b: Day) => Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86400_000);

/**
 * What the scan remembers: the last day it looked at, so that days missed while the server was down are
 * caught up, and whether sendmail was on then: days missed after a scan that saw it off are not caught up
 * (turned on at a restart, it would otherwise send the mails of the days the server was down and off).
 */
interface PrestayState {
  through: string | null;
  on?: boolean;
}

/**
 * The pre-stay e-mail (002 §3 General config 'sendmail', 'nbdays'): the 'subscribe-email' template to the
 * client of each stay whose arrival is in n days, for each n of nbdays, once per stay and n ever (the
 * table prestay_emails says which were handled).
 *
 * Runs every hour from PRESTAY_HOUR. It looks at the target days from the day after the last one it
 * handled up to today, so a day the server was down is caught up; when sendmail is off the days pass
 * without mail, so turning it on sends only what falls due from then on (no burst of old mails). A stay
 * that has begun gets nothing; a stay several of whose mails fell due while the server was down gets the
 * one closest to its arrival only.
 */
export async function scanPrestay(deps: Deps) {
  const tz = deps.env.TIME_ZONE;
  const now = deps.now();
  const local = epochToZoned(now, tz);
  if (local.hour < PRESTAY_HOUR) return;
  const today: Day = { year: local.year, month: local.month, day: local.day };
  const settings = await getGlobalSettings(deps.db);
  const state = (await getRawEntry<PrestayState>(deps.db, 'prestay')) ?? { through: null };
  const nbdays = [...new Set(settings.nbdays)].sort((a, b) => a - b);
  if (!settings.sendmail || nbdays.length === 0) {
    await setEntry(deps.db, 'prestay', { through: keyOf(today), on: false } satisfies PrestayState);
    return;
  }
  const after = state.through && state.on !== false ? addDays(dayOfKey(state.through), 1) : today;
  // today is looked at again each hour, for the stays imported since
  const from = daysBetween(after, today) < 0 ? today : after;
  const midnight = (d: Day) => zonedTimeToEpoch(d.year, d.month, d.day, 0, 0, tz);

  const rows = await repo.arrivalsBetween(deps.db, midnight(addDays(from, nbdays[0])), midnight(addDays(today, nbdays.at(-1)! + 1)));
  const candidates = rows.filter((r) => !begun(r.arrival, r.arrivalTime, now, tz));
  const handled = await repo.handledDays(deps.db, candidates.map((c) => c.stayNumber));
  const done = new Set(handled.map((h) => `${h.stay}:${h.n}`));
  const template = candidates.length ? await findBuiltin(deps.db, 'subscribe-email') : null;

  for (const stay of candidates) {
    const arrivalDay = epochToZoned(stay.arrival, tz);
    const inDays = daysBetween(today, arrivalDay);
    // the values of nbdays whose day is in [from, today] and not handled yet, closest to arrival first
    const due = nbdays.filter((n) => n >= inDays && n <= inDays + daysBetween(from, today) && !done.has(`${stay.stayNumber}:${n}`));
    if (due.length === 0 || !template) continue;
    const [send, ...skipped] = due;
    const email = stay.email1?.trim() || stay.email2?.trim() || '';
    await deps.db.transaction(async (tx) => {
      const t = deps.now();
      const mine = await repo.claimDays(tx, stay.stayNumber, [send, ...skipped], t);
      // another scan took it first
      if (!mine.includes(send) || !email) return;
      const campaign = await planCampaign(
        deps,
        tx,
        { kind: 'prestay', translations: template.translations, sendTime: t, userId: null, template: template._id },
        [{ clientNumber: stay.clientNumber, email, firstname: stay.firstname, lastname: stay.lastname, code: stay.code, lang: stay.langage, userId: null }],
      );
      await repo.setDayCampaign(tx, stay.stayNumber, send, campaign);
    });
  }
  await setEntry(deps.db, 'prestay', { through: keyOf(today), on: true } satisfies PrestayState);
  deps.jobs.poke();
}

/** Begun: its arrival day has come and its arrival time (noon when unknown) has passed. */
function begun(arrival: number, arrivalTime: string | null, now: number, tz: string) {
  const d = epochToZoned(arrival, tz);
  const at = (arrivalTime && parseHour(arrivalTime)) || DEFAULT_ARRIVAL_TIME;
  return now >= zonedTimeToEpoch(d.year, d.month, d.day, at.hour, at.minute, tz);
}
