import type { Lang } from '@campsite/shared';
import { CORE, MAX_IMAGE_BYTES, MAX_PDF_BYTES } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { HttpError, badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import { encodeImage, sniff, type EncodedImage } from '../../lib/images';
import * as repo from './files.repository';

export { sniff };

/**
 * An image as it will be kept (lib/images.ts): checked for size, decoded and encoded again with its
 * variants, off the event loop and before any transaction opens; refused with a 400 in `lang` (a guest's;
 * French for staff). `formats`: those the area takes (JPEG and PNG for photos).
 */
export async function prepareImage(data: Buffer, lang: Lang = 'fr', formats?: Parameters<typeof encodeImage>[2]): Promise<EncodedImage> {
  if (data.length > MAX_IMAGE_BYTES) throw new HttpError(413, CORE.fileTooLarge(5));
  return encodeImage(data, lang, formats);
}

/** Stores an image prepared by prepareImage: our own encoding, never the bytes that were sent. */
export async function storePrepared(db: Tx, img: EncodedImage, originalname: string, now: number) {
  const id = newId();
  return repo.insertFile(
    db,
    {
      id,
      name: `${id}.${img.ext}`,
      base: id,
      originalname: originalname.slice(0, 200) || `image.${img.ext}`,
      type: img.type,
      data: img.data,
      width: img.width,
      height: img.height,
      size: img.data.length,
      kind: 'image',
      createdTime: now,
    },
    img.variants,
  );
}

/** Stores an image with its resized variants (1920, 1280, 720, 192 wide, those narrower than it). */
export async function storeImage(db: Tx, data: Buffer, originalname: string, now: number) {
  return storePrepared(db, await prepareImage(data), originalname, now);
}

export async function storePdf(db: Tx, data: Buffer, originalname: string, now: number) {
  if (data.length > MAX_PDF_BYTES) throw new HttpError(413, CORE.fileTooLarge(10));
  if (sniff(data) !== 'application/pdf') throw badRequest(CORE.fileFormat, { file: CORE.fileFormat });
  const id = newId();
  return repo.insertFile(
    db,
    {
      id,
      name: `${id}.pdf`,
      base: id,
      originalname: originalname.slice(0, 200) || 'document.pdf',
      type: 'application/pdf',
      data,
      width: null,
      height: null,
      size: data.length,
      kind: 'pdf',
      createdTime: now,
    },
    [],
  );
}

/** A data URL or bare base64 to bytes. */
export function decodeData(data: string): Buffer {
  const comma = data.startsWith('data:') ? data.indexOf(',') : -1;
  return Buffer.from(comma >= 0 ? data.slice(comma + 1) : data, 'base64');
}

/** The variant to send for a wanted width: the smallest at least that wide, else the original. */
export function pickWidth(available: number[], wanted?: number): number | undefined {
  if (!wanted) return undefined;
  const fit = available.filter((w) => w >= wanted).sort((a, b) => a - b)[0];
  return fit;
}
