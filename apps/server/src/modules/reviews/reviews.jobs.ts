import type { JobArea } from '../../jobs';

/** The reviews area's background jobs (docs/conventions.md, 'A background job'). */
export const reviewsJobs: JobArea = [];
