import { z } from 'zod';
import { defineJob, defineRecurring, every, type JobArea } from '../../jobs';
import { sendAlert } from './alert-mail';
import { scanInvitations, sendInvitation } from './invite';

/** One invitation's push or e-mail (invite.ts); retried on a passing mail failure. */
export const reviewInviteJob = defineJob({
  kind: 'reviews.invite',
  payload: z.object({ invitation: z.string() }),
  attempts: 6,
  handler: (deps, job) => sendInvitation(deps, job.payload.invitation),
});

/** Every 15 minutes: the stays whose departure + delay has come get their invitation rows and send jobs. */
export const reviewScanJob = defineRecurring({
  kind: 'reviews.scan',
  next: () => every(900),
  handler: (deps) =>
    scanInvitations(deps, (tx, invitation) => reviewInviteJob.enqueue(deps, { invitation }, { tx, dedupeKey: `reviews.invite:${invitation}` })),
});

/** A low score e-mailed to the staff at once (alert-mail.ts), queued in the submit's transaction. */
export const reviewAlertJob = defineJob({
  kind: 'reviews.alert',
  payload: z.object({ review: z.string() }),
  handler: (deps, job) => sendAlert(deps, job.payload.review),
});

/** The reviews area's background jobs (docs/conventions.md, 'A background job'). */
export const reviewsJobs: JobArea = [reviewScanJob, reviewInviteJob, reviewAlertJob];
