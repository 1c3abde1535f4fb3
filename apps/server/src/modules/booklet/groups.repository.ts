import { eq } from 'drizzle-orm';
import type { Group } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { bookletGroups, icons } from '../../db/schema';
import { previews, previewSql } from '../icons/public';

type Row = typeof bookletGroups.$inferSelect;

export async function toGroups(db: Tx, rows: Row[]): Promise<Group[]> {
  const prev = await previews(db, rows.map((r) => r.icon));
  return rows.map((r) => ({ _id: r.id, icon: r.icon, translations: r.translations, prev: prev.get(r.icon) ?? null }));
}

/** Every rubric as sent, the preview of its icon joined: one statement. */
export async function readGroups(db: Tx): Promise<Group[]> {
  const rows = await db
    .select({ id: bookletGroups.id, icon: bookletGroups.icon, translations: bookletGroups.translations, prev: previewSql('icons') })
    .from(bookletGroups)
    .leftJoin(icons, eq(icons.id, bookletGroups.icon));
  return rows.map((r) => ({ _id: r.id, icon: r.icon, translations: r.translations, prev: r.prev ?? null }));
}

export async function findGroup(db: Tx, id: string): Promise<Row | undefined> {
  return (await db.select().from(bookletGroups).where(eq(bookletGroups.id, id)).limit(1))[0];
}

export async function insertGroup(db: Tx, row: typeof bookletGroups.$inferInsert): Promise<Row> {
  return (await db.insert(bookletGroups).values(row).returning())[0];
}

export async function updateGroup(db: Tx, id: string, set: Partial<typeof bookletGroups.$inferInsert>): Promise<Row | undefined> {
  return (await db.update(bookletGroups).set(set).where(eq(bookletGroups.id, id)).returning())[0];
}

export async function deleteGroup(db: Tx, id: string): Promise<boolean> {
  return (await db.delete(bookletGroups).where(eq(bookletGroups.id, id)).returning({ id: bookletGroups.id })).length > 0;
}
