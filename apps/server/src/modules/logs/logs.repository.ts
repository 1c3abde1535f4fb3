import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { sessions, visitLogs } from '../../db/schema';

export interface NewVisit {
  time: number;
  userId: string | null;
  visitor: string;
  installed: boolean;
  component: string;
}

export async function insertVisit(db: Tx, visit: NewVisit) {
  await db.insert(visitLogs).values(visit);
}

/** The guest account of a webapp session token (by its hash), or null when none is valid. */
export async function webappUserIdOfHash(db: Tx, tokenHash: string, now: number): Promise<string | null> {
  const rows = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), eq(sessions.kind, 'webapp'), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0]?.userId ?? null;
}

export async function listVisits(db: Tx, page: number, limit: number) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(visitLogs)
      // the id breaks ties between visits of the same second, so that pages never overlap
      .orderBy(desc(visitLogs.time), desc(visitLogs.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(visitLogs),
  ]);
  return {
    total,
    logs: rows.map((r) => ({
      _id: String(r.id),
      time: r.time,
      user: r.userId,
      visitor: r.visitor,
      app: r.installed,
      component: r.component,
    })),
  };
}
