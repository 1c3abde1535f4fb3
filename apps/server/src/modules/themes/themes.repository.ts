import { eq, sql } from 'drizzle-orm';
import type { Theme } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { themes } from '../../db/schema';
import { getRawEntry, setEntry } from '../../platform/settings/settings.repository';

type Row = typeof themes.$inferSelect;

const sent = { id: themes.id, name: themes.name, color1: themes.color1, color2: themes.color2, color3: themes.color3, color4: themes.color4 };
export const toTheme = (r: Pick<Row, keyof typeof sent>): Theme => ({ _id: r.id, name: r.name, color1: r.color1, color2: r.color2, color3: r.color3, color4: r.color4 });

export async function listThemes(db: Tx): Promise<Theme[]> {
  const rows = await db.select(sent).from(themes);
  return rows.map(toTheme).sort((a, b) => a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' }));
}

export async function findTheme(db: Tx, id: string): Promise<Theme | null> {
  const [row] = await db.select().from(themes).where(eq(themes.id, id)).limit(1);
  return row ? toTheme(row) : null;
}

/** The theme that already carries this name (case aside), if any. */
export async function themeNamed(db: Tx, name: string): Promise<string | null> {
  const [row] = await db.select({ id: themes.id }).from(themes).where(sql`lower(${themes.name}) = lower(${name})`).limit(1);
  return row?.id ?? null;
}

export const insertTheme = (db: Tx, row: typeof themes.$inferInsert) => db.insert(themes).values(row);

export async function updateTheme(db: Tx, id: string, set: Partial<typeof themes.$inferInsert>): Promise<Theme | null> {
  const [row] = await db.update(themes).set(set).where(eq(themes.id, id)).returning();
  return row ? toTheme(row) : null;
}

export async function deleteTheme(db: Tx, id: string): Promise<boolean> {
  return (await db.delete(themes).where(eq(themes.id, id)).returning({ id: themes.id })).length > 0;
}

/** The id of the guest app's theme (config key 'theme'). */
export async function selectedThemeId(db: Tx): Promise<string | null> {
  return (await getRawEntry<{ id: string | null }>(db, 'theme'))?.id ?? null;
}

export const setSelectedTheme = (db: Tx, id: string | null) => setEntry(db, 'theme', { id });
