import { eq, inArray } from 'drizzle-orm';
import type { MenuType } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { bookletGroups, icons } from '../../db/schema';
import { getRawEntry, lockEntry, setEntry } from '../../platform/settings/settings.repository';

/** An entry as kept in the config document 'menu'; its nb is its index. */
export interface StoredEntry {
  title: string;
  type: MenuType;
  rubric: string | null;
  icon: string;
  translations: { lang: string; title: string }[];
}

export async function readEntries(db: Tx): Promise<StoredEntry[]> {
  return (await getRawEntry<{ values: StoredEntry[] }>(db, 'menu'))?.values ?? [];
}

/** The entries, locked until the end of the transaction: they are written back whole. */
export async function lockEntries(tx: Tx): Promise<StoredEntry[]> {
  await lockEntry(tx, 'menu');
  return readEntries(tx);
}

export const saveEntries = (db: Tx, values: StoredEntry[]) => setEntry(db, 'menu', { values });

export async function rubricExists(db: Tx, id: string): Promise<boolean> {
  return (await db.select({ id: bookletGroups.id }).from(bookletGroups).where(eq(bookletGroups.id, id)).limit(1)).length > 0;
}

/** The lineal variants of these icons, by icon id (one query for the whole menu). */
export async function linealVariants(db: Tx, ids: string[]): Promise<Map<string, { theme: string; icon: string }[]>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: icons.id, lineal: icons.lineal }).from(icons).where(inArray(icons.id, ids));
  return new Map(rows.map((r) => [r.id, r.lineal]));
}
