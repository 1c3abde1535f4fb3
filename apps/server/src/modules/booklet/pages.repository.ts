import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Page } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { lookupStatement } from '../../db/rows';
import { bookletPages, type StoredSection } from '../../db/schema';
import { previews, previewsOfItems } from '../icons/public';

export type PageRow = typeof bookletPages.$inferSelect;

type ReadOpts = { nocover?: boolean; nosections?: boolean };

/** What a read sends, and nothing else: no sections (their HTML) nor cover when the call leaves them out. */
function wireColumns(opts: ReadOpts) {
  return {
    id: bookletPages.id,
    categoryId: bookletPages.categoryId,
    service: bookletPages.service,
    link: bookletPages.link,
    translations: bookletPages.translations,
    ...(opts.nocover ? {} : { cover: bookletPages.cover }),
    // the previews of the sections' icons come in the same statement
    ...(opts.nosections ? {} : { sections: bookletPages.sections, prev: previewsOfItems(bookletPages.sections, 'icon') }),
  };
}

interface WireRow {
  id: string;
  categoryId: string | null;
  service: string | null;
  link: string | null;
  translations: Page['translations'];
  cover?: string | null;
  sections?: StoredSection[];
  prev?: Record<string, string | null> | null;
}

const toWire = (r: WireRow): Page => ({
  _id: r.id,
  category: r.categoryId,
  cover: r.cover ?? null,
  sections: (r.sections ?? []).map((s, i) => ({ ...s, key: i, order: i, prev: r.prev?.[s.icon] ?? null })),
  service: r.service,
  link: r.link,
  translations: r.translations,
});

const byId = new WeakMap<Tx, { execute(v: { id: string }): Promise<WireRow[]> }>();

/** One page as the guest app reads it: one prepared statement, previews included. */
export async function readPage(db: Tx, where: { id: string } | { category: string }): Promise<Page | false> {
  let rows: WireRow[];
  if ('id' in where) {
    let query = byId.get(db);
    if (!query) {
      query = lookupStatement(db.select(wireColumns({})).from(bookletPages).where(eq(bookletPages.id, sql.placeholder('id'))).limit(1).prepare('page_by_id'));
      byId.set(db, query);
    }
    rows = await query.execute({ id: where.id });
  } else {
    rows = await db.select(wireColumns({})).from(bookletPages).where(eq(bookletPages.categoryId, where.category)).limit(1);
  }
  return rows[0] ? toWire(rows[0]) : false;
}

/** Pages in creation order, a page of `limit` at a time when asked, with only the columns the call sends. */
export async function readPages(db: Tx, opts: ReadOpts & { limit?: number; page?: number }): Promise<Page[]> {
  const query = db.select(wireColumns(opts)).from(bookletPages).orderBy(asc(bookletPages.createdTime), asc(bookletPages.id));
  const rows: WireRow[] = opts.limit ? await query.limit(opts.limit).offset(((opts.page ?? 1) - 1) * opts.limit) : await query;
  return rows.map(toWire);
}

/** The wire shape: sections get their key and order (their index) and the preview of their icon. */
export async function toPages(db: Tx, rows: PageRow[]): Promise<Page[]> {
  const prev = await previews(db, rows.flatMap((r) => r.sections.map((s) => s.icon)));
  return rows.map((r) => ({
    _id: r.id,
    category: r.categoryId,
    cover: r.cover,
    sections: r.sections.map((s, i) => ({ ...s, key: i, order: i, prev: prev.get(s.icon) ?? null })),
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

/** The page, locked until the end of the transaction: its sections and names are written back whole. */
export async function lockPage(tx: Tx, id: string): Promise<PageRow | undefined> {
  return (await tx.select().from(bookletPages).where(eq(bookletPages.id, id)).limit(1).for('update'))[0];
}

/** Several pages, locked in id order (two writers locking the same pages never wait on each other in a circle). */
export async function lockPages(tx: Tx, ids: string[]): Promise<PageRow[]> {
  return ids.length ? tx.select().from(bookletPages).where(inArray(bookletPages.id, ids)).orderBy(asc(bookletPages.id)).for('update') : [];
}

export async function findPageByCategory(db: Tx, categoryId: string): Promise<PageRow | undefined> {
  return (await db.select().from(bookletPages).where(eq(bookletPages.categoryId, categoryId)).limit(1))[0];
}

export async function findPages(db: Tx, ids: string[]): Promise<PageRow[]> {
  return ids.length ? db.select().from(bookletPages).where(inArray(bookletPages.id, ids)) : [];
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
