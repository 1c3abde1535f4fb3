import { z } from 'zod';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { defineJob, defineRecurring, type JobArea } from '../../jobs';
import { runImport } from './imports.run';
import { pmsNext, readPms, runPms } from './pms.run';

/** An import started from the dashboard: durable, once across instances, resumed after a restart. */
export const importJob = defineJob({
  kind: 'people.import',
  payload: z.object({ id: z.string() }),
  attempts: 3,
  async handler(deps, job) {
    const finished = await runImport(deps, job.payload.id, job.signal);
    return finished ? undefined : { again: deps.now() };
  },
});

/** The PMS gateway: every day at the configured period, its FTP exports imported (pms.run.ts). */
export const pmsJob = defineRecurring({ kind: 'pms.import', next: pmsNext, handler: runPms, attempts: 3 });

/** After the settings changed: the next run follows the new period (read again first). */
export async function reschedulePms(deps: Deps, tx: Tx = deps.db) {
  await readPms(deps, tx);
  await pmsJob.reschedule(deps, tx);
}

/** The people area's jobs. */
export const importsJobs: JobArea = [importJob, pmsJob];
