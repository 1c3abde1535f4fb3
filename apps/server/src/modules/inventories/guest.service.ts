import type { GuestInventories, InventoryType, Lang } from '@campsite/shared';
import { INVENTORIES, isLang } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Actor } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { badRequest, HttpError } from '../../http/errors';
import { getInventoryConfig } from '../../platform/settings/inventory-settings';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import { nameIn } from './document.service';
import { addCommentTo, docOf, ensureInventory, stayDocs, touch, writeAnswers, type Answers, type Reader } from './core.service';
import { countGuestPhoto, preparePhoto, storePhoto } from './photos.service';
import * as repo from './inventories.repository';
import type { StayRow } from './inventories.repository';
import { attachPhoto } from './inventories.service';
import { stayWithClient } from '../../platform/people/clients.repository';
import { findGuest } from '../../platform/people/guests.repository';

// The guest app's side (issue 23): a guest reads and writes only their own stay's inventories, only a
// direction the settings open to guests, only within its window; the arrival one, once confirmed, is theirs.

const HOUR = 3600;
const DAY = 86400;

/**
 * The window a guest may fill a direction in (docs/inventories.md): the arrival one from the start of the
 * arrival day for `delay` hours; the departure one from `delay` hours before the departure day until its end.
 */
export function windowOf(type: InventoryType, stay: { arrival: number; departure: number }, delay: number) {
  return type === 'arrival' ? { from: stay.arrival, until: stay.arrival + delay * HOUR } : { from: stay.departure - delay * HOUR, until: stay.departure + DAY };
}

const guestReader = (lang: string): Reader => ({
  lang,
  pictureUrl: (p, thumb) => `/api/webapp/inventories/picture?id=${p.fileId}${thumb ? '&width=720' : ''}`,
});

interface Guest {
  actor: Actor;
  lang: Lang;
  stay: StayRow;
}

/** The guest and their stay; null without a stay. */
async function guestOf(db: Tx, guestId: string, lang?: string): Promise<Guest | null> {
  const user = await findGuest(db, guestId, ['id', 'firstname', 'lastname', 'stayNumber', 'langage']);
  if (!user?.stayNumber) return null;
  const stay = await stayWithClient(db, user.stayNumber);
  if (!stay) return null;
  const chosen = lang ?? user.langage ?? stay.langage ?? '';
  return {
    actor: { _id: user.id, name: `${user.firstname} ${user.lastname}`.trim(), kind: 'guest' },
    lang: isLang(chosen) ? chosen : 'en',
    stay,
  };
}

export async function myInventories(deps: Deps, guestId: string, lang?: Lang): Promise<GuestInventories | false> {
  const guest = await guestOf(deps.db, guestId, lang);
  if (!guest) return false;
  const [config, { lang_default }] = await Promise.all([getInventoryConfig(deps.db), getGlobalSettings(deps.db)]);
  const docs = await stayDocs(deps.db, guest.stay, guestReader(guest.lang));
  if (!docs.arrival && !docs.departure) return false;
  const now = deps.now();
  const direction = (type: InventoryType) => {
    const enabled = config[type] && config[`${type}_user`];
    const { from, until } = windowOf(type, guest.stay, config.delay);
    const open = enabled && now >= from && now < until;
    const doc = docs[type];
    // a saved inventory stays readable (it is theirs); a blank one is offered only while it may be filled
    return { enabled, open, from, until, inventory: enabled && doc && (doc._id || open) ? doc : null };
  };
  const intro = nameIn(config.translations.map((t) => ({ lang: t.lang, name: t.comment })), guest.lang, lang_default);
  return { intro, stay_number: guest.stay.stayNumber, arrival: direction('arrival'), departure: direction('departure') };
}

/** Refuses what a guest may not write: a direction closed to guests, outside its window, or confirmed. */
async function assertMayWrite(deps: Deps, tx: Tx, guest: Guest, type: InventoryType) {
  const config = await getInventoryConfig(tx);
  if (!config[type] || !config[`${type}_user`]) throw new HttpError(403, INVENTORIES.guestMayNotFill);
  const { from, until } = windowOf(type, guest.stay, config.delay);
  const now = deps.now();
  if (now < from) throw badRequest(INVENTORIES.windowNotOpen, { type: INVENTORIES.windowNotOpen });
  if (now >= until) throw badRequest(INVENTORIES.windowClosed, { type: INVENTORIES.windowClosed });
}

/** One guest write: the guest, the rules, the inventory made if needed and locked; answers the document. */
async function guestWrite(deps: Deps, guestId: string, type: InventoryType, lang: Lang | undefined, write: (tx: Tx, guest: Guest, row: Awaited<ReturnType<typeof ensureInventory>>) => Promise<void>) {
  const guest = await deps.db.transaction(async (tx) => {
    const guest = await guestOf(tx, guestId, lang);
    if (!guest) throw new HttpError(403, INVENTORIES.guestMayNotFill);
    await assertMayWrite(deps, tx, guest, type);
    const row = await ensureInventory(tx, guest.stay, type, guest.actor, deps.now());
    if (row.confirmedTime) throw badRequest(INVENTORIES.alreadyConfirmed, { type: INVENTORIES.alreadyConfirmed });
    await write(tx, guest, row);
    return guest;
  });
  return docOf(deps.db, guest.stay, type, guestReader(guest.lang));
}

export const guestSave = (deps: Deps, guestId: string, body: Answers & { type: InventoryType; lang?: Lang }) =>
  guestWrite(deps, guestId, body.type, body.lang, (tx, guest, row) => writeAnswers(tx, row, body, guest.actor, deps.now()));

export const guestComment = (deps: Deps, guestId: string, body: { type: InventoryType; comment: string; key?: string; lang?: Lang }) =>
  guestWrite(deps, guestId, body.type, body.lang, (tx, guest, row) => addCommentTo(tx, row, { key: body.key ?? null, userRef: guest.actor, comment: body.comment }, deps.now()));

/** The guest confirms the arrival inventory as theirs: every supply counted, who and when kept. */
export const guestConfirm = (deps: Deps, guestId: string, lang?: Lang) =>
  guestWrite(deps, guestId, 'arrival', lang, async (tx, guest, row) => {
    if (row.status === 'uncompleted') throw badRequest(INVENTORIES.notCompleted, { type: INVENTORIES.notCompleted });
    await repo.updateInventory(tx, row.id, { confirmedUser: guest.actor, confirmedTime: deps.now() });
  });

export async function guestAddPicture(deps: Deps, guestId: string, upload: { fields: Record<string, string>; data: Buffer; filename: string }) {
  const type = upload.fields.type;
  if (type !== 'arrival' && type !== 'departure') throw badRequest(INVENTORIES.typeRequired, { type: INVENTORIES.typeRequired });
  const asked = upload.fields.lang;
  const guest = await guestOf(deps.db, guestId, asked && isLang(asked) ? asked : undefined);
  if (!guest) throw new HttpError(403, INVENTORIES.guestMayNotFill);
  // refused before any decoding when the window is closed; checked again in the transaction
  await assertMayWrite(deps, deps.db, guest, type);
  const photo = await preparePhoto(upload.data, guest.lang);
  await attachPhoto(deps, guest.actor, guest.stay.stayNumber, type, async (tx) => {
    await assertMayWrite(deps, tx, guest, type);
    const row = await repo.findInventory(tx, guest.stay.stayNumber, type);
    if (row?.confirmedTime) throw badRequest(INVENTORIES.alreadyConfirmed, { type: INVENTORIES.alreadyConfirmed });
    await countGuestPhoto(deps, tx, guestId, guest.lang);
    return storePhoto(tx, photo, upload.filename, deps.now());
  });
  return docOf(deps.db, guest.stay, type, guestReader(guest.lang));
}

/** A guest deletes a photo they added, while they may still write that inventory. */
export async function guestDeletePicture(deps: Deps, guestId: string, pictureId: string, lang?: Lang) {
  const guest = await guestOf(deps.db, guestId, lang);
  if (!guest) return false as const;
  const picture = await repo.findPicture(deps.db, pictureId);
  const row = picture && (await repo.findInventoryById(deps.db, picture.inventoryId));
  if (!picture || !row || row.stayNumber !== guest.stay.stayNumber || picture.userRef?._id !== guest.actor._id) return false as const;
  return guestWrite(deps, guestId, row.type, lang, async (tx, g, locked) => {
    await repo.deletePicture(tx, picture.id);
    await touch(tx, locked, g.actor, deps.now());
  });
}

/** A photo of the guest's own stay inventories; null for anything else. */
export async function guestPictureFile(deps: Deps, guestId: string, fileId: string) {
  const guest = await guestOf(deps.db, guestId);
  if (!guest) return null;
  const rows = await repo.inventoriesOfStay(deps.db, guest.stay.stayNumber);
  const pictures = await repo.picturesOf(deps.db, rows.map((r) => r.id));
  return pictures.some((p) => p.fileId === fileId) ? fileId : null;
}
