import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FileDoc } from '@campsite/shared';
import { fold, imageUrl, pdfUrl } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { files, fileVariants } from '../../db/schema';
import { escapeLike, offsetOf, orderBy } from '../../db/paging';

const meta = {
  id: files.id,
  name: files.name,
  originalname: files.originalname,
  type: files.type,
  width: files.width,
  height: files.height,
  size: files.size,
  kind: files.kind,
  createdTime: files.createdTime,
};
type Meta = { [K in keyof typeof meta]: (typeof files.$inferSelect)[K] };

export function toFileDoc(row: Meta, sources: number[]): FileDoc {
  return {
    _id: row.id,
    name: row.name,
    originalname: row.originalname,
    type: row.type,
    width: row.width,
    height: row.height,
    size: row.size,
    sources,
    created_time: row.createdTime,
    url: row.kind === 'pdf' ? pdfUrl(row.name) : imageUrl(row.name),
  };
}

/** Images and PDFs, newest first, with the widths of their variants (two queries, not one per file). */
export async function listFiles(db: Tx): Promise<FileDoc[]> {
  const rows = await db.select(meta).from(files).where(inArray(files.kind, ['image', 'pdf'])).orderBy(desc(files.createdTime), desc(files.id));
  const sources = await variantsOf(db, rows.map((r) => r.id));
  return rows.map((r) => toFileDoc(r, sources.get(r.id) ?? []));
}

/** The widths of the variants of these files, widest first, in one query. */
async function variantsOf(db: Tx, ids: string[]): Promise<Map<string, number[]>> {
  const variants = ids.length
    ? await db.select({ fileId: fileVariants.fileId, width: fileVariants.width }).from(fileVariants).where(inArray(fileVariants.fileId, ids))
    : [];
  const byFile = new Map<string, number[]>();
  for (const v of variants) byFile.set(v.fileId, [...(byFile.get(v.fileId) ?? []), v.width]);
  for (const widths of byFile.values()) widths.sort((a, b) => b - a);
  return byFile;
}

export async function insertFile(
  db: Tx,
  row: typeof files.$inferInsert,
  variants: { width: number; type: string; data: Buffer }[],
): Promise<FileDoc> {
  await db.insert(files).values(row);
  if (variants.length) await db.insert(fileVariants).values(variants.map((v) => ({ ...v, fileId: row.id })));
  return toFileDoc(row as Meta, variants.map((v) => v.width));
}

export async function findFileMeta(db: Tx, id: string) {
  return (await db.select(meta).from(files).where(eq(files.id, id)).limit(1))[0];
}

/** A file's kind (image or pdf), undefined for an unknown id (a cover or attachment named by a body). */
export async function fileKind(db: Tx, id: string) {
  return (await db.select({ kind: files.kind }).from(files).where(eq(files.id, id)).limit(1))[0];
}

export async function deleteFile(db: Tx, id: string, kind: 'image' | 'pdf'): Promise<boolean> {
  const rows = await db.delete(files).where(and(eq(files.id, id), eq(files.kind, kind))).returning({ id: files.id });
  return rows.length > 0;
}

/** The bytes to send: the variant asked for, else the original. */
export async function fileBytes(db: Tx, where: { id?: string; base?: string }, width?: number) {
  const cond = where.id ? eq(files.id, where.id) : eq(files.base, where.base ?? '');
  const [file] = await db.select({ id: files.id, type: files.type, width: files.width, kind: files.kind }).from(files).where(cond).limit(1);
  if (!file) return null;
  if (width) {
    const [variant] = await db
      .select({ type: fileVariants.type, data: fileVariants.data })
      .from(fileVariants)
      .where(and(eq(fileVariants.fileId, file.id), eq(fileVariants.width, width)))
      .limit(1);
    if (variant) return { id: file.id, kind: file.kind, width, type: variant.type, data: variant.data, originalname: '' };
  }
  const [full] = await db.select({ data: files.data, originalname: files.originalname }).from(files).where(eq(files.id, file.id));
  return { id: file.id, kind: file.kind, width: 0, type: file.type, data: full.data, originalname: full.originalname };
}

export async function variantWidths(db: Tx, id: string): Promise<number[]> {
  return (await db.select({ width: fileVariants.width }).from(fileVariants).where(eq(fileVariants.fileId, id))).map((r) => r.width);
}

/** A file that is the image of an icon variant (the icon library's pictures, not the establishment's). */
const isIconImage = sql`EXISTS (SELECT 1 FROM icons i WHERE i.lineal @> jsonb_build_array(jsonb_build_object('icon', ${files.id}))
  OR i.fill @> jsonb_build_array(jsonb_build_object('icon', ${files.id})))`;

const FILE_SORTS = { created_time: files.createdTime, originalname: sql`people_fold(${files.originalname})`, size: files.size };

/**
 * A page of images and PDFs for the files screen: by kind, by origin (the staff's own files or the icon
 * library's images), by a part of the name (case and accents ignored), sorted and counted in SQL.
 */
export async function listFilesPage(
  db: Tx,
  q: { page: number; per_page: number; sort: keyof typeof FILE_SORTS; order: 'asc' | 'desc'; kind?: 'image' | 'pdf'; origin?: 'establishment' | 'icons'; search?: string },
) {
  const where = and(
    q.kind ? eq(files.kind, q.kind) : inArray(files.kind, ['image', 'pdf']),
    q.origin === 'establishment' ? sql`NOT ${isIconImage}` : q.origin === 'icons' ? isIconImage : undefined,
    q.search ? sql`people_fold(${files.originalname}) LIKE ${`%${escapeLike(fold(q.search))}%`}` : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(meta)
      .from(files)
      .where(where)
      .orderBy(orderBy(FILE_SORTS[q.sort], q.order), desc(files.id))
      .limit(q.per_page)
      .offset(offsetOf(q.page, q.per_page)),
    db.select({ total: count() }).from(files).where(where),
  ]);
  const sources = await variantsOf(db, rows.map((r) => r.id));
  return { rows: rows.map((r) => toFileDoc(r, sources.get(r.id) ?? [])), total, page: q.page, per_page: q.per_page };
}

/**
 * The smallest of a file's stored images (its variants, its original) whose longest side is at least
 * `side`, else the largest: what a thumbnail of that size is made from (a tall image's narrow variant,
 * rather than its 40-megapixel original). Null for an unknown id.
 */
export async function bytesForSide(db: Tx, id: string, side: number): Promise<Buffer | null> {
  const [file] = await db.select({ width: files.width, height: files.height }).from(files).where(eq(files.id, id)).limit(1);
  if (!file) return null;
  const { width, height } = file;
  if (width && height) {
    const long = (w: number) => Math.max(w, Math.round((w * height) / width));
    const fit = (await variantWidths(db, id)).filter((w) => w < width && long(w) >= side).sort((a, b) => a - b)[0];
    if (fit !== undefined) {
      const [variant] = await db.select({ data: fileVariants.data }).from(fileVariants).where(and(eq(fileVariants.fileId, id), eq(fileVariants.width, fit))).limit(1);
      if (variant) return variant.data;
    }
  }
  const [full] = await db.select({ data: files.data }).from(files).where(eq(files.id, id));
  return full?.data ?? null;
}
