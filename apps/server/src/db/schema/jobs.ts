import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { epoch } from './types';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** The durable scheduler's jobs (src/jobs); indexes and checks are in drizzle/0007_jobs.sql. */
export const jobs = pgTable('jobs', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').$type<unknown>().notNull(),
  runAt: epoch('run_at').notNull(),
  status: text('status').$type<JobStatus>().notNull(),
  recurring: boolean('recurring').notNull(),
  attempts: integer('attempts').notNull(),
  maxAttempts: integer('max_attempts').notNull(),
  lastError: text('last_error'),
  lockedBy: text('locked_by'),
  lockedUntil: epoch('locked_until'),
  dedupeKey: text('dedupe_key').unique(),
  createdTime: epoch('created_time').notNull(),
  updatedTime: epoch('updated_time').notNull(),
  finishedTime: epoch('finished_time'),
});
