import type { JobArea } from '../jobs';
import { accountJobs } from './account/account.jobs';
import { cronMailJobs } from './cron-mail/cron-mail.jobs';
import { prestayJobs } from './cron-mail/prestay.jobs';
import { importsJobs } from './imports/imports.jobs';
import { notificationsJobs } from './notifications/notifications.jobs';
import { usersJobs } from './users/users.jobs';
import { servicesJobs } from './services/services.jobs';
import { reviewsJobs } from './reviews/reviews.jobs';
import { depositsJobs } from './deposits/deposits.jobs';
import { chatJobs } from './chat/chat.jobs';
import { statsJobs } from './stats/stats.jobs';

/**
 * Every area's background jobs, as modules/index.ts lists the routes: a new area adds its `<area>.jobs.ts`
 * here. app.ts hands the list to the scheduler (jobs/ never imports a module).
 */
export const jobAreas: readonly JobArea[] = [importsJobs, cronMailJobs, prestayJobs, usersJobs, accountJobs, notificationsJobs, servicesJobs, reviewsJobs, depositsJobs, chatJobs, statsJobs];
