import { defineRecurring, every, type JobArea } from '../../jobs';
import { scanPrestay } from './prestay.run';

/** Every hour, the pre-stay scan queues the mails of the stays whose day has come (prestay.run.ts). Its kind keeps the name it had under emails/: databases hold rows of it. */
export const prestayScanJob = defineRecurring({ kind: 'emails.prestay', next: () => every(3600), handler: (deps) => scanPrestay(deps) });

export const prestayJobs: JobArea = [prestayScanJob];
