import { asc, eq, max } from 'drizzle-orm';
import type { HomeModule } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { bookletGroups, bookletLists, bookletPages, modules } from '../../db/schema';

type Row = typeof modules.$inferSelect;

export const toModule = (r: Row): HomeModule => ({
  _id: r.id,
  name: r.name,
  type: r.type,
  order: r.order,
  values: r.values,
  translations: r.translations,
});

export async function listModules(db: Tx): Promise<HomeModule[]> {
  return (await db.select().from(modules).orderBy(asc(modules.order), asc(modules.createdTime))).map(toModule);
}

export async function findModule(db: Tx, id: string): Promise<HomeModule | null> {
  const [row] = await db.select().from(modules).where(eq(modules.id, id)).limit(1);
  return row ? toModule(row) : null;
}

export async function nextOrder(db: Tx): Promise<number> {
  const [row] = await db.select({ top: max(modules.order) }).from(modules);
  return (row?.top ?? 0) + 1;
}

export async function orderTaken(db: Tx, order: number, except?: string): Promise<boolean> {
  const rows = await db.select({ id: modules.id }).from(modules).where(eq(modules.order, order));
  return rows.some((r) => r.id !== except);
}

export const insertModule = (db: Tx, row: typeof modules.$inferInsert) => db.insert(modules).values(row);

export async function updateModule(db: Tx, id: string, set: Partial<typeof modules.$inferInsert>): Promise<HomeModule | null> {
  const [row] = await db.update(modules).set(set).where(eq(modules.id, id)).returning();
  return row ? toModule(row) : null;
}

export async function deleteModule(db: Tx, id: string): Promise<boolean> {
  return (await db.delete(modules).where(eq(modules.id, id)).returning({ id: modules.id })).length > 0;
}

/** Sets each module's order to its position (1 first), the ids given in their new order. */
export async function renumber(db: Tx, ids: string[]) {
  for (const [i, id] of ids.entries()) await db.update(modules).set({ order: i + 1 }).where(eq(modules.id, id));
}

export async function moduleIds(db: Tx): Promise<string[]> {
  return (await db.select({ id: modules.id }).from(modules).orderBy(asc(modules.order), asc(modules.createdTime))).map((r) => r.id);
}

// What a module may point at, in the booklet.

export async function groupExists(db: Tx, id: string): Promise<boolean> {
  return (await db.select({ id: bookletGroups.id }).from(bookletGroups).where(eq(bookletGroups.id, id)).limit(1)).length > 0;
}

export async function pageById(db: Tx, id: string) {
  const [row] = await db.select({ id: bookletPages.id, category: bookletPages.categoryId }).from(bookletPages).where(eq(bookletPages.id, id)).limit(1);
  return row ?? null;
}

export async function pageByCategory(db: Tx, category: string) {
  const [row] = await db.select({ id: bookletPages.id, category: bookletPages.categoryId }).from(bookletPages).where(eq(bookletPages.categoryId, category)).limit(1);
  return row ?? null;
}

export async function listById(db: Tx, id: string) {
  const [row] = await db.select({ id: bookletLists.id, category: bookletLists.categoryId }).from(bookletLists).where(eq(bookletLists.id, id)).limit(1);
  return row ?? null;
}
