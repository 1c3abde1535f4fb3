import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Icon } from '@campsite/shared';
import { BLANK_THEME, iconPreview } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { icons } from '../../db/schema';
import { badRequest } from '../../http/errors';

type Row = typeof icons.$inferSelect;

export const toIcon = (row: Pick<Row, 'id' | 'name' | 'lineal' | 'fill'>): Icon => ({ _id: row.id, name: row.name, lineal: row.lineal, fill: row.fill, prev: iconPreview(row) });

export async function listIcons(db: Tx): Promise<Icon[]> {
  const rows = await db.select({ id: icons.id, name: icons.name, lineal: icons.lineal, fill: icons.fill }).from(icons).orderBy(asc(icons.name), asc(icons.id));
  return rows.map(toIcon);
}

export async function findIcon(db: Tx, id: string): Promise<Row | undefined> {
  return (await db.select().from(icons).where(eq(icons.id, id)).limit(1))[0];
}

/** The icon, locked until the end of the transaction: its variants are written back whole. */
export async function lockIcon(tx: Tx, id: string): Promise<Row | undefined> {
  return (await tx.select().from(icons).where(eq(icons.id, id)).limit(1).for('update'))[0];
}

/** An icon must exist where a rubric, category, section or sub-category names it: a 400 on that field otherwise. */
export async function assertIconExists(db: Tx, id: string, message: string, field = 'icon') {
  const [row] = await db.select({ id: icons.id }).from(icons).where(eq(icons.id, id)).limit(1);
  if (!row) throw badRequest(message, { [field]: message });
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

/** iconPreview in SQL, for the icon row `alias` (so that a read and the previews of its icons are one statement). */
export function previewSql(alias: string): SQL<string | null> {
  const i = sql.raw(alias);
  const blank = (variants: string) =>
    sql`(SELECT v->>'icon' FROM jsonb_array_elements(${i}.${sql.raw(variants)}) v WHERE v->>'theme' = ${BLANK_THEME} LIMIT 1)`;
  return sql<string | null>`coalesce(${blank('lineal')}, ${blank('fill')}, ${i}.lineal->0->>'icon', ${i}.fill->0->>'icon')`;
}

/** The previews of the icons that the items of a jsonb array name in `field`, as one jsonb object by icon id. */
export function previewsOfItems(items: SQL | unknown, field: string): SQL<Record<string, string | null> | null> {
  return sql<Record<string, string | null> | null>`(SELECT jsonb_object_agg(pi.id, ${previewSql('pi')}) FROM icons pi
    WHERE pi.id IN (SELECT x->>${field} FROM jsonb_array_elements(${items}) x))`;
}
