import { z } from 'zod';
import { call } from './call';

/**
 * Calls for a supervisor or a load balancer, not for the apps: declared here like every call (their path and
 * answer are typed once, the OpenAPI document shows them), but kept out of `contract`, which is the spec's call
 * table plus the calls it leaves to us. The server serves them by hand (http/health.ts): never cached, no
 * session, and `ready` answers 503 with the same shape when something is not ready.
 */
const check = z.object({
  ok: z.boolean(),
  /** why not, in French, for whoever runs the server */
  reason: z.string().optional(),
});

export const readiness = z.object({
  ready: z.boolean(),
  checks: z.object({ database: check, migrations: check, jobs: check }),
});
export type Readiness = z.infer<typeof readiness>;

export const infrastructure = {
  health: call('GET', 'health', {
    access: 'public',
    answer: z.object({ status: z.literal('ok'), version: z.string() }),
    summary: 'Says that the process answers (liveness): 200 while it runs, whatever its database',
  }),
  ready: call('GET', 'ready', {
    access: 'public',
    answer: readiness,
    summary: 'Says whether this instance can serve (readiness): database reachable, migrations done, jobs taken by some instance; 503 otherwise',
  }),
};
