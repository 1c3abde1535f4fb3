import { eq, getTableColumns } from 'drizzle-orm';
import type { Animation } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { animationDates, animations, files } from '../../db/schema';

type Row = typeof animations.$inferSelect;

export function toAnimation(row: Omit<Row, 'cover'> & { cover?: string | null }, { nocover = false } = {}): Animation {
  return {
    _id: row.id,
    category: row.category,
    ...(nocover ? {} : { cover: row.cover ?? null }),
    front: row.front,
    translations: row.translations as Animation['translations'],
    service_benefit: row.serviceBenefit,
    user: row.userId,
    created_time: row.createdTime,
    edited_time: row.editedTime,
  };
}

/** Every activity, without its cover when the call leaves it out. */
export async function listAnimations(db: Tx, { nocover = false } = {}): Promise<(Omit<Row, 'cover'> & { cover?: string | null })[]> {
  const { cover: _cover, ...rest } = getTableColumns(animations);
  return nocover ? db.select(rest).from(animations) : db.select().from(animations);
}

export async function findAnimation(db: Tx, id: string): Promise<Row | undefined> {
  return (await db.select().from(animations).where(eq(animations.id, id)).limit(1))[0];
}

export async function insertAnimation(db: Tx, row: typeof animations.$inferInsert): Promise<Row> {
  return (await db.insert(animations).values(row).returning())[0];
}

export async function updateAnimation(db: Tx, id: string, set: Partial<typeof animations.$inferInsert>): Promise<Row | undefined> {
  return (await db.update(animations).set(set).where(eq(animations.id, id)).returning())[0];
}

/** The activity and its dates. */
export async function deleteAnimation(db: Tx, id: string): Promise<boolean> {
  await db.delete(animationDates).where(eq(animationDates.animation, id));
  return (await db.delete(animations).where(eq(animations.id, id)).returning({ id: animations.id })).length > 0;
}

/** What a cover must be: a stored image, and its size to check the 5 MB limit. */
export async function coverFile(db: Tx, id: string) {
  return (await db.select({ kind: files.kind, size: files.size }).from(files).where(eq(files.id, id)).limit(1))[0];
}
