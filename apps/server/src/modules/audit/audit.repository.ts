import { asc, count, desc, eq, or } from 'drizzle-orm';
import type { AuditEntry } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

type Row = typeof auditLog.$inferSelect;

export function toAuditEntry(row: Row): AuditEntry {
  return {
    _id: row.id,
    time: row.time,
    actor: { _id: row.actorId, username: row.actorUsername },
    target: { _id: row.targetId, username: row.targetUsername, kind: row.targetKind },
    changes: row.changes,
    detail: row.detail,
  };
}

// The write other areas call, with their change, is on the platform floor (platform/audit).

/** A page of the log, newest first by default; `user` keeps the changes made by or on that account. */
export async function listEntries(db: Tx, q: { page: number; per_page: number; order: 'asc' | 'desc'; user?: string }) {
  const where = q.user ? or(eq(auditLog.actorId, q.user), eq(auditLog.targetId, q.user)) : undefined;
  const dir = q.order === 'asc' ? asc : desc;
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(dir(auditLog.time), dir(auditLog.id)).limit(q.per_page).offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows: rows.map(toAuditEntry), total: n };
}
