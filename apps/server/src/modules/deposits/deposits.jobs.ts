import { z } from 'zod';
import { DEPOSITS } from '@campsite/shared';
import type { JobArea } from '../../jobs';
import { declareJob, defineJob, defineRecurring, every } from '../../jobs';
import * as repo from './deposits.repository';
import { closeRequest, failIntent, makeRequest, scanDue, settleIntent } from './deposits.run';

// The deposit flow (issue 25): a scan finds the stays due for a deposit and makes one row each (once per
// stay, whichever instance scans); each row's request at the provider is a job of its own, and so is the
// mail that brings the guest the link. A request no deposit stands for any more (the client erased, the
// stay moved or no longer asking for one) is closed at the provider by a job of its own, queued with the
// change (deposits.hooks.ts).

/**
 * Closes one request at the provider: cancelled while pending, released once accepted (payload: our
 * deposit id, which is its customId, and its reference when known). Swikly down: retried with back-off.
 */
export const depositCloseJob = defineJob({
  kind: 'deposits.close',
  payload: z.object({ deposit: z.string(), reference: z.string().nullable() }),
  attempts: 10,
  async handler(deps, job) {
    const outcome = await closeRequest(deps, job.payload.deposit, job.payload.reference);
    if ('again' in outcome) return { again: outcome.again };
  },
});

/**
 * A release or claim staff asked for (payload: the deposit's id and its request's reference): the intent
 * was recorded with the click, in the same transaction as this job (deposits.service settle); the job
 * calls Swikly and records its answer. Swikly down: retried with back-off for about six hours, then the
 * intent fails with the sentence staff read and the mark is put back (they may try again).
 */
export const depositSettleJob = defineJob({
  kind: 'deposits.settle',
  payload: z.object({ deposit: z.string(), reference: z.string() }),
  attempts: 12,
  onGiveUp: async (deps, job) => {
    await failIntent(deps, job.payload.deposit, DEPOSITS.providerDown);
  },
  async handler(deps, job) {
    const outcome = await settleIntent(deps, job.payload.deposit, job.payload.reference);
    if ('again' in outcome) return { again: outcome.again };
    // the deposit went while its intent was pending (the client erased): its request is closed as theirs
    if ('gone' in outcome) await depositCloseJob.enqueue(deps, { deposit: job.payload.deposit, reference: outcome.gone.reference });
  },
});

/** The guest's mail with the link, once per deposit (deposits.mail.ts). */
export const depositMailJob = declareJob({ kind: 'deposits.mail', payload: z.object({ deposit: z.string() }) });

/** The provider request of one deposit (payload: its id), then its mail. */
export const depositRequestJob = defineJob({
  kind: 'deposits.request',
  /** manual: staff asked ('Demander maintenant'), even once the guest arrived */
  payload: z.object({ deposit: z.string(), manual: z.boolean().optional() }),
  attempts: 8,
  // Swikly down for the eight tries (about two hours): staff read why in the deposit's detail
  onGiveUp: async (deps, job) => {
    await repo.updateDeposit(deps.db, job.payload.deposit, { error: DEPOSITS.providerDown, editedTime: deps.now() });
  },
  async handler(deps, job) {
    const outcome = await makeRequest(deps, job.payload.deposit, job.attempt, job.payload.manual ?? false);
    if ('again' in outcome) return { again: outcome.again };
    if (outcome.orphan) await depositCloseJob.enqueue(deps, { deposit: job.payload.deposit, reference: outcome.orphan.reference });
    if (outcome.mail) await depositMailJob.enqueue(deps, { deposit: job.payload.deposit }, { dedupeKey: `deposits.mail:${job.payload.deposit}` });
  },
});

const enqueueRequest = (deps: Parameters<typeof scanDue>[0]) => async (tx: Parameters<Parameters<typeof scanDue>[1]>[0], id: string) => {
  await depositRequestJob.enqueue(deps, { deposit: id }, { tx, dedupeKey: `deposits.request:${id}` });
};

/** Every quarter of an hour: the stays that became due (a day passed, a stay imported, a type switched on). */
export const depositScanJob = defineRecurring({
  kind: 'deposits.scan',
  next: () => every(900),
  async handler(deps, job) {
    for (;;) {
      const { more } = await scanDue(deps, enqueueRequest(deps));
      if (!more || job.signal.aborted) return;
    }
  },
});

/** The same scan at once, after staff changed the settings or a type's switch. */
export const depositScanNowJob = defineJob({
  kind: 'deposits.scan-now',
  payload: z.object({}),
  async handler(deps) {
    for (let i = 0; i < 50; i++) if (!(await scanDue(deps, enqueueRequest(deps))).more) return;
  },
});

export const depositsJobs: JobArea = [depositScanJob, depositScanNowJob, depositRequestJob, depositCloseJob, depositSettleJob];
