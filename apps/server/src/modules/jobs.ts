import type { Deps } from '../http/deps';
import type { JobArea, Scheduler } from '../jobs';
import { accountJobs } from './account/account.jobs';
import { cronMailJobs } from './cron-mail/cron-mail.jobs';
import { emailsJobs } from './emails/emails.jobs';
import { importsJobs } from './imports/imports.jobs';
import { notificationsJobs } from './notifications/notifications.jobs';
import { usersJobs } from './users/users.jobs';

/**
 * Every area's background jobs, as modules/index.ts lists the routes: a new area adds its `<area>.jobs.ts`
 * here. app.ts hands the list to the scheduler (jobs/ never imports a module).
 */
// TEMPORARY: the two areas whose files are being edited by others keep their register function until converted
const legacy = (kind: string, register: (s: Scheduler, d: Deps) => void): JobArea => [{ kind, register, reschedule: async () => {} }];
export const jobAreas: readonly JobArea[] = [importsJobs, cronMailJobs, emailsJobs, usersJobs, accountJobs, legacy('notifications', notificationsJobs)];
