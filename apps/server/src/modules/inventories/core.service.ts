import type { InventoryDoc, InventoryType } from '@campsite/shared';
import { imageUrl, INVENTORIES } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Actor, StoredCategory } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import { accommodationOfCategory } from '../accommodations/public';
import { categoriesOf, setupOf } from '../accommodations/public';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import { inventoryDoc, statusOf } from './document.service';
import * as repo from './inventories.repository';
import type { InventoryRow, PictureRow, StayRow, ValueRow } from './inventories.repository';
import { stayWithClient } from '../../platform/people/clients.repository';

// What staff and guests share: the stay's inventories as documents, one made when first written, and the
// item-by-item write under the inventory's row lock.

export interface Reader {
  lang?: string;
  /** the address of a photo for this reader */
  pictureUrl: (p: PictureRow, thumb: boolean) => string;
}
export const staffReader: Reader = { pictureUrl: (p, thumb) => imageUrl(p.name, thumb ? 720 : undefined) };

/** The type's setup a new inventory of this stay copies, with the type; null when none is set up. */
export async function setupForStay(db: Tx, stay: StayRow) {
  const acc = await accommodationOfCategory(db, stay.locationCategory);
  if (!acc) return null;
  const setup = setupOf(await categoriesOf(db, [acc.id]));
  return setup.length ? { accommodation: { _id: acc.id, name: acc.name }, setup } : null;
}

const byItem = (values: ValueRow[], id: string | undefined) => new Map(values.filter((v) => v.inventoryId === id).map((v) => [v.itemId, v]));

/**
 * The stay's two inventories as documents: a saved one as it is, a missing one built (a departure from the
 * arrival's copy of the setup, whose counts become its client_count; else from the type's setup). Null
 * for a direction that cannot be built (nothing saved and no setup).
 */
export async function stayDocs(db: Tx, stay: StayRow, reader: Reader) {
  const rows = await repo.inventoriesOfStay(db, stay.stayNumber);
  const ids = rows.map((r) => r.id);
  const [values, pictures, comments, { lang_default }] = await Promise.all([repo.valuesOf(db, ids), repo.picturesOf(db, ids), repo.commentsOf(db, ids), getGlobalSettings(db)]);
  const arrivalRow = rows.find((r) => r.type === 'arrival');
  const departureRow = rows.find((r) => r.type === 'departure');
  const fresh = arrivalRow && departureRow ? null : await setupForStay(db, stay);
  const arrivalValues = byItem(values, arrivalRow?.id);
  const build = (type: InventoryType, row: InventoryRow | undefined): InventoryDoc | null => {
    const setup: StoredCategory[] | undefined = row?.setup ?? (type === 'departure' ? arrivalRow?.setup : undefined) ?? fresh?.setup;
    if (!setup) return null;
    const accommodation = row?.accommodationId && row.accommodationName ? { _id: row.accommodationId, name: row.accommodationName } : (fresh?.accommodation ?? null);
    return inventoryDoc({
      row: row ?? null,
      type,
      setup,
      accommodation,
      stay,
      values: byItem(values, row?.id),
      arrival: type === 'departure' && arrivalRow ? arrivalValues : null,
      pictures: pictures.filter((p) => p.inventoryId === row?.id),
      comments: comments.filter((c) => c.inventoryId === row?.id),
      lang: reader.lang ?? lang_default,
      defaultLang: lang_default,
      pictureUrl: reader.pictureUrl,
    });
  };
  return { rows, arrival: build('arrival', arrivalRow), departure: build('departure', departureRow) };
}

export async function docOf(db: Tx, stay: StayRow, type: InventoryType, reader: Reader): Promise<InventoryDoc> {
  const docs = await stayDocs(db, stay, reader);
  return docs[type] as InventoryDoc;
}

export async function stayOrRefuse(db: Tx, stayNumber: string) {
  const stay = await stayWithClient(db, stayNumber);
  if (!stay) throw badRequest(INVENTORIES.stayNotFound, { stay_number: INVENTORIES.stayNotFound });
  return stay;
}

/** The stay's inventory of that direction, made from its setup if needed, locked until the end of the transaction. */
export async function ensureInventory(tx: Tx, stay: StayRow, type: InventoryType, actor: Actor | null, now: number): Promise<InventoryRow> {
  const found = await repo.findInventory(tx, stay.stayNumber, type, true);
  if (found) return found;
  const arrival = type === 'departure' ? await repo.findInventory(tx, stay.stayNumber, 'arrival') : undefined;
  const fresh = arrival ? { setup: arrival.setup, accommodation: arrival.accommodationId ? { _id: arrival.accommodationId, name: arrival.accommodationName ?? '' } : null } : await setupForStay(tx, stay);
  if (!fresh) throw badRequest(INVENTORIES.noSetup, { stay_number: INVENTORIES.noSetup });
  await repo.insertInventory(tx, {
    id: newId(),
    stayNumber: stay.stayNumber,
    type,
    accommodationId: fresh.accommodation?._id ?? null,
    accommodationName: fresh.accommodation?.name ?? null,
    setup: fresh.setup,
    status: 'uncompleted',
    createUser: actor,
    updateUser: actor,
    createTime: now,
    updateTime: now,
  });
  // another request may have made it first: both go on with the one row
  return (await repo.findInventory(tx, stay.stayNumber, type, true))!;
}

export interface Answers {
  answers: { _id: string; count: number | 'NC' | null; at?: number }[];
  reviews: { _id: string; condition: number | null; cleanliness: number | null; at?: number }[];
}

/** Writes each given item on its own (the row is locked by ensureInventory), then the statuses. */
export async function writeAnswers(tx: Tx, row: InventoryRow, input: Answers, actor: Actor | null, now: number) {
  const objects = new Set(row.setup.flatMap((c) => c.objects.map((o) => o._id)));
  const reviews = new Set(row.setup.flatMap((c) => c.reviews.map((r) => r._id)));
  const errors: Record<string, string> = {};
  input.answers.forEach((a, i) => objects.has(a._id) || (errors[`answers.${i}._id`] = INVENTORIES.unknownItem));
  input.reviews.forEach((r, i) => reviews.has(r._id) || (errors[`reviews.${i}._id`] = INVENTORIES.unknownItem));
  if (Object.keys(errors).length) throw badRequest(INVENTORIES.unknownItem, errors);
  // a device's time after the server's is taken as now: else a value dated years ahead (a guest's
  // arrival count) could never be corrected, every later save being 'older'
  const when = (at: number | undefined) => Math.min(at ?? now, now);
  for (const a of input.answers) await repo.writeCount(tx, row.id, a._id, a.count === 'NC' ? null : a.count, a.count === 'NC', when(a.at));
  for (const r of input.reviews) await repo.writeRating(tx, row.id, r._id, r.condition, r.cleanliness, when(r.at));
  await touch(tx, row, actor, now);
}

/** The new update time and author, and the statuses the values now give (a departure reads the arrival's). */
export async function touch(tx: Tx, row: InventoryRow, actor: Actor | null, now: number) {
  const other = await repo.findInventory(tx, row.stayNumber, row.type === 'arrival' ? 'departure' : 'arrival', row.type === 'arrival');
  const values = await repo.valuesOf(tx, [row.id, ...(other ? [other.id] : [])]);
  const mine = byItem(values, row.id);
  const arrival = row.type === 'arrival' ? mine : other ? byItem(values, other.id) : null;
  await repo.updateInventory(tx, row.id, { status: statusOf(row.type, row.setup, mine, row.type === 'departure' ? arrival : null), updateTime: now, updateUser: actor });
  // the departure's status reads the arrival counts: it changes with them
  if (row.type === 'arrival' && other) await repo.updateInventory(tx, other.id, { status: statusOf('departure', other.setup, byItem(values, other.id), mine) });
}

/**
 * Comments an inventory keeps at most: each answer and the PDF carry them all, so a guest sending comments
 * in a loop for the window's 48 hours would make every read and the report grow without end.
 */
export const MAX_COMMENTS = 100;

/** Adds a comment to the locked inventory row (ensureInventory), up to MAX_COMMENTS; a key already kept adds nothing. */
export async function addCommentTo(tx: Tx, row: InventoryRow, comment: { key: string | null; userRef: Actor; comment: string }, now: number) {
  if (comment.key && (await repo.hasCommentKey(tx, row.id, comment.key))) return;
  if ((await repo.countComments(tx, row.id)) >= MAX_COMMENTS) throw badRequest(INVENTORIES.tooManyComments, { comment: INVENTORIES.tooManyComments });
  await repo.insertComment(tx, { id: newId(), inventoryId: row.id, key: comment.key, userRef: comment.userRef, comment: comment.comment, time: now });
  await touch(tx, row, comment.userRef, now);
}
