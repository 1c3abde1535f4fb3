import type { ArrivalToDo, DashboardUser, InventoryType, ParsedBody, ParsedQuery } from '@campsite/shared';
import { epochToZoned, INVENTORIES, inventories as calls, zonedTimeToEpoch } from '@campsite/shared';
import { accommodationOfCategory } from '../accommodations/public';
import type { Tx } from '../../db/client';
import type { Actor } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { badRequest, HttpError } from '../../http/errors';
import { newId } from '../../lib/ids';
import { getInventoryConfig } from '../../platform/settings/inventory-settings';
import { addCommentTo, docOf, ensureInventory, staffReader, stayDocs, stayOrRefuse, touch, writeAnswers } from './core.service';
import { adoptUploaded, preparePhoto, storePhoto } from './photos.service';
import * as repo from './inventories.repository';
import { stayWithClient } from '../../platform/people/clients.repository';

export const staffActor = (user: DashboardUser): Actor => ({ _id: user._id, name: `${user.firstname} ${user.lastname}`.trim() || user.username, kind: 'staff' });

/** 002 §4: the stay's saved inventories. */
export async function searchInventories(deps: Deps, stayNumber: string) {
  const stay = await stayWithClient(deps.db, stayNumber);
  if (!stay) return [];
  const docs = await stayDocs(deps.db, stay, staffReader);
  return [docs.arrival, docs.departure].filter((d) => d?._id) as NonNullable<typeof docs.arrival>[];
}

/** 002 §4: 1 no stay; 2 no setup; the two inventories once one is saved; else a new arrival one. */
export async function findByStayNumber(deps: Deps, q: ParsedQuery<typeof calls.findByStayNumber>) {
  const stay = await stayWithClient(deps.db, q.stay_number);
  if (!stay) return 1 as const;
  const docs = await stayDocs(deps.db, stay, staffReader);
  // nothing saved: the arrival is built from the type's setup, or there is none
  if (!docs.rows.length) return docs.arrival ?? (2 as const);
  return [docs.arrival, docs.departure].filter((d) => d !== null);
}

/** Staff fill a direction the settings open to the establishment. */
async function assertStaffMayFill(deps: Deps, type: InventoryType) {
  const config = await getInventoryConfig(deps.db);
  if (!config[type] || !config[`${type}_staff`]) throw badRequest(INVENTORIES.staffMayNotFill, { type: INVENTORIES.staffMayNotFill });
}

export async function saveInventory(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.insert>) {
  await assertStaffMayFill(deps, body.type);
  const actor = staffActor(user);
  const now = deps.now();
  const stay = await deps.db.transaction(async (tx) => {
    const stay = await stayOrRefuse(tx, body.stay_number);
    const row = await ensureInventory(tx, stay, body.type, actor, now);
    await writeAnswers(tx, row, body, actor, now);
    return stay;
  });
  return docOf(deps.db, stay, body.type, staffReader);
}

export async function addComment(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.updateComments>) {
  const actor = staffActor(user);
  const now = deps.now();
  const stay = await deps.db.transaction(async (tx) => {
    const stay = await stayOrRefuse(tx, body.stay_number);
    const row = await ensureInventory(tx, stay, body.type, actor, now);
    await addCommentTo(tx, row, { key: body.key ?? null, userRef: actor, comment: body.comment }, now);
    return stay;
  });
  return docOf(deps.db, stay, body.type, staffReader);
}

export const MAX_PICTURES = 30;

/** Attaches a stored photo to the stay's inventory of that direction (made if needed). */
export async function attachPhoto(
  deps: Deps,
  actor: Actor | null,
  stayNumber: string,
  type: InventoryType,
  photo: (tx: Tx) => Promise<{ fileId: string; name: string } | null>,
  cover = false,
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const stay = await stayOrRefuse(tx, stayNumber);
    const row = await ensureInventory(tx, stay, type, actor, now);
    if ((await repo.countPictures(tx, row.id)) >= MAX_PICTURES) throw badRequest(INVENTORIES.tooManyPictures, { file: INVENTORIES.tooManyPictures });
    const file = await photo(tx);
    if (!file) return null;
    await repo.insertPicture(tx, { id: newId(), inventoryId: row.id, fileId: file.fileId, name: file.name, cover, userRef: actor, createdTime: now });
    await touch(tx, row, actor, now);
    return stay;
  });
}

export async function updatePictures(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.updatePictures>) {
  const stay = await attachPhoto(deps, staffActor(user), body.stay_number, body.type, (tx) => adoptUploaded(tx, body.name, deps.now()), body.cover ?? false);
  return stay ? docOf(deps.db, stay, body.type, staffReader) : (false as const);
}

export async function uploadPicture(deps: Deps, user: DashboardUser, upload: { fields: Record<string, string>; data: Buffer; filename: string }) {
  const type = upload.fields.type;
  if (type !== 'arrival' && type !== 'departure') throw badRequest(INVENTORIES.typeRequired, { type: INVENTORIES.typeRequired });
  const stayNumber = upload.fields.stay_number?.trim();
  if (!stayNumber) throw badRequest(INVENTORIES.stayNumberRequired, { stay_number: INVENTORIES.stayNumberRequired });
  const photo = await preparePhoto(upload.data);
  const stay = await attachPhoto(deps, staffActor(user), stayNumber, type, (tx) => storePhoto(tx, photo, upload.filename, deps.now()));
  return docOf(deps.db, stay!, type, staffReader);
}

export async function deletePicture(deps: Deps, user: DashboardUser, body: ParsedBody<typeof calls.deletePicture>) {
  const actor = staffActor(user);
  const done = await deps.db.transaction(async (tx) => {
    const row = await repo.findInventoryById(tx, body.inventory, true);
    const picture = await repo.findPicture(tx, body.picture);
    if (!row || !picture || picture.inventoryId !== row.id) return null;
    // its file goes with it (trigger of drizzle/0016c)
    await repo.deletePicture(tx, picture.id);
    await touch(tx, row, actor, deps.now());
    return row;
  });
  if (!done) return false as const;
  const stay = await stayWithClient(deps.db, done.stayNumber);
  if (!stay) throw new HttpError(404, INVENTORIES.stayNotFound);
  return docOf(deps.db, stay, done.type, staffReader);
}

/**
 * Today's arrivals (the establishment's day) whose arrival inventory is still to do (issue 32): of a type
 * that has a setup, with no arrival inventory or one not finished. The reception's list of the morning.
 */
export async function arrivalsToday(deps: Deps): Promise<ArrivalToDo[]> {
  const tz = deps.env.TIME_ZONE;
  const today = epochToZoned(deps.now(), tz);
  const from = zonedTimeToEpoch(today.year, today.month, today.day, 0, 0, tz);
  const next = epochToZoned(from + 36 * 3600, tz);
  const rows = await repo.arrivalsBetween(deps.db, from, zonedTimeToEpoch(next.year, next.month, next.day, 0, 0, tz));
  // a few categories a day: each one's type looked up once
  const types = new Map<string, string | null>();
  const due: ArrivalToDo[] = [];
  for (const r of rows) {
    if (r.status && r.status !== 'uncompleted') continue;
    const key = r.locationCategory ?? '';
    if (!types.has(key)) types.set(key, (await accommodationOfCategory(deps.db, r.locationCategory))?.name ?? null);
    const accommodation = types.get(key);
    if (!accommodation) continue;
    due.push({ stay_number: r.stayNumber, client_number: r.clientNumber, firstname: r.firstname, lastname: r.lastname, location: r.location, accommodation, arrival: r.arrival, status: r.status ?? null });
  }
  return due;
}
