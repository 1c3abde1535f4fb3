import { z } from 'zod';
import { declareJob, defineRecurring, every, type JobArea } from '../../jobs';
import { scanInvitations } from './invite.run';

/** One invitation's push or e-mail (reviews.mail.ts); retried on a passing mail failure. */
export const reviewInviteJob = declareJob({ kind: 'reviews.invite', payload: z.object({ invitation: z.string() }), attempts: 6 });

/** Every 15 minutes: the stays whose departure + delay has come get their invitation rows and send jobs. */
export const reviewScanJob = defineRecurring({
  kind: 'reviews.scan',
  next: () => every(900),
  handler: (deps) =>
    scanInvitations(deps, (tx, invitation) => reviewInviteJob.enqueue(deps, { invitation }, { tx, dedupeKey: `reviews.invite:${invitation}` })),
});

/** A low score e-mailed to the staff at once (reviews.mail.ts), queued in the submit's transaction. */
export const reviewAlertJob = declareJob({ kind: 'reviews.alert', payload: z.object({ review: z.string() }) });

/** The reviews area's background jobs (docs/conventions.md, 'A background job'); its mails are in reviews.mail.ts. */
export const reviewsJobs: JobArea = [reviewScanJob];
