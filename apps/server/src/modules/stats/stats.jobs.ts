import type { JobArea } from '../../jobs';

/** The stats area's background jobs (docs/conventions.md, 'A background job'). */
export const statsJobs: JobArea = [];
