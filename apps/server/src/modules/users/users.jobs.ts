import { z } from 'zod';
import { AUDIT_CHANGES } from '@campsite/shared';
import { declareJob, defineRecurring, every, type JobArea } from '../../jobs';
import { purgeThrottles } from '../../platform/throttle/sign-in';

/** The sign-in and mail throttles' rows past their windows go every hour. */
export const throttleCleanupJob = defineRecurring({ kind: 'throttle.cleanup', next: () => every(3600), handler: (deps) => purgeThrottles(deps) });

const noticePayload = z.object({
  /** the address the account had before the change: a taken-over account's new address is the taker's */
  to: z.string(),
  firstname: z.string(),
  time: z.number(),
  /** the colleague who made the change ('Léa Martin (lea.martin)'), or null for the owner's own session */
  by: z.string().nullable(),
  changes: z.array(z.enum(AUDIT_CHANGES)),
  newEmail: z.string().optional(),
  newUsername: z.string().optional(),
});
/** What the owner of a staff account is told when its password, e-mail or identifier changed. */
export type AccountNotice = z.input<typeof noticePayload>;

/**
 * The notice is a job queued in the change's transaction: it exists if the change does, the answer never
 * waits on the mail server, a passing failure is retried, and a refusal (an unknown mailbox) ends it
 * (users.mail.ts).
 */
export const staffNoticeJob = declareJob({ kind: 'users.notice', payload: noticePayload, attempts: 5 });

export const usersJobs: JobArea = [throttleCleanupJob];
