import { asc, eq, inArray } from 'drizzle-orm';
import type { Icon } from '@campsite/shared';
import { iconPreview } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { icons } from '../../db/schema';

type Row = typeof icons.$inferSelect;

export const toIcon = (row: Row): Icon => ({ _id: row.id, name: row.name, lineal: row.lineal, fill: row.fill, prev: iconPreview(row) });

export async function listIcons(db: Tx): Promise<Icon[]> {
  return (await db.select().from(icons).orderBy(asc(icons.name), asc(icons.id))).map(toIcon);
}

export async function findIcon(db: Tx, id: string): Promise<Row | undefined> {
  return (await db.select().from(icons).where(eq(icons.id, id)).limit(1))[0];
}

export async function insertIcon(db: Tx, row: typeof icons.$inferInsert): Promise<Row> {
  return (await db.insert(icons).values(row).returning())[0];
}

export async function updateIcon(db: Tx, id: string, set: Partial<typeof icons.$inferInsert>): Promise<Row | undefined> {
  return (await db.update(icons).set(set).where(eq(icons.id, id)).returning())[0];
}

export async function deleteIcon(db: Tx, id: string): Promise<boolean> {
  return (await db.delete(icons).where(eq(icons.id, id)).returning({ id: icons.id })).length > 0;
}

/** The preview (`prev`) of each icon id, in one query: what rubrics, categories, sections and elements show. */
export async function previews(db: Tx, ids: Iterable<string>): Promise<Map<string, string | null>> {
  const wanted = [...new Set(ids)].filter(Boolean);
  if (!wanted.length) return new Map();
  const rows = await db.select({ id: icons.id, lineal: icons.lineal, fill: icons.fill }).from(icons).where(inArray(icons.id, wanted));
  return new Map(rows.map((r) => [r.id, iconPreview(r)]));
}
