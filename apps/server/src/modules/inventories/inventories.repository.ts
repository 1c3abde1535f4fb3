import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { InventoryType } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { clients, files, inventories, inventoryComments, inventoryPictures, inventoryValues, stays } from '../../db/schema';
import { readRows } from '../../db/rows';
import type { StayWithClient } from '../../platform/people/clients.repository';

export type InventoryRow = typeof inventories.$inferSelect;
export type ValueRow = typeof inventoryValues.$inferSelect;
export type PictureRow = typeof inventoryPictures.$inferSelect;
export type CommentRow = typeof inventoryComments.$inferSelect;

/** A stay with its client, as an inventory shows them (the floor's look-up: deposits read it too). */
export type StayRow = StayWithClient;

export async function inventoriesOfStay(db: Tx, stayNumber: string): Promise<InventoryRow[]> {
  return db.select().from(inventories).where(eq(inventories.stayNumber, stayNumber)).orderBy(asc(inventories.type));
}

/** The inventory of a stay and direction, locked for the rest of the transaction when asked. */
export async function findInventory(db: Tx, stayNumber: string, type: InventoryType, lock = false) {
  const q = db
    .select()
    .from(inventories)
    .where(and(eq(inventories.stayNumber, stayNumber), eq(inventories.type, type)))
    .limit(1);
  return (await (lock ? q.for('update') : q))[0];
}

export async function findInventoryById(db: Tx, id: string, lock = false) {
  const q = db.select().from(inventories).where(eq(inventories.id, id)).limit(1);
  return (await (lock ? q.for('update') : q))[0];
}

/** Creates it unless another request just did (both then go on with the same row). */
export async function insertInventory(db: Tx, row: typeof inventories.$inferInsert) {
  await db.insert(inventories).values(row).onConflictDoNothing({ target: [inventories.stayNumber, inventories.type] });
}

export async function updateInventory(db: Tx, id: string, set: Partial<typeof inventories.$inferInsert>) {
  await db.update(inventories).set(set).where(eq(inventories.id, id));
}

export async function valuesOf(db: Tx, ids: string[]): Promise<ValueRow[]> {
  return ids.length ? db.select().from(inventoryValues).where(inArray(inventoryValues.inventoryId, ids)) : [];
}

/**
 * Writes one item's count, atomically: a newer value (by the device's time) is never overwritten by an
 * older one, so a save replayed after the network came back changes nothing that was typed since.
 */
export async function writeCount(db: Tx, inventoryId: string, itemId: string, count: number | null, notCounted: boolean, at: number) {
  await db
    .insert(inventoryValues)
    .values({ inventoryId, itemId, count, notCounted, at })
    .onConflictDoUpdate({
      target: [inventoryValues.inventoryId, inventoryValues.itemId],
      set: { count: sql`excluded.count`, notCounted: sql`excluded.not_counted`, at: sql`excluded.at` },
      setWhere: sql`${inventoryValues.at} <= excluded.at`,
    });
}

export async function writeRating(db: Tx, inventoryId: string, itemId: string, condition: number | null, cleanliness: number | null, at: number) {
  await db
    .insert(inventoryValues)
    .values({ inventoryId, itemId, condition, cleanliness, at })
    .onConflictDoUpdate({
      target: [inventoryValues.inventoryId, inventoryValues.itemId],
      set: { condition: sql`excluded.condition`, cleanliness: sql`excluded.cleanliness`, at: sql`excluded.at` },
      setWhere: sql`${inventoryValues.at} <= excluded.at`,
    });
}

export async function picturesOf(db: Tx, ids: string[]): Promise<PictureRow[]> {
  if (!ids.length) return [];
  return db.select().from(inventoryPictures).where(inArray(inventoryPictures.inventoryId, ids)).orderBy(asc(inventoryPictures.seq));
}

export async function commentsOf(db: Tx, ids: string[]): Promise<CommentRow[]> {
  if (!ids.length) return [];
  return db.select().from(inventoryComments).where(inArray(inventoryComments.inventoryId, ids)).orderBy(asc(inventoryComments.seq));
}

export async function insertPicture(db: Tx, row: typeof inventoryPictures.$inferInsert) {
  await db.insert(inventoryPictures).values(row);
}

export async function countPictures(db: Tx, inventoryId: string) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inventoryPictures).where(eq(inventoryPictures.inventoryId, inventoryId));
  return row.n;
}

export async function findPicture(db: Tx, id: string) {
  return (await db.select().from(inventoryPictures).where(eq(inventoryPictures.id, id)).limit(1))[0];
}

export async function deletePicture(db: Tx, id: string) {
  await db.delete(inventoryPictures).where(eq(inventoryPictures.id, id));
}

/** A comment sent twice with the same key is kept once. */
export async function insertComment(db: Tx, row: typeof inventoryComments.$inferInsert) {
  await db.insert(inventoryComments).values(row).onConflictDoNothing();
}

export async function countComments(db: Tx, inventoryId: string) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inventoryComments).where(eq(inventoryComments.inventoryId, inventoryId));
  return row.n;
}

/** Whether a comment of this key is already kept on the inventory (a device's second send adds nothing). */
export async function hasCommentKey(db: Tx, inventoryId: string, key: string) {
  const rows = await db.select({ id: inventoryComments.id }).from(inventoryComments).where(and(eq(inventoryComments.inventoryId, inventoryId), eq(inventoryComments.key, key))).limit(1);
  return rows.length > 0;
}


/** An image of the files service by name, among the booklet's and the inventories'. */
/**
 * An image just uploaded through files/add-image (kind 'image', since `since`): neither another inventory's
 * photo (two pictures on one file: deleting one would delete the other's file) nor an older image of the
 * booklet's library (attaching makes it private: the guest app would lose it).
 */
export async function findImageByName(db: Tx, name: string, since: number) {
  const [file] = await db
    .select({ id: files.id, name: files.name, type: files.type })
    .from(files)
    .where(and(eq(files.name, name), eq(files.kind, 'image'), gte(files.createdTime, since)))
    .limit(1);
  return file;
}

/** A stored image becomes an inventory photo: private to the inventories flag (files routes). */
export async function makeInventoryFile(db: Tx, id: string) {
  await db.update(files).set({ kind: 'inventory' }).where(eq(files.id, id));
}

/** The stays arriving in [from, to) with their arrival inventory's status (null: none), names and place. */
export function arrivalsBetween(db: Tx, from: number, to: number) {
  return db
    .select({
      stayNumber: stays.stayNumber,
      clientNumber: stays.clientNumber,
      firstname: clients.firstname,
      lastname: clients.lastname,
      location: stays.location,
      locationCategory: stays.locationCategory,
      arrival: stays.arrival,
      status: inventories.status,
    })
    .from(stays)
    .innerJoin(clients, eq(clients.clientNumber, stays.clientNumber))
    .leftJoin(inventories, and(eq(inventories.stayNumber, stays.stayNumber), eq(inventories.type, 'arrival')))
    .where(and(gte(stays.arrival, from), sql`${stays.arrival} < ${to}`))
    .orderBy(asc(stays.arrival), asc(stays.stayNumber))
    .limit(500);
}

/**
 * The status of the arrival and departure inventories of these stays (null: not made), in one statement on
 * the stays' summary rows (drizzle/0030; issue 33: the to-do list). A stay without inventories is absent.
 */
export async function inventoryStatesOf(db: Tx, stayNumbers: string[]) {
  if (!stayNumbers.length) return new Map<string, { arrival: string | null; departure: string | null }>();
  const rows = await readRows<{ stay_number: string; arrival: string | null; departure: string | null }>(
    db,
    sql`SELECT stay_number, arrival_status AS arrival, departure_status AS departure FROM inventory_stays WHERE stay_number = ANY(${sql.param(stayNumbers)}::text[])`,
    true,
  );
  return new Map(rows.map((r) => [r.stay_number, { arrival: r.arrival, departure: r.departure }]));
}
