import type { ClientCard, DashboardUser, ParsedBody, clients as clientCalls } from '@campsite/shared';
import { PEOPLE, accountLink, isLang, waitPhrase } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { guestBase } from '../../lib/guest-url';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import { planCampaign } from '../cron-mail/public';
import { findBuiltin } from '../../platform/mail/templates.repository';
import { MAILS_PER_RECIPIENT, MAIL_WINDOW, recipientBucket, takeOrRefuse } from '../../platform/throttle/buckets';
import * as repo from './clients.repository';

/**
 * The actions of a client's card (issue 20): send the code, correct the contact details, the printed
 * card. The erasure is in erase.service.ts.
 */

/** Code mails one staff member may send in an hour (an arrival day's desk sends dozens, a script thousands). */
export const CODE_MAILS_PER_STAFF = 60;

/**
 * Counts a code mail in the caller's transaction, per recipient (the same bucket as the guest account
 * mails: an address gets at most MAILS_PER_RECIPIENT of them an hour, whoever asks) and per staff member;
 * a full bucket is a 429 saying when to try again, and nothing is counted.
 */
async function countCodeMail(deps: Deps, tx: Tx, actor: DashboardUser, email: string) {
  const now = deps.now();
  const since = now - MAIL_WINDOW;
  const buckets = [
    { bucket: recipientBucket(email), max: MAILS_PER_RECIPIENT, since, window: MAIL_WINDOW, refusal: (s: number) => PEOPLE.tooManyClientMails(waitPhrase(s)) },
    { bucket: `staff-mail:${actor._id}`, max: CODE_MAILS_PER_STAFF, since, window: MAIL_WINDOW, refusal: (s: number) => PEOPLE.tooManyStaffMails(waitPhrase(s)) },
  ];
  await takeOrRefuse(tx, buckets, now);
}

/**
 * Mails the client their activation code and the app's link: the pre-stay template (#code, #lien), in
 * their language with the templates' fallback, through the campaign path (a job queued in this
 * transaction, retried if the mail server fails for a while). False for an unknown client.
 */
export async function sendCode(deps: Deps, actor: DashboardUser, clientNumber: string): Promise<{ email: string } | false> {
  const sent = await deps.db.transaction(async (tx) => {
    const row = await repo.findClient(tx, clientNumber);
    if (!row) return false as const;
    const email = row.email1?.trim() || row.email2?.trim() || '';
    if (!email) throw badRequest(PEOPLE.noClientEmail);
    await countCodeMail(deps, tx, actor, email);
    const template = await findBuiltin(tx, 'subscribe-email');
    if (!template) throw new Error('the built-in template subscribe-email is missing');
    const recipient = { clientNumber, email, firstname: row.firstname, lastname: row.lastname, code: row.activation_code, lang: row.langage, userId: null };
    await planCampaign(deps, tx, { kind: 'prestay', translations: template.translations, sendTime: deps.now(), userId: actor._id, template: template._id }, [recipient]);
    return { email };
  });
  if (sent) deps.jobs.poke();
  return sent;
}

/** Corrects a client's e-mails, phones and language: the row locked, one transaction; false for an unknown client. */
export async function updateContact(deps: Deps, actor: DashboardUser, body: ParsedBody<typeof clientCalls.updateContact>): Promise<ClientCard | false> {
  const updated = await deps.db.transaction(async (tx) => {
    const row = await repo.lockClient(tx, body.client_number);
    if (!row) return null;
    const set: Parameters<typeof repo.updateClient>[2] = { editedBy: actor.username, editedTime: deps.now() };
    for (const key of ['email1', 'email2', 'phone1', 'phone2', 'phone3', 'langage'] as const) if (body[key] !== undefined) set[key] = body[key];
    return repo.updateClient(tx, body.client_number, set);
  });
  return updated ? (await repo.toCards(deps.db, [updated]))[0] : false;
}

/** The printed card's content: the sign-up page with the code filled in, in the client's language. */
export async function printCard(deps: Deps, clientNumber: string) {
  const found = await repo.findClient(deps.db, clientNumber);
  if (!found) return false as const;
  const settings = await getGlobalSettings(deps.db);
  // the page in a language the app offers: the client's, else the establishment's default
  const lang = isLang(found.langage) && settings.langs.includes(found.langage) ? found.langage : settings.lang_default;
  return {
    client_number: found.client_number,
    civility: found.civility,
    firstname: found.firstname,
    lastname: found.lastname,
    activation_code: found.activation_code,
    link: accountLink(guestBase(deps), lang, { code: found.activation_code }),
    establishment: settings.establishment,
  };
}
