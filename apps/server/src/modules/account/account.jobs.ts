import { z } from 'zod';
import { mailFailure } from '../../integrations/mailer';
import { defineJob, type JobArea } from '../../jobs';
import { sendAccountMail } from './account.mails';
import * as repo from './account.repository';

/**
 * The account mails a guest's request asks for are jobs, queued in the request's transaction: the answer
 * never waits on the SMTP server (nor tells, by its time, whether a mail went), a passing failure is
 * retried with back-off, and the link is made when the mail goes, so that no job holds a usable token.
 * The client erasure drops an erased guest's queued mails by this kind.
 */
export const accountMailJob = defineJob({
  kind: 'account.mail',
  payload: z.object({ kind: z.enum(['activate', 'reset', 'taken']), user: z.string() }),
  attempts: 5,
  async handler(deps, job) {
    const { kind, user } = job.payload;
    const row = await repo.findById(deps.db, user);
    if (!row || (kind === 'activate' && row.activate)) return;
    const token = kind === 'taken' ? null : await repo.newLink(deps.db, row.id, kind, deps.now());
    try {
      await sendAccountMail(deps, kind, row, token);
    } catch (err) {
      // refused for good (an unknown mailbox): trying again would not help
      if (mailFailure(err).kind === 'refused') return;
      throw err;
    }
  },
});

export const accountJobs: JobArea = [accountMailJob];
