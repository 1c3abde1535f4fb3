import { asc, eq, inArray } from 'drizzle-orm';
import type { Page } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { bookletPages } from '../../db/schema';
import { previews } from '../icons/icons.repository';

export type PageRow = typeof bookletPages.$inferSelect;

/** The wire shape: sections get their key and order (their index) and the preview of their icon. */
export async function toPages(db: Tx, rows: PageRow[], opts: { nocover?: boolean; nosections?: boolean } = {}): Promise<Page[]> {
  const prev = opts.nosections ? new Map() : await previews(db, rows.flatMap((r) => r.sections.map((s) => s.icon)));
  return rows.map((r) => ({
    _id: r.id,
    category: r.categoryId,
    cover: opts.nocover ? null : r.cover,
    sections: opts.nosections ? [] : r.sections.map((s, i) => ({ ...s, key: i, order: i, prev: prev.get(s.icon) ?? null })),
    service: r.service,
    link: r.link,
    translations: r.translations,
  }));
}

export async function toPage(db: Tx, row: PageRow | undefined): Promise<Page | false> {
  return row ? (await toPages(db, [row]))[0] : false;
}

export async function findPage(db: Tx, id: string): Promise<PageRow | undefined> {
  return (await db.select().from(bookletPages).where(eq(bookletPages.id, id)).limit(1))[0];
}

export async function findPageByCategory(db: Tx, categoryId: string): Promise<PageRow | undefined> {
  return (await db.select().from(bookletPages).where(eq(bookletPages.categoryId, categoryId)).limit(1))[0];
}

export async function findPages(db: Tx, ids: string[]): Promise<PageRow[]> {
  return ids.length ? db.select().from(bookletPages).where(inArray(bookletPages.id, ids)) : [];
}

export async function allPages(db: Tx): Promise<PageRow[]> {
  return db.select().from(bookletPages).orderBy(asc(bookletPages.createdTime), asc(bookletPages.id));
}

/** Every page's names, for the same-name rule. */
export async function pageNames(db: Tx) {
  return db.select({ id: bookletPages.id, categoryId: bookletPages.categoryId, translations: bookletPages.translations }).from(bookletPages);
}

export async function insertPage(db: Tx, row: typeof bookletPages.$inferInsert): Promise<PageRow> {
  return (await db.insert(bookletPages).values(row).returning())[0];
}

export async function updatePage(db: Tx, id: string, set: Partial<typeof bookletPages.$inferInsert>): Promise<PageRow | undefined> {
  return (await db.update(bookletPages).set(set).where(eq(bookletPages.id, id)).returning())[0];
}

export async function deletePages(db: Tx, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  return (await db.delete(bookletPages).where(inArray(bookletPages.id, ids)).returning({ id: bookletPages.id })).length;
}
