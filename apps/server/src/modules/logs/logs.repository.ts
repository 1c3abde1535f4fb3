import { count, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { statsSalts, visitLogs } from '../../db/schema';

export interface NewVisit {
  time: number;
  visitor: string;
  installed: boolean;
  component: string;
  target: string | null;
}

export async function insertVisit(db: Tx, visit: NewVisit) {
  // no account: audience measurement keeps no personal data (docs/statistics.md)
  await db.insert(visitLogs).values({ ...visit, userId: null });
}

/** The salt of `day`, drawn by the first instance that needs it (the others read the same row). */
export async function saltOfDay(db: Tx, day: string, fresh: string): Promise<string> {
  await db.insert(statsSalts).values({ day, salt: fresh }).onConflictDoNothing();
  return (await db.select({ salt: statsSalts.salt }).from(statsSalts).where(eq(statsSalts.day, day)))[0].salt;
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
      target: r.target,
    })),
  };
}
