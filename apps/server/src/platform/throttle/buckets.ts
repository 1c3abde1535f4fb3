import type { Tx } from '../../db/client';
import { tooMany } from '../../http/errors';
import { secondsUntilFree, takeHits } from './throttle.repository';

/**
 * Mails to one e-mail address in an hour, whoever asks (the guest account's mails, staff sending a code):
 * one bucket per address, which every area sending such a mail counts in.
 */
export const MAILS_PER_RECIPIENT = 5;
export const MAIL_WINDOW = 3600;
export const recipientBucket = (email: string) => `mail:${email.trim().toLowerCase()}`;

/** A throttle bucket (rows in throttle_hits: every instance counts the same) and what a full one answers. */
export interface RefusingBucket {
  bucket: string;
  max: number;
  /** hits since this time count */
  since: number;
  /** the window's length, for the wait a refusal announces */
  window: number;
  /** the 429's sentence, given the seconds to wait when it names them */
  refusal: string | ((seconds: number) => string);
}

/**
 * Takes one hit in each bucket in the caller's transaction (so that a write refused later counts
 * nothing); when one is full nothing is taken and the answer is a 429 with its sentence and Retry-After.
 * Answers the ids of the hits taken, in the buckets' order, for a caller that may take some back.
 */
export async function takeOrRefuse(tx: Tx, buckets: RefusingBucket[], now: number): Promise<number[]> {
  const taken = await takeHits(tx, buckets, now);
  if (!('full' in taken)) return taken.ids;
  const full = buckets.find((b) => b.bucket === taken.full)!;
  const seconds = await secondsUntilFree(tx, full, full.window, now);
  throw tooMany(typeof full.refusal === 'string' ? full.refusal : full.refusal(seconds), seconds);
}
