import type { z } from 'zod';
import type { Deps } from '../../http/deps';
import { mailFailure } from '../../integrations/mailer';
import { handleJob, type Job, type JobDef, type JobKind } from '../../jobs';

/**
 * Runs `send` and tells whether the mail left: false when the SMTP server refused its address for good
 * (an unknown mailbox: trying again would not help). A passing failure (4xx, no connection) throws, so
 * that the job fails this try and the scheduler retries it with the kind's back-off.
 */
export async function unlessRefused(send: () => Promise<unknown>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (err) {
    if (mailFailure(err).kind === 'refused') return false;
    throw err;
  }
}

/**
 * The handler of a job that sends one mail: the one place of the rule "an address refused for good ends
 * the job (after `refused`, which may record it); a passing failure is retried". Bound in the area's
 * `<area>.mail.ts`, apart from the kind's declaration in `<area>.jobs.ts`, which is all a service imports.
 */
export function handleMailJob<S extends z.ZodType>(
  declared: JobKind<S>,
  send: (deps: Deps, job: Job<z.output<S>>) => Promise<void>,
  refused?: (deps: Deps, job: Job<z.output<S>>) => Promise<void>,
): JobDef<S> {
  return handleJob(declared, async (deps, job) => {
    if (!(await unlessRefused(() => send(deps, job)))) await refused?.(deps, job);
  });
}
