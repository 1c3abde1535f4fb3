import type { Lang } from '@campsite/shared';
import { formatDate } from '@campsite/shared';
import type { JobArea } from '../../jobs';
import type { Slots } from '../../platform/mail/catalog';
import { handleMailJob } from '../../platform/mail/job';
import { sendTemplate } from '../../platform/mail/send';
import { depositMailJob } from './deposits.jobs';
import * as repo from './deposits.repository';

const euros = (cents: number, lang: Lang) => new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** The slots of the deposit mail (the catalog's 'deposit-email'): the amount in the mail's language, the stay's days. */
export function depositSlots(amount: number, arrival: number, departure: number, timeZone: string): Slots {
  return { amount: (lang) => euros(amount, lang), from: formatDate(arrival, timeZone), to: formatDate(departure, timeZone) };
}

/** The guest's mail with the link; an address refused for good: the guest still has the link in the app. */
export const depositsMails: JobArea = [
  handleMailJob(depositMailJob, async (deps, job) => {
    const row = await repo.findDeposit(deps.db, job.payload.deposit);
    const doc = row && (await repo.depositDocOf(deps.db, row.id));
    if (!row?.link || !doc || row.status) return;
    await sendTemplate(
      deps,
      'deposit-email',
      { email: row.email, firstname: row.firstname, lastname: row.lastname, code: null, lang: row.lang },
      { lien: row.link },
      { slots: depositSlots(row.amount, doc.arrival, doc.departure, deps.env.TIME_ZONE) },
    );
  }),
];
