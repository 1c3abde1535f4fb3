import { epochToZoned, isEmail, isLang, reviewLink, zonedTimeToEpoch } from '@campsite/shared';
import type { Lang, NotificationTranslation } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { mailFailure } from '../../integrations/mailer';
import { parseHour } from '../../jobs/recurring';
import { newId } from '../../lib/ids';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import { guestBase } from '../emails/render';
import { sendTemplate } from '../emails/send';
import { sendPush } from '../notifications/public';
import { LINK_SECONDS, tokenOf } from './token';
import { inviteMail } from './invite-mail';
import * as repo from './reviews.repository';

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
  const model = await repo.globalModel(deps.db);
  if (!model || model.enabledTime === null) return;
  const tz = deps.env.TIME_ZONE;
  const now = deps.now();
  const delay = model.notificationTime;
  const since = Math.max(model.enabledTime, now - CATCH_UP);
  // a departure day's midnight is at most a day before its moment (25 hours on the night clocks go back): a
  // wider read, the exact test after
  const stays = await repo.departuresBetween(deps.db, since - delay - 2 * DAY, now - delay + 1);
  const due = stays
    .map((s) => ({ ...s, end: departureMoment(s.departure, s.departureTime, tz) }))
    .filter((s) => s.end + delay >= since && s.end + delay <= now && s.createdTime <= s.end);
  for (let i = 0; i < due.length; i += BATCH) {
    const part = due.slice(i, i + BATCH);
    const [accounts, already] = await Promise.all([
      repo.accountsOfClients(deps.db, [...new Set(part.map((s) => s.clientNumber))]),
      repo.invitedAddresses(deps.db, model.id, part.map((s) => s.stayNumber)),
    ]);
    const rows = part.flatMap((s) => {
      const mine = accounts.filter((a) => a.clientNumber === s.clientNumber && (!a.stayNumber || a.stayNumber === s.stayNumber));
      const base = { modelId: model.id, stayNumber: s.stayNumber, clientNumber: s.clientNumber, dueTime: s.end + delay, expiresAt: s.end + delay + LINK_SECONDS, createdTime: now };
      const emails = new Set<string>();
      const invited: repo.InvitationInsert[] = [];
      /** Once per address: not one this stay's earlier scan invited under another key, nor one invited just before. */
      const invite = (email: string, row: Omit<repo.InvitationInsert, keyof typeof base | 'id' | 'email'>) => {
        const key = email.trim().toLowerCase();
        if (!key || emails.has(key) || already.has(`${s.stayNumber} ${key}`)) return;
        emails.add(key);
        invited.push({ ...base, ...row, id: newId(), email: email.trim() });
      };
      for (const a of mine) invite(a.email, { guest: a.id, userId: a.id, lang: a.langage ?? s.langage });
      if (s.email1) invite(s.email1, { guest: `client:${s.clientNumber}`, userId: null, lang: s.langage });
      for (const p of s.participants ?? []) {
        const email = typeof p?.email === 'string' ? p.email.trim() : '';
        if (isEmail(email)) invite(email, { guest: repo.participantKey(email), userId: null, lang: s.langage, firstname: p.firstname?.trim() ?? '', lastname: p.lastname?.trim() ?? '' });
      }
      return invited;
    });
    await deps.db.transaction(async (tx) => {
      for (const id of await repo.insertInvitations(tx, rows)) await queue(tx, id);
    });
  }
  deps.jobs.poke();
}

/** The questionnaire's notification texts as a push: every language it has, the default language always there. */
function pushTexts(translations: repo.ModelRow['translations'], defaultLang: string): NotificationTranslation[] {
  const list = translations
    .filter((t) => isLang(t.lang) && t.notification_title.trim() !== '')
    .map((t) => ({ lang: t.lang as Lang, title: t.notification_title, content: t.notification_content }));
  if (!list.some((t) => t.lang === defaultLang) && list.length && isLang(defaultLang)) list.push({ ...list[0], lang: defaultLang });
  return list;
}

/**
 * One invitation's send: a push to the guest's devices when they have one (opening the guest app's
 * reviews screen, where their questionnaire waits), else an e-mail in their language with the signed
 * link. Nothing for a questionnaire switched off or deleted since, or an invitation sent or answered.
 * The push is planned in the transaction that marks the invitation sent (once); a mail is marked after it
 * left (a crash between sends it again, with the same link). A refused mailbox ends it; a passing failure
 * throws (retried).
 */
export async function sendInvitation(deps: Deps, invitationId: string) {
  const found = await repo.findInvitation(deps.db, invitationId);
  if (!found) return;
  const { invitation: inv, model } = found;
  if (inv.sentTime !== null || inv.answeredTime !== null) return;
  const mark = (channel: 'push' | 'email' | 'none', tx: Tx = deps.db) => repo.markInvitation(tx, inv.id, { sentTime: deps.now(), channel });
  const guest = await repo.guestOf(deps.db, inv);
  if (model.type !== 'global' || !guest) return void (await mark('none'));
  const { lang_default } = await getGlobalSettings(deps.db);
  const texts = pushTexts(model.translations, lang_default);
  if (inv.userId && texts.length && (await repo.hasPushDevice(deps.db, inv.userId))) {
    const userId = inv.userId;
    const pushed = await deps.db
      .transaction(async (tx) => {
        const locked = await repo.lockInvitation(tx, inv.id);
        if (!locked || locked.sentTime !== null) return true;
        await sendPush(deps, { kind: 'users', users: [userId] }, texts, { type: 'reviews' }, { tx });
        await mark('push', tx);
        return true;
      })
      // a text the push refuses (too long once made, a language gone): the e-mail below
      .catch(() => false);
    if (pushed) return;
  }
  const email = (guest.email || inv.email || '').trim();
  if (!email) return void (await mark('none'));
  const token = await tokenOf(deps, inv);
  const base = guestBase(deps);
  try {
    await sendTemplate(
      deps,
      { translations: inviteMail(model.translations, lang_default) },
      { email, firstname: guest.firstname, lastname: guest.lastname, code: null, lang: inv.lang ?? guest.langage },
      (lang) => ({ lien: reviewLink(base, lang, token) }),
    );
  } catch (err) {
    if (mailFailure(err).kind === 'refused') return void (await mark('none'));
    throw err;
  }
  await mark('email');
}
