import { z } from 'zod';
import { declareJob } from '../../jobs';

/**
 * The account mails a guest's request asks for are jobs, queued in the request's transaction: the answer
 * never waits on the SMTP server (nor tells, by its time, whether a mail went), a passing failure is
 * retried with back-off, and the link is made when the mail goes, so that no job holds a usable token.
 * The client erasure drops an erased guest's queued mails by this kind. Sent by account.mail.ts.
 */
export const accountMailJob = declareJob({
  kind: 'account.mail',
  payload: z.object({ kind: z.enum(['activate', 'reset', 'taken']), user: z.string() }),
  attempts: 5,
});
