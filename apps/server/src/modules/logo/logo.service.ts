import type { LogoDoc } from '@campsite/shared';
import { fileUrl } from '@campsite/shared';
import type { Db, Tx } from '../../db/client';
import { getRawEntry, lockEntry, setEntry } from '../../platform/settings/settings.repository';
import { deleteFile, findFileMeta } from '../../platform/files/files.repository';
import { decodeData, prepareImage, storePrepared } from '../../platform/files/files.service';

const toLogo = (id: string | null): LogoDoc => ({ logo: id, url: id ? fileUrl(id, 720) : null });

async function logoId(db: Tx): Promise<string | null> {
  return (await getRawEntry<{ id: string | null }>(db, 'logo'))?.id ?? null;
}

/** The logo, or none when it was never set or its file was deleted from the files screen. */
export async function readLogo(db: Db): Promise<LogoDoc> {
  const id = await logoId(db);
  return toLogo(id && (await findFileMeta(db, id)) ? id : null);
}

/** Stores the image as a file (checked and resized like any upload) and drops the previous logo's file. */
export async function updateLogo(db: Db, dataUrl: string, now: number): Promise<LogoDoc> {
  // decoded and encoded again before the transaction opens (nothing held while libvips works)
  const img = await prepareImage(decodeData(dataUrl));
  return db.transaction(async (tx) => {
    await lockEntry(tx, 'logo');
    const previous = await logoId(tx);
    // named for the files screen, where the logo is listed with the other images
    const file = await storePrepared(tx, img, `logo.${img.ext}`, now);
    await setEntry(tx, 'logo', { id: file._id });
    if (previous) await deleteFile(tx, previous, 'image');
    return toLogo(file._id);
  });
}

/** For the demo seed: makes an already stored image the logo. */
export const setLogo = (db: Tx, id: string) => setEntry(db, 'logo', { id });
