import { and, asc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AnimationDate } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { animationDates } from '../../db/schema';

type Row = typeof animationDates.$inferSelect;

export const toDate = (row: Row): AnimationDate => ({ _id: row.id, animation: row.animation, start: row.start, end: row.end });

/** By start; `from`/`to` bound the start (from inclusive, to exclusive) and use the start index. */
export async function listDates(db: Tx, { from, to, animation }: { from?: number; to?: number; animation?: string }): Promise<AnimationDate[]> {
  const where: SQL[] = [];
  if (from !== undefined) where.push(gte(animationDates.start, from));
  if (to !== undefined) where.push(lt(animationDates.start, to));
  if (animation) where.push(eq(animationDates.animation, animation));
  const rows = await db
    .select()
    .from(animationDates)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(animationDates.start), asc(animationDates.id));
  return rows.map(toDate);
}

/** One statement for the whole submission. */
export async function insertDates(db: Tx, rows: (typeof animationDates.$inferInsert)[]): Promise<AnimationDate[]> {
  const inserted = await db.insert(animationDates).values(rows).returning();
  return inserted.map(toDate).sort((a, b) => a.start - b.start);
}

export async function deleteDate(db: Tx, id: string): Promise<boolean> {
  return (await db.delete(animationDates).where(eq(animationDates.id, id)).returning({ id: animationDates.id })).length > 0;
}

export async function deleteByAnimation(db: Tx, animation: string): Promise<void> {
  await db.delete(animationDates).where(eq(animationDates.animation, animation));
}
