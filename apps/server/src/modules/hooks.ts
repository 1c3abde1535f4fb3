import { adminSettingsChanged, clientErased, depositTypeSwitched, staysChanged } from '../platform/hooks';
import { accountMailJob } from './account/account.jobs';
import { dropAccountJobs } from './account/account.repository';
import { forgetDepositsOf, leaveOutDueNow, recheckDepositsOf } from './deposits/deposits.hooks';
import { reschedulePms } from './imports/imports.jobs';
import { forgetReviewsOf } from './reviews/reviews.repository';
import { forgetBookingsOf } from './services/bookings.repository';

/**
 * Every area's handlers of the hooks of platform/hooks, as modules/index.ts lists the routes and
 * modules/jobs.ts the job areas: the area where an action happens runs the hook and never imports these.
 * app.ts registers them when it builds the server.
 */
export function registerHooks() {
  // bookings (issue 22): the places stay taken, nothing names the person
  clientErased.on('services', (_deps, tx, c) => forgetBookingsOf(tx, c.accountIds, c.clientNumber));
  // reviews (issue 24): the invitations go, the reviews stay for the statistics but name nobody
  clientErased.on('reviews', (_deps, tx, c) => forgetReviewsOf(tx, c.accountIds, c.clientNumber));
  // the account mails queued for the erased accounts
  clientErased.on('account', async (_deps, tx, c) => {
    if (c.accountIds.length) await dropAccountJobs(tx, accountMailJob.kind, c.accountIds);
  });
  // deposits (issue 25): their requests at Swikly are cancelled, or released once accepted (a queued job)
  clientErased.on('deposits', (deps, tx, c) => forgetDepositsOf(deps, tx, c.stayNumbers));
  // deposits (issue 25): a pending request whose stay moved or no longer asks for one is cancelled
  staysChanged.on('deposits', async (deps, tx, s) => void (await recheckDepositsOf(deps, tx, s.stayNumbers)));
  // deposits (issue 32): a type switched on 'from now on only' leaves out its stays due now
  depositTypeSwitched.on('deposits', (deps, tx, t) => (t.deposit && t.fromNow ? leaveOutDueNow(deps, tx) : Promise.resolve()));
  // the PMS gateway's next run follows its period
  adminSettingsChanged.on('imports', (deps, tx) => reschedulePms(deps, tx));
}
