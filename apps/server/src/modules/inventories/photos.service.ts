import type { Lang } from '@campsite/shared';
import { INVENTORIES } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import type { EncodedImage } from '../../lib/images';
import { prepareImage, storePrepared } from '../../platform/files/files.service';
import { takeOrRefuse } from '../../platform/throttle/buckets';
import { findImageByName, makeInventoryFile } from './inventories.repository';

/** Inventory photos are JPEG or PNG (the apps send JPEG: the server cannot read iPhone HEIC). */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png']);

/**
 * A photo as it will be kept: decoded and encoded again with its variants (lib/images.ts), before the
 * transaction opens; a 400 in `lang` (the guest's; French for staff) for anything but a JPEG or PNG that
 * decodes within the limits.
 */
export const preparePhoto = (data: Buffer, lang: Lang = 'fr') => prepareImage(data, lang, ['jpeg', 'png']);

/** Stores a prepared photo with its variants, private to the inventories area (files kind 'inventory'). */
export async function storePhoto(tx: Tx, photo: EncodedImage, filename: string, now: number) {
  const doc = await storePrepared(tx, photo, filename, now);
  await makeInventoryFile(tx, doc._id);
  return { fileId: doc._id, name: doc.name };
}

/**
 * Photos one guest account may add in an hour (rows in throttle_hits: every instance counts the same): an
 * inventory holds 30, and a few are replaced; a loop of adds and deletes stops there.
 */
export const GUEST_PHOTOS_PER_HOUR = 40;
const PHOTO_WINDOW = 3600;

const TOO_MANY_PHOTOS: Record<Lang, string> = {
  fr: 'Trop de photos envoyées. Réessayez plus tard.',
  en: 'Too many photos sent. Try again later.',
  de: 'Zu viele Fotos gesendet. Versuchen Sie es später erneut.',
  nl: "Te veel foto's verstuurd. Probeer het later opnieuw.",
  it: 'Troppe foto inviate. Riprovi più tardi.',
  es: 'Demasiadas fotos enviadas. Inténtelo de nuevo más tarde.',
  pt: 'Demasiadas fotografias enviadas. Tente novamente mais tarde.',
};

/** For tests: the refusal in a language. */
export const tooManyPhotosText = (lang: Lang) => TOO_MANY_PHOTOS[lang];

/**
 * Counts one guest photo in the writing transaction (a write refused later counts nothing); 429 in the
 * guest's language with Retry-After when the hour is full.
 */
export async function countGuestPhoto(deps: Deps, tx: Tx, guestId: string, lang: Lang) {
  const now = deps.now();
  await takeOrRefuse(tx, [{ bucket: `inventory-photo:${guestId}`, max: GUEST_PHOTOS_PER_HOUR, since: now - PHOTO_WINDOW, window: PHOTO_WINDOW, refusal: TOO_MANY_PHOTOS[lang] }], now);
}

/** How long after its upload through files/add-image an image may still be attached (update-pictures). */
export const ADOPT_SECONDS = 3600;

/**
 * An image uploaded through files/add-image, attached afterwards (update-pictures): it becomes private.
 * Only an image uploaded in the last hour, not yet an inventory's: an older one belongs to the booklet's
 * library (the logo, a page's picture: made private, the guest app would lose it), another stay's photo
 * would be shared by two pictures (deleting one deletes the other's file). Null for any other name.
 */
export async function adoptUploaded(tx: Tx, name: string, now: number) {
  const file = await findImageByName(tx, name, now - ADOPT_SECONDS);
  if (!file) return null;
  if (!PHOTO_TYPES.has(file.type)) throw badRequest(INVENTORIES.fileFormat, { name: INVENTORIES.fileFormat });
  await makeInventoryFile(tx, file.id);
  return { fileId: file.id, name: file.name };
}
