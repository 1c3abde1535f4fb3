import { CHAT } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { takeOrRefuse, type RefusingBucket } from '../../platform/throttle/buckets';

/**
 * What one guest account may send (rows in throttle_hits: every instance counts the same). Enough for a
 * real exchange (a few lines, a photo, a correction), not for flooding the office's inbox.
 */
export const MESSAGES_PER_WINDOW = 30;
export const MESSAGE_WINDOW = 10 * 60;
export const CONVERSATIONS_PER_DAY = 10;
const DAY = 86400;

/**
 * Counts one message (and one new conversation) in the writing transaction, so that a write refused
 * later counts nothing; 429 with the sentence and Retry-After when full.
 */
export async function countGuestMessage(deps: Deps, tx: Tx, guestId: string, starts: boolean) {
  const now = deps.now();
  const buckets: RefusingBucket[] = [{ bucket: `chat-msg:${guestId}`, max: MESSAGES_PER_WINDOW, since: now - MESSAGE_WINDOW, window: MESSAGE_WINDOW, refusal: CHAT.tooManyMessages }];
  if (starts) buckets.push({ bucket: `chat-conv:${guestId}`, max: CONVERSATIONS_PER_DAY, since: now - DAY, window: DAY, refusal: CHAT.tooManyConversations });
  await takeOrRefuse(tx, buckets, now);
}
