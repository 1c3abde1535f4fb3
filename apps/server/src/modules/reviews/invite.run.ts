import { epochToZoned, isEmail, zonedTimeToEpoch } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { parseHour } from '../../jobs/recurring';
import { newId } from '../../lib/ids';
import { LINK_SECONDS } from './token.service';
import * as invitations from './invitations.repository';
import * as repo from './reviews.repository';
import { guestsOfClients } from '../../platform/people/guests.repository';

const DAY = 86400;
/** A stay whose departure time the PMS does not give is taken to end at noon of its departure day. */
const DEFAULT_DEPARTURE = { hour: 12, minute: 0 };
/** Invitations that fell due while no server ran are still sent this long after (not older ones: no burst of stale mails). */
export const CATCH_UP = 3 * DAY;
const BATCH = 200;

/** The moment a stay ends: its departure day at its departure time (noon when unknown), in the establishment's zone. */
export function departureMoment(departure: number, departureTime: string | null, tz: string) {
  const d = epochToZoned(departure, tz);
  const at = (departureTime && parseHour(departureTime)) || DEFAULT_DEPARTURE;
  return zonedTimeToEpoch(d.year, d.month, d.day, at.hour, at.minute, tz);
}

/**
 * The clock job: for the questionnaire sent at the end of stays, one invitation row per guest of each stay
 * whose departure + delay has come, written before anything is sent (unique per questionnaire, stay and
 * guest: a second scan or instance writes nothing), each queued as its own send job in the same
 * transaction. Never for a stay whose invitation fell due before the questionnaire was switched on, nor
 * more than CATCH_UP ago, nor for a stay imported after it ended.
 *
 * The guests of a stay, in this order, each address (trimmed, case aside) invited once per stay: the
 * activated guest accounts of its client (those tied to another stay left out), the client file's address,
 * then the stay's participants with a valid address (two sharing one: the first), in the client's language.
 * An address already invited for the stay by an earlier scan is not invited again under another key (a
 * participant who signed up since keeps the invitation they got).
 */
export async function scanInvitations(deps: Deps, queue: (tx: Tx, invitation: string) => Promise<unknown>) {
  await scanStays(deps, queue);
  await scanServiceSlots(deps, queue);
  deps.jobs.poke();
}

/**
 * Issue 32: each questionnaire sent after a service invites who booked each slot of it, its delay after the
 * slot ended: the guest account that booked (activated), else the client file the booking names. One row per
 * booking (guest key 'booking:<reservation id>'), written and queued as the stays' are; never for a slot
 * that ended before the questionnaire followed this service, more than CATCH_UP ago, or booked after it ended.
 */
async function scanServiceSlots(deps: Deps, queue: (tx: Tx, invitation: string) => Promise<unknown>) {
  const now = deps.now();
  for (const model of await repo.serviceModels(deps.db)) {
    if (model.enabledTime === null || !model.serviceId) continue;
    const delay = model.notificationTime;
    const since = Math.max(model.enabledTime, now - CATCH_UP);
    const slots = await invitations.slotsEndedBetween(deps.db, model.serviceId, since - delay, now - delay + 1);
    const rows: invitations.InvitationInsert[] = slots
      .filter((b) => b.createdTime <= b.end)
      .flatMap((b) => {
        const email = (b.userEmail ?? b.clientEmail ?? '').trim();
        if (!email) return [];
        return [
          {
            id: newId(),
            modelId: model.id,
            stayNumber: b.userStay ?? '',
            guest: `${invitations.BOOKING}${b.id}`,
            userId: b.userId,
            clientNumber: b.clientNumber ?? '',
            email,
            lang: (b.userId ? b.userLang : b.clientLang) ?? null,
            dueTime: b.end + delay,
            expiresAt: b.end + delay + LINK_SECONDS,
            createdTime: now,
          },
        ];
      });
    for (let i = 0; i < rows.length; i += BATCH) {
      const part = rows.slice(i, i + BATCH);
      await deps.db.transaction(async (tx) => {
        for (const id of await invitations.insertInvitations(tx, part)) await queue(tx, id);
      });
    }
  }
}

/** The end-of-stay questionnaire's scan (above). */
async function scanStays(deps: Deps, queue: (tx: Tx, invitation: string) => Promise<unknown>) {
  const model = await repo.globalModel(deps.db);
  if (!model || model.enabledTime === null) return;
  const tz = deps.env.TIME_ZONE;
  const now = deps.now();
  const delay = model.notificationTime;
  const since = Math.max(model.enabledTime, now - CATCH_UP);
  // a departure day's midnight is at most a day before its moment (25 hours on the night clocks go back): a
  // wider read, the exact test after
  const stays = await invitations.departuresBetween(deps.db, since - delay - 2 * DAY, now - delay + 1);
  const due = stays
    .map((s) => ({ ...s, end: departureMoment(s.departure, s.departureTime, tz) }))
    .filter((s) => s.end + delay >= since && s.end + delay <= now && s.createdTime <= s.end);
  for (let i = 0; i < due.length; i += BATCH) {
    const part = due.slice(i, i + BATCH);
    const [accounts, already] = await Promise.all([
      guestsOfClients(deps.db, [...new Set(part.map((s) => s.clientNumber))], ['id', 'clientNumber', 'stayNumber', 'email', 'langage'], { activated: true }),
      invitations.invitedAddresses(deps.db, model.id, part.map((s) => s.stayNumber)),
    ]);
    const rows = part.flatMap((s) => {
      const mine = accounts.filter((a) => a.clientNumber === s.clientNumber && (!a.stayNumber || a.stayNumber === s.stayNumber));
      const base = { modelId: model.id, stayNumber: s.stayNumber, clientNumber: s.clientNumber, dueTime: s.end + delay, expiresAt: s.end + delay + LINK_SECONDS, createdTime: now };
      const emails = new Set<string>();
      const invited: invitations.InvitationInsert[] = [];
      /** Once per address: not one this stay's earlier scan invited under another key, nor one invited just before. */
      const invite = (email: string, row: Omit<invitations.InvitationInsert, keyof typeof base | 'id' | 'email'>) => {
        const key = email.trim().toLowerCase();
        if (!key || emails.has(key) || already.has(`${s.stayNumber} ${key}`)) return;
        emails.add(key);
        invited.push({ ...base, ...row, id: newId(), email: email.trim() });
      };
      for (const a of mine) invite(a.email, { guest: a.id, userId: a.id, lang: a.langage ?? s.langage });
      if (s.email1) invite(s.email1, { guest: `client:${s.clientNumber}`, userId: null, lang: s.langage });
      for (const p of s.participants ?? []) {
        const email = typeof p?.email === 'string' ? p.email.trim() : '';
        if (isEmail(email)) invite(email, { guest: invitations.participantKey(email), userId: null, lang: s.langage, firstname: p.firstname?.trim() ?? '', lastname: p.lastname?.trim() ?? '' });
      }
      return invited;
    });
    await deps.db.transaction(async (tx) => {
      for (const id of await invitations.insertInvitations(tx, rows)) await queue(tx, id);
    });
  }
}
