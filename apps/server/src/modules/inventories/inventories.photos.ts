import { INVENTORIES } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { badRequest } from '../../http/errors';
import { sniff, storeImage } from '../files/files.service';
import { findImageByName, makeInventoryFile } from './inventories.repository';

/** Inventory photos are JPEG or PNG (the apps send JPEG: the server cannot read iPhone HEIC). */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png']);

/** Stores a photo with its resized variants, private to the inventories area (files kind 'inventory'). */
export async function storePhoto(tx: Tx, data: Buffer, filename: string, now: number) {
  const type = sniff(data);
  if (!type || !PHOTO_TYPES.has(type)) throw badRequest(INVENTORIES.fileFormat, { file: INVENTORIES.fileFormat });
  const doc = await storeImage(tx, data, filename, now);
  await makeInventoryFile(tx, doc._id);
  return { fileId: doc._id, name: doc.name };
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
