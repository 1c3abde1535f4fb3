import type { JobArea } from '../../jobs';

/** The chat area's background jobs (docs/conventions.md, 'A background job'). */
export const chatJobs: JobArea = [];
