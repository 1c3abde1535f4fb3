import { defineRecurring, every, type JobArea } from '../../jobs';
import { scanPrestay } from './prestay';

/** Every hour, the pre-stay scan queues the mails of the stays whose day has come (prestay.ts). */
export const prestayScanJob = defineRecurring({ kind: 'emails.prestay', next: () => every(3600), handler: (deps) => scanPrestay(deps) });

export const emailsJobs: JobArea = [prestayScanJob];
