import type { Metadata } from 'sharp';
import { IMAGE_WIDTHS, CORE, MAX_IMAGE_BYTES, MAX_PDF_BYTES } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { HttpError, badRequest } from '../../http/errors';
import { newId } from '../../lib/ids';
import { image, imageWork, MAX_PIXELS } from '../../lib/images';
import * as repo from './files.repository';

const IMAGE_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };

/** The type told by the bytes themselves, whatever the file's name or declared type say. */
export function sniff(data: Buffer): string | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 6 && /^GIF8[79]a/.test(data.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

/** Stores an image with its resized variants (1920, 1280, 720, 192 wide, those narrower than it). */
export async function storeImage(db: Tx, data: Buffer, originalname: string, now: number) {
  if (data.length > MAX_IMAGE_BYTES) throw new HttpError(413, CORE.fileTooLarge(5));
  const type = sniff(data);
  if (!type || !IMAGE_TYPES[type]) throw badRequest(CORE.fileFormat, { file: CORE.fileFormat });
  let info: Metadata;
  try {
    // the header only: the pixel limit is said below in a sentence of its own
    info = await image(data, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(CORE.fileFormat, { file: CORE.fileFormat });
  }
  // told by the header, before anything is decoded: a small file may hold a huge image
  if ((info.width ?? 0) * (info.height ?? 0) * (info.pages ?? 1) > MAX_PIXELS) throw badRequest(CORE.imageTooLarge, { file: CORE.imageTooLarge });
  const width = info.width ?? 0;
  const variants: { width: number; type: string; data: Buffer }[] = [];
  if (type !== 'image/gif') {
    const format = IMAGE_TYPES[type] === 'jpg' ? 'jpeg' : (IMAGE_TYPES[type] as 'png' | 'webp');
    await imageWork(async () => {
      for (const w of IMAGE_WIDTHS) {
        if (w >= width) continue;
        const resized = await image(data).rotate().resize({ width: w }).toFormat(format, { quality: 82 }).toBuffer();
        variants.push({ width: w, type, data: resized });
      }
    });
  }
  const id = newId();
  return repo.insertFile(
    db,
    {
      id,
      name: `${id}.${IMAGE_TYPES[type]}`,
      base: id,
      originalname: originalname.slice(0, 200) || `image.${IMAGE_TYPES[type]}`,
      type,
      data,
      width: info.width ?? null,
      height: info.height ?? null,
      size: data.length,
      kind: 'image',
      createdTime: now,
    },
    variants,
  );
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
