import { z } from 'zod';
import { call, staff } from './call';
import { id } from './common';
import { pageFields, pageOf } from './listing';

/**
 * What a change touched, as the audit log names it: a staff account's credentials or flags, or a client
 * file erased with its stays and guest accounts (issue 20, GDPR erasure).
 */
export const AUDIT_CHANGES = ['password', 'email', 'username', 'permissions', 'erasure'] as const;
export type AuditChange = (typeof AUDIT_CHANGES)[number];

const who = z.object({ _id: z.string(), username: z.string() });

/** One change of a staff account: who made it, on whose account, what, when (never a password). */
export const auditEntryDoc = z.object({
  _id: z.string(),
  time: z.number(),
  /** both identifiers as they were at the time (the log outlives a deleted account) */
  actor: who,
  /** a staff account, or a client file (`_id` and `username` are then its client number, never a name) */
  target: who.extend({ kind: z.enum(['staff', 'client']) }),
  changes: z.array(z.enum(AUDIT_CHANGES)),
  /** before and after, for the e-mail, the identifier and the flags */
  detail: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
});
export type AuditEntry = z.infer<typeof auditEntryDoc>;

export const audit = {
  list: call('GET', 'dashboard/audit/list', {
    ...staff('super'),
    query: z.object({
      ...pageFields(['time'] as const, 'time'),
      /** newest first unless asked otherwise */
      order: z.enum(['asc', 'desc']).default('desc'),
      /** only the changes made by or on this staff account */
      user: id.optional(),
    }),
    answer: pageOf(auditEntryDoc),
    summary: 'Changes of staff passwords, e-mails, identifiers and flags, and client erasures, newest first (super only; not in the spec)',
  }),
};
