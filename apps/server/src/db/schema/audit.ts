import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { AuditChange } from '@campsite/shared';
import { epoch } from './types';

/**
 * Who changed whose staff account (drizzle/0010_audit.sql): written in the transaction of the change,
 * read by super users only. No reference to dashboard_users: a deleted account's history stays, with
 * both identifiers as they were at the time.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    time: epoch('time').notNull(),
    actorId: text('actor_id').notNull(),
    actorUsername: text('actor_username').notNull(),
    targetId: text('target_id').notNull(),
    targetUsername: text('target_username').notNull(),
    /** drizzle/0014: 'client' when the row records a client file's erasure (target_id is its number) */
    targetKind: text('target_kind').$type<'staff' | 'client'>().notNull().default('staff'),
    changes: text('changes').array().$type<AuditChange[]>().notNull(),
    /** the values before and after (never a password): { email: { from, to }, … } */
    detail: jsonb('detail').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
  },
  (t) => [index('audit_log_time_idx').on(t.time, t.id)],
);
