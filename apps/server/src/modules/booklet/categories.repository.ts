import { asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Category } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { bookletCategories, icons } from '../../db/schema';
import { previews, previewSql } from '../icons/public';

export type CategoryRow = typeof bookletCategories.$inferSelect;

export async function toCategories(db: Tx, rows: CategoryRow[]): Promise<Category[]> {
  const prev = await previews(db, rows.map((r) => r.icon));
  return rows.map((r) => ({
    _id: r.id,
    group: r.groupId,
    type: r.type,
    icon: r.icon,
    order: r.sortOrder,
    translations: r.translations,
    prev: prev.get(r.icon) ?? null,
  }));
}

/** Categories as sent (of one rubric, or all), the preview of their icon joined: one statement. */
export async function readCategories(db: Tx, groupId?: string): Promise<Category[]> {
  const c = bookletCategories;
  const rows = await db
    .select({ id: c.id, groupId: c.groupId, type: c.type, icon: c.icon, sortOrder: c.sortOrder, translations: c.translations, prev: previewSql('icons') })
    .from(c)
    .leftJoin(icons, eq(icons.id, c.icon))
    .where(groupId === undefined ? undefined : eq(c.groupId, groupId))
    .orderBy(asc(c.sortOrder), asc(c.createdTime), asc(c.id));
  return rows.map((r) => ({ _id: r.id, group: r.groupId, type: r.type, icon: r.icon, order: r.sortOrder, translations: r.translations, prev: r.prev ?? null }));
}

export async function allCategories(db: Tx): Promise<CategoryRow[]> {
  return db.select().from(bookletCategories).orderBy(asc(bookletCategories.sortOrder), asc(bookletCategories.createdTime), asc(bookletCategories.id));
}

export async function categoriesOfGroup(db: Tx, groupId: string): Promise<CategoryRow[]> {
  return db
    .select()
    .from(bookletCategories)
    .where(eq(bookletCategories.groupId, groupId))
    .orderBy(asc(bookletCategories.sortOrder), asc(bookletCategories.createdTime), asc(bookletCategories.id));
}

export async function findCategory(db: Tx, id: string): Promise<CategoryRow | undefined> {
  return (await db.select().from(bookletCategories).where(eq(bookletCategories.id, id)).limit(1))[0];
}

export async function findCategories(db: Tx, ids: string[]): Promise<CategoryRow[]> {
  return ids.length ? db.select().from(bookletCategories).where(inArray(bookletCategories.id, ids)) : [];
}

export async function nextOrder(db: Tx, groupId: string): Promise<number> {
  const [row] = await db.select({ n: max(bookletCategories.sortOrder) }).from(bookletCategories).where(eq(bookletCategories.groupId, groupId));
  return row?.n === null || row?.n === undefined ? 0 : row.n + 1;
}

export async function insertCategory(db: Tx, row: typeof bookletCategories.$inferInsert): Promise<CategoryRow> {
  return (await db.insert(bookletCategories).values(row).returning())[0];
}

export async function updateCategory(db: Tx, id: string, set: Partial<typeof bookletCategories.$inferInsert>): Promise<CategoryRow | undefined> {
  return (await db.update(bookletCategories).set(set).where(eq(bookletCategories.id, id)).returning())[0];
}

export async function deleteCategory(db: Tx, id: string): Promise<boolean> {
  return (await db.delete(bookletCategories).where(eq(bookletCategories.id, id)).returning({ id: bookletCategories.id })).length > 0;
}

/** Orders 0, 1, 2… in the order of `ids`, in one statement. */
export async function setOrders(db: Tx, ids: string[]) {
  if (!ids.length) return;
  const cases = sql.join(ids.map((id, i) => sql`WHEN ${id} THEN ${i}::integer`), sql` `);
  await db
    .update(bookletCategories)
    .set({ sortOrder: sql`CASE ${bookletCategories.id} ${cases} END` })
    .where(inArray(bookletCategories.id, ids));
}
