import type { JobArea } from '../jobs';
import { accountMails } from './account/account.mail';
import { backupsJobs } from './backups/backups.jobs';
import { chatMails } from './chat/chat.mail';
import { chatJobs } from './chat/translate.run';
import { cronMailMails } from './cron-mail/cron-mail.mail';
import { prestayJobs } from './cron-mail/prestay.jobs';
import { depositsJobs } from './deposits/deposits.jobs';
import { depositsMails } from './deposits/deposits.mail';
import { importsJobs } from './imports/imports.jobs';
import { notificationsJobs } from './notifications/notifications.jobs';
import { reviewsJobs } from './reviews/reviews.jobs';
import { reviewsMails } from './reviews/reviews.mail';
import { servicesMails } from './services/bookings.mail';
import { statsJobs } from './stats/stats.jobs';
import { statsMails } from './stats/stats.mail';
import { usersJobs } from './users/users.jobs';
import { usersMails } from './users/users.mail';

/**
 * Every area's background jobs, as modules/index.ts lists the routes: a new area adds its `<area>.jobs.ts`
 * here, and its `<area>.mail.ts` when it sends mail (a mail job's handler is bound there, apart from the
 * kind a service queues: queueing imports no mail code). app.ts hands the list to the scheduler (jobs/
 * never imports a module).
 */
export const jobAreas: readonly JobArea[] = [
  importsJobs,
  cronMailMails,
  prestayJobs,
  usersJobs,
  usersMails,
  accountMails,
  notificationsJobs,
  servicesMails,
  reviewsJobs,
  reviewsMails,
  depositsJobs,
  depositsMails,
  chatMails,
  chatJobs,
  statsJobs,
  statsMails,
  backupsJobs,
];
