import type { JobArea } from '../../jobs';

/** The deposits area's background jobs (docs/conventions.md, 'A background job'). */
export const depositsJobs: JobArea = [];
