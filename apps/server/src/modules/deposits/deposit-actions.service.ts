import type { DashboardUser, Deposit } from '@campsite/shared';
import { DEPOSITS, PEOPLE, isLang, waitPhrase } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import { MAILS_PER_RECIPIENT, MAIL_WINDOW, recipientBucket, takeOrRefuse } from '../../platform/throttle/buckets';
import { depositCloseJob, depositMailJob, depositRequestJob } from './deposits.jobs';
import { getDepositSettings, isReady } from './deposits.settings';
import * as repo from './deposits.repository';

// The actions of a deposit's detail (issue 32): send the link again, cancel the request, make it now. Each
// is one transaction under the deposit's row lock; Swikly is never called in it (a job is queued), and a
// mail to the guest is counted per address and per staff member first (429 with the wait).

/** Mails one staff member may have sent in an hour, in the bucket the client card's code mails count in too. */
const STAFF_MAILS = 60;

export async function countMail(deps: Deps, tx: Tx, user: DashboardUser, email: string) {
  const now = deps.now();
  const since = now - MAIL_WINDOW;
  await takeOrRefuse(
    tx,
    [
      { bucket: recipientBucket(email), max: MAILS_PER_RECIPIENT, since, window: MAIL_WINDOW, refusal: (s: number) => PEOPLE.tooManyClientMails(waitPhrase(s)) },
      { bucket: `staff-mail:${user._id}`, max: STAFF_MAILS, since, window: MAIL_WINDOW, refusal: (s: number) => PEOPLE.tooManyStaffMails(waitPhrase(s)) },
    ],
    now,
  );
}

export const refuse = (sentence: string) => badRequest(sentence, { id: sentence });

/** Runs an action under the deposit's row lock; false for an unknown deposit, else the deposit as it is after. */
async function withDeposit(deps: Deps, id: string, act: (tx: Tx, row: repo.DepositRow) => Promise<string | void>): Promise<Deposit | false> {
  const doc = await deps.db.transaction(async (tx) => {
    const row = await repo.findDeposit(tx, id, true);
    if (!row) return false as const;
    const after = (await act(tx, row)) ?? id;
    return (await repo.depositDocOf(tx, after)) ?? (false as const);
  });
  deps.jobs.poke();
  return doc;
}

/**
 * The link mailed again, to the client's address as it is now (staff may have corrected it on the client's
 * card): only while the guest has not answered a request made.
 */
export const resend = (deps: Deps, user: DashboardUser, id: string) =>
  withDeposit(deps, id, async (tx, row) => {
    if (row.status || row.settlement || !row.link) throw refuse(DEPOSITS.cannotResend);
    const contact = await repo.stayContact(tx, row.stayNumber);
    const email = contact?.email || row.email;
    if (!email) throw refuse(DEPOSITS.noEmailFix);
    await countMail(deps, tx, user, email);
    if (email !== row.email) await repo.updateDeposit(tx, row.id, { email });
    await depositMailJob.enqueue(deps, { deposit: row.id }, { tx });
  });

/**
 * A request the guest has not answered, cancelled: the row stays, 'Annulée' (so that the scan does not
 * ask again; 'Demander maintenant' does), its queued request and mail go, and Swikly is told by a job.
 */
export const cancel = (deps: Deps, id: string) =>
  withDeposit(deps, id, async (tx, row) => {
    if (row.status || row.settlement) throw refuse(DEPOSITS.cannotCancel);
    await depositRequestJob.cancel(deps, { deposit: row.id }, tx);
    await depositMailJob.cancel(deps, { deposit: row.id }, tx);
    await repo.updateDeposit(tx, row.id, { status: DEPOSITS.statusCancelled, error: null, editedTime: deps.now() });
    // a request may exist at Swikly (made, or its answer lost): the close job reads it and cancels it
    if (row.reference || row.email) await depositCloseJob.enqueue(deps, { deposit: row.id, reference: row.reference }, { tx });
  });

/**
 * The request made now, by staff: one never made (no address then, Swikly's refusal or outage, the guest
 * already arrived), or a new one after a refusal, an expiry or a cancel (a new row id: Swikly keeps our
 * reference unique). The client's name, address and language are read again; the current amount is asked.
 */
export const requestNow = (deps: Deps, user: DashboardUser, id: string) =>
  withDeposit(deps, id, async (tx, row) => {
    if (row.status === 'OK') throw refuse(DEPOSITS.alreadyDeposited);
    // made and waiting for the guest, or its job still on its way (a row without its reason yet)
    if (!row.status && (row.reference || row.error === null)) throw refuse(DEPOSITS.cannotRequest);
    const config = await getDepositSettings(tx);
    if (!isReady(config)) throw refuse(DEPOSITS.notConfigured);
    const contact = await repo.stayContact(tx, row.stayNumber);
    const now = deps.now();
    // on site until the end of the departure day (docs/people.md 'On site')
    if (!contact || contact.departure + 86400 <= now) throw refuse(DEPOSITS.stayOver);
    if (!contact.email) throw refuse(DEPOSITS.noEmailFix);
    await countMail(deps, tx, user, contact.email);
    const closed = row.status !== '';
    const next = closed ? newId() : row.id;
    await repo.updateDeposit(tx, row.id, {
      id: next,
      status: '',
      amount: config.amount,
      firstname: contact.firstname,
      lastname: contact.lastname,
      email: contact.email,
      lang: isLang(contact.lang) ? contact.lang : 'fr',
      arrival: contact.arrival,
      departure: contact.departure,
      reference: null,
      link: null,
      error: null,
      eventTime: null,
      depositedTime: null,
      settlement: null,
      claimed: null,
      settledTime: null,
      settledBy: null,
      settleState: null,
      settleError: null,
      createdTime: now,
      editedTime: now,
    });
    await depositRequestJob.enqueue(deps, { deposit: next, manual: true }, { tx });
    return next;
  });
