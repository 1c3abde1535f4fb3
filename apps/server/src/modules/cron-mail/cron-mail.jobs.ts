import { z } from 'zod';
import { declareJob } from '../../jobs';

/** One batch of a campaign's addresses, by their positions [from, to). */
const batchPayload = z.object({ campaign: z.string(), from: z.number().int().min(0), to: z.number().int().min(0) });
export type BatchPayload = z.output<typeof batchPayload>;

/**
 * One batch of a campaign, tried 6 times (30 s, 60 s, 120 s…); sent by cron-mail.mail.ts, which marks the
 * addresses of a batch given up as failed.
 */
export const campaignBatchJob = declareJob({ kind: 'emails.batch', payload: batchPayload, attempts: 6 });
