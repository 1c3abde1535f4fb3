import { CORE } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { MAILS_PER_RECIPIENT, MAIL_WINDOW, recipientBucket, takeOrRefuse, type RefusingBucket } from '../../platform/throttle/buckets';
import { dropHits } from '../../platform/throttle/throttle.repository';

/**
 * Throttles of the guest account calls, as rows in the database (throttle_hits) so that every instance
 * sees them. A campsite's guests often share one address (the site's Wi-Fi), so the per-address numbers
 * leave room for a busy arrival day; what an attacker wants (mails to strangers, guessed codes) has its
 * own, tighter limit.
 */
const WINDOW = 15 * 60;
/** every account call of one address (sign-up, activation, resend, password request and reset) */
export const CALLS_PER_ADDRESS = 60;
/** wrong activation codes from one address: a right code is taken back, so only guesses count */
export const WRONG_CODES_PER_ADDRESS = 10;
/** account mails to one e-mail address in an hour (activation, password, 'you already have an account'): the floor's per-recipient bucket */
export { MAILS_PER_RECIPIENT, MAIL_WINDOW };
/** accounts not activated yet that one code may have created in a day */
export const UNACTIVATED_PER_CODE = 5;
export const CODE_WINDOW = 86400;

type Kind = 'call' | 'code' | 'mail';
const REFUSALS: Record<Kind, string> = { call: CORE.tooManyAccountRequests, code: CORE.tooManyCodes, mail: CORE.tooManyAccountRequests };

/**
 * Counts this request in the buckets asked for: its address's calls, its address's code tries, the mails
 * to `email`. 429 with a French sentence when one is full (nothing counted then). Answers the rows
 * written per kind, so that a code try found right can be taken back.
 */
export async function countRequest(deps: Deps, ip: string, kinds: { code?: boolean; email?: string } = {}) {
  const now = deps.now();
  const bucket = (kind: Kind, name: string, max: number, window: number) => ({ kind, bucket: name, max, since: now - window, window, refusal: REFUSALS[kind] });
  const buckets: (RefusingBucket & { kind: Kind })[] = [bucket('call', `account-ip:${ip}`, CALLS_PER_ADDRESS, WINDOW)];
  if (kinds.code) buckets.push(bucket('code', `code-ip:${ip}`, WRONG_CODES_PER_ADDRESS, WINDOW));
  if (kinds.email !== undefined) buckets.push(bucket('mail', recipientBucket(kinds.email), MAILS_PER_RECIPIENT, MAIL_WINDOW));
  const taken = await takeOrRefuse(deps.db, buckets, now);
  const ids = (kind: Kind) => taken.filter((_, i) => buckets[i].kind === kind);
  return {
    /** the code was right: it was not a guess */
    codeWasRight: () => dropHits(deps.db, ids('code')),
    /** the request is refused after all (a 429 further on): a refusal writes nothing */
    takeBack: () => dropHits(deps.db, taken),
  };
}

/**
 * Counts a mail to `email` in the caller's transaction (a sign-up counts it only once its code is known
 * to be right, whichever mail it then sends); 429 when the recipient had MAILS_PER_RECIPIENT this hour.
 */
export async function countMail(deps: Deps, tx: Tx, email: string) {
  const now = deps.now();
  await takeOrRefuse(tx, [{ bucket: recipientBucket(email), max: MAILS_PER_RECIPIENT, since: now - MAIL_WINDOW, window: MAIL_WINDOW, refusal: REFUSALS.mail }], now);
}
