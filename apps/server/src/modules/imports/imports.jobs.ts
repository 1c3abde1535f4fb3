import type { Scheduler } from '../../jobs';
import type { Deps } from '../../http/deps';
import { IMPORT_JOB, runImport } from './imports.service';
import { pmsJobs } from './pms';

/** The people area's jobs: imports started from the dashboard (and, below, the PMS gateway). */
export function importsJobs(jobs: Scheduler, deps: Deps) {
  jobs.registerHandler<{ id: string }>(
    IMPORT_JOB,
    async (job) => {
      const finished = await runImport(deps, job.payload.id, job.signal);
      return finished ? undefined : { again: deps.now() };
    },
    { maxAttempts: 3 },
  );
  pmsJobs(jobs, deps);
}
