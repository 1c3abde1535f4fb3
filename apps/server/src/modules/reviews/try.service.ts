import { PEOPLE, REVIEWS, isLang, reviewLink, waitPhrase } from '@campsite/shared';
import type { DashboardUser, Lang } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { guestBase } from '../../lib/guest-url';
import { newId } from '../../lib/ids';
import { findGuest } from '../../platform/people/guests.repository';
import { MAILS_PER_RECIPIENT, MAIL_WINDOW, recipientBucket, takeOrRefuse } from '../../platform/throttle/buckets';
import { searchGuests as searchAccounts } from '../notifications/public';
import { reviewInviteJob } from './reviews.jobs';
import * as invitations from './invitations.repository';
import * as repo from './reviews.repository';
import { LINK_SECONDS, tokenOf } from './token.service';

// Issue 32: staff try a questionnaire as a guest sees it (a test link) and send it to one guest now.

/** Mails one staff member may send in an hour: the bucket the client card's code and the deposits' mails count in too. */
const STAFF_MAILS = 60;
/** A test link works a day. */
export const TEST_SECONDS = 86400;
const GUESTS_MAX = 8;

export const searchGuests = (deps: Deps, q: string) => searchAccounts(deps.db, q, GUESTS_MAX);

/**
 * 'Envoyer à un client': one invitation row for this guest account now (guest key `sent:<id>`, so that it
 * never meets the end-of-stay scan's row of the same stay), sent by the invitation job as the scan's are (a
 * push when the account has a device, else the e-mail with the link). The address is counted in the mail
 * buckets first, in the same transaction (a refused send writes nothing). Any questionnaire may be sent so,
 * a disabled one too (only one is sent at the end of stays; the others are sent by hand).
 */
export async function sendToGuest(deps: Deps, user: DashboardUser, body: { id: string; guest: string }) {
  const model = await repo.findModel(deps.db, body.id);
  if (!model) return false as const;
  const guest = await findGuest(deps.db, body.guest, ['id', 'email', 'clientNumber', 'stayNumber', 'langage']);
  if (!guest) throw badRequest(REVIEWS.guestGone, { guest: REVIEWS.guestGone });
  const email = guest.email.trim();
  if (!email) throw badRequest(REVIEWS.guestNoEmail, { guest: REVIEWS.guestNoEmail });
  const now = deps.now();
  const id = newId();
  await deps.db.transaction(async (tx) => {
    await takeOrRefuse(
      tx,
      [
        { bucket: recipientBucket(email), max: MAILS_PER_RECIPIENT, since: now - MAIL_WINDOW, window: MAIL_WINDOW, refusal: (s: number) => PEOPLE.tooManyClientMails(waitPhrase(s)) },
        { bucket: `staff-mail:${user._id}`, max: STAFF_MAILS, since: now - MAIL_WINDOW, window: MAIL_WINDOW, refusal: (s: number) => PEOPLE.tooManyStaffMails(waitPhrase(s)) },
      ],
      now,
    );
    await invitations.insertInvitations(tx, [
      {
        id,
        modelId: model.id,
        stayNumber: guest.stayNumber ?? '',
        guest: `${invitations.SENT}${id}`,
        userId: guest.id,
        clientNumber: guest.clientNumber ?? '',
        email,
        lang: guest.langage,
        dueTime: now,
        expiresAt: now + LINK_SECONDS,
        createdTime: now,
      },
    ]);
    await reviewInviteJob.enqueue(deps, { invitation: id }, { tx, dedupeKey: `reviews.invite:${id}` });
  });
  deps.jobs.poke();
  return { invitation: id, email };
}

/**
 * A test link: an invitation row of no guest (`test:<id>`, greeting the staff member), marked sent, whose
 * token opens the guest app's questionnaire in the language chosen. Its answers are checked as a guest's
 * and never recorded (guest.service.ts); it ends after a day, and the ended ones go when the next is made.
 */
export async function testLink(deps: Deps, user: DashboardUser, body: { id: string; lang: string }) {
  const model = await repo.findModel(deps.db, body.id);
  if (!model) return false as const;
  const now = deps.now();
  const row = {
    id: newId(),
    modelId: model.id,
    stayNumber: '',
    guest: '',
    userId: null,
    clientNumber: '',
    email: null,
    lang: body.lang,
    firstname: user.firstname,
    lastname: '',
    dueTime: now,
    expiresAt: now + TEST_SECONDS,
    createdTime: now,
    sentTime: now,
    channel: 'none' as const,
  };
  row.guest = `${invitations.TEST}${row.id}`;
  await deps.db.transaction(async (tx) => {
    await invitations.dropEndedTests(tx, now);
    await invitations.insertInvitations(tx, [row]);
  });
  const lang: Lang = isLang(body.lang) ? body.lang : 'fr';
  // the language named in the link too: the guest app opens in it whatever the staff browser's language
  return { url: `${reviewLink(guestBase(deps), lang, await tokenOf(deps, row))}&lang=${lang}`, expires: row.expiresAt };
}
