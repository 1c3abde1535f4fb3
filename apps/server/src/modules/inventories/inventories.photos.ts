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

/** An image uploaded through files/add-image, attached afterwards (update-pictures): it becomes private. */
export async function adoptUploaded(tx: Tx, name: string) {
  const file = await findImageByName(tx, name);
  if (!file) return null;
  if (!PHOTO_TYPES.has(file.type)) throw badRequest(INVENTORIES.fileFormat, { name: INVENTORIES.fileFormat });
  await makeInventoryFile(tx, file.id);
  return { fileId: file.id, name: file.name };
}
