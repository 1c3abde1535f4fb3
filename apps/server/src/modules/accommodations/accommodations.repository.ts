import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accommodationCategories, accommodations, type StoredCategory } from '../../db/schema';

export type AccommodationRow = typeof accommodations.$inferSelect;
export type CategoryRow = typeof accommodationCategories.$inferSelect;

/** Every type by name, with how many categories its setup has (one query). */
export async function listAccommodations(db: Tx) {
  const counts = db
    .select({ id: accommodationCategories.accommodationId, n: count().as('n') })
    .from(accommodationCategories)
    .groupBy(accommodationCategories.accommodationId)
    .as('counts');
  return db
    .select({ row: accommodations, n: sql<number>`coalesce(${counts.n}, 0)::int` })
    .from(accommodations)
    .leftJoin(counts, eq(counts.id, accommodations.id))
    .orderBy(asc(sql`lower(${accommodations.name})`), asc(accommodations.id));
}

export async function findAccommodation(db: Tx, id: string, lock = false) {
  const q = db.select().from(accommodations).where(eq(accommodations.id, id)).limit(1);
  return (await (lock ? q.for('update') : q))[0];
}

export async function categoriesOf(db: Tx, accommodationIds: string[]): Promise<CategoryRow[]> {
  if (!accommodationIds.length) return [];
  return db
    .select()
    .from(accommodationCategories)
    .where(inArray(accommodationCategories.accommodationId, accommodationIds))
    .orderBy(asc(accommodationCategories.accommodationId), asc(accommodationCategories.position), asc(accommodationCategories.id));
}

export async function insertAccommodation(db: Tx, row: typeof accommodations.$inferInsert) {
  return (await db.insert(accommodations).values(row).returning())[0];
}

export async function updateAccommodation(db: Tx, id: string, set: Partial<typeof accommodations.$inferInsert>) {
  return (await db.update(accommodations).set(set).where(eq(accommodations.id, id)).returning())[0];
}

export async function deleteAccommodation(db: Tx, id: string) {
  return (await db.delete(accommodations).where(eq(accommodations.id, id)).returning({ id: accommodations.id })).length > 0;
}

export async function insertCategories(db: Tx, rows: (typeof accommodationCategories.$inferInsert)[]) {
  if (rows.length) await db.insert(accommodationCategories).values(rows);
}

export async function updateCategory(db: Tx, accommodationId: string, id: string, set: Partial<typeof accommodationCategories.$inferInsert>) {
  const rows = await db
    .update(accommodationCategories)
    .set(set)
    .where(sql`${accommodationCategories.id} = ${id} AND ${accommodationCategories.accommodationId} = ${accommodationId}`)
    .returning({ id: accommodationCategories.id });
  return rows.length > 0;
}

export async function deleteCategory(db: Tx, accommodationId: string, id: string) {
  const rows = await db
    .delete(accommodationCategories)
    .where(sql`${accommodationCategories.id} = ${id} AND ${accommodationCategories.accommodationId} = ${accommodationId}`)
    .returning({ id: accommodationCategories.id });
  return rows.length > 0;
}

/** A type's setup as inventories copy it. */
export const setupOf = (rows: CategoryRow[]): StoredCategory[] =>
  rows.map((c) => ({ _id: c.id, translations: c.translations, objects: c.objects, reviews: c.reviews }));
