import type { FastifyRequest } from 'fastify';
import { INVENTORIES, CORE, withoutBadCharacters } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { HttpError, badRequest } from '../../http/errors';
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

/** A multipart upload: its text fields (sent before the file) and the file's bytes. */
export async function readUpload(req: FastifyRequest): Promise<{ fields: Record<string, string>; data: Buffer; filename: string }> {
  if (!req.isMultipart()) throw badRequest(CORE.fileMissing, { file: CORE.fileMissing });
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  let data: Buffer;
  try {
    part = await req.file();
    if (!part) throw badRequest(CORE.fileMissing, { file: CORE.fileMissing });
    data = await part.toBuffer();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const { code, statusCode } = err as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, CORE.fileTooLarge(5));
    if (statusCode && statusCode < 500) throw err;
    throw badRequest(CORE.badRequest, { file: CORE.fileMissing });
  }
  if (part.file.truncated) throw new HttpError(413, CORE.fileTooLarge(5));
  const fields: Record<string, string> = {};
  for (const [key, field] of Object.entries(part.fields)) {
    const f = Array.isArray(field) ? field[0] : field;
    if (f && f.type === 'field' && typeof f.value === 'string') fields[key] = withoutBadCharacters(f.value).slice(0, 200);
  }
  return { fields, data, filename: withoutBadCharacters(part.filename) };
}
