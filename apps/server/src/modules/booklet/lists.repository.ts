import { asc, eq, sql } from 'drizzle-orm';
import type { List } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { bookletLists, type StoredElement } from '../../db/schema';
import { previews, previewsOfItems } from '../icons/public';

export type ListRow = typeof bookletLists.$inferSelect;

/** The wire shape: elements get their key and order (their index) and the preview of their icon. */
export async function toLists(db: Tx, rows: ListRow[], opts: { nocover?: boolean } = {}): Promise<List[]> {
  const prev = await previews(db, rows.flatMap((r) => r.elements.map((e) => e.icon)));
  return rows.map((r) => ({
    _id: r.id,
    category: r.categoryId,
    cover: opts.nocover ? null : r.cover,
    elements: r.elements.map((e, i) => ({ ...e, key: i, order: i, prev: prev.get(e.icon) ?? null })),
    translations: r.translations,
  }));
}

export async function toList(db: Tx, row: ListRow | undefined): Promise<List | false> {
  return row ? (await toLists(db, [row]))[0] : false;
}

export async function findList(db: Tx, id: string): Promise<ListRow | undefined> {
  return (await db.select().from(bookletLists).where(eq(bookletLists.id, id)).limit(1))[0];
}

/** The list, locked until the end of the transaction: its elements are written back whole. */
export async function lockList(tx: Tx, id: string): Promise<ListRow | undefined> {
  return (await tx.select().from(bookletLists).where(eq(bookletLists.id, id)).limit(1).for('update'))[0];
}

export async function findListByCategory(db: Tx, categoryId: string): Promise<ListRow | undefined> {
  return (await db.select().from(bookletLists).where(eq(bookletLists.categoryId, categoryId)).limit(1))[0];
}

/** Lists as sent (one by category, or all), the previews of their elements' icons in the same statement. */
export async function readLists(db: Tx, opts: { nocover?: boolean; category?: string }): Promise<List[]> {
  const l = bookletLists;
  const rows: { id: string; categoryId: string; cover?: string | null; elements: StoredElement[]; translations: List['translations']; prev: Record<string, string | null> | null }[] =
    await db
      .select({
        id: l.id,
        categoryId: l.categoryId,
        ...(opts.nocover ? {} : { cover: l.cover }),
        elements: l.elements,
        translations: l.translations,
        prev: previewsOfItems(l.elements, 'icon'),
      })
      .from(l)
      .where(opts.category === undefined ? undefined : eq(l.categoryId, opts.category))
      .orderBy(asc(l.createdTime), asc(l.id));
  return rows.map((r) => ({
    _id: r.id,
    category: r.categoryId,
    cover: r.cover ?? null,
    elements: r.elements.map((e, i) => ({ ...e, key: i, order: i, prev: r.prev?.[e.icon] ?? null })),
    translations: r.translations,
  }));
}

export async function insertList(db: Tx, row: typeof bookletLists.$inferInsert): Promise<ListRow> {
  return (await db.insert(bookletLists).values(row).returning())[0];
}

export async function updateList(db: Tx, id: string, set: Partial<typeof bookletLists.$inferInsert>): Promise<ListRow | undefined> {
  return (await db.update(bookletLists).set(set).where(eq(bookletLists.id, id)).returning())[0];
}

export async function deleteList(db: Tx, id: string): Promise<boolean> {
  return (await db.delete(bookletLists).where(eq(bookletLists.id, id)).returning({ id: bookletLists.id })).length > 0;
}

/** Lists whose elements open one of these pages (a page deleted on its own leaves no dangling element). */
export async function listsWithPage(db: Tx, pageId: string): Promise<ListRow[]> {
  return db
    .select()
    .from(bookletLists)
    .where(sql`${bookletLists.elements} @> ${JSON.stringify([{ page: pageId }])}::jsonb`);
}
