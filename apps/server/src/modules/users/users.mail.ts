import type { JobArea } from '../../jobs';
import { handleMailJob } from '../../platform/mail/job';
import { sendTemplate } from '../../platform/mail/send';
import { staffNoticeJob } from './users.jobs';

/** The staff account notice (platform/mail/staff.ts), to the address the account had before the change. */
export const usersMails: JobArea = [
  handleMailJob(staffNoticeJob, async (deps, { payload: { to, firstname, ...notice } }) => {
    await sendTemplate(deps, 'staff-notice', { email: to, firstname, lastname: '', code: null, lang: 'fr' }, notice);
  }),
];
