import sharp from 'sharp';

/** A bytea literal of pg_dump's plain format long enough to be a photo: '\x…'. */
const LONG_BYTEA = /'\\x([0-9a-f]{4000,})'/g;

/**
 * The kept database's photos made small: in a plain SQL dump, every stored image (files, their variants,
 * inventory and chat pictures) re-encoded at 24 px in its own format, the rest of the dump unchanged. The
 * demo's photos are most of its size (a dump of 1.1 MB gzipped, 0.6 MB of it JPEG): the file kept in the
 * repository, remade at each release, stays small. Other long values (a PDF) are left as they are.
 */
export async function shrinkImages(dump: string): Promise<string> {
  const small = new Map<string, string>();
  for (const [, hex] of dump.matchAll(LONG_BYTEA)) {
    if (small.has(hex)) continue;
    const bytes = Buffer.from(hex, 'hex');
    const format = await sharp(bytes)
      .metadata()
      .then((m) => m.format)
      .catch(() => undefined);
    if (format !== 'jpeg' && format !== 'png' && format !== 'webp') continue;
    const out = await sharp(bytes).resize({ width: 24, height: 24, fit: 'inside' }).toFormat(format, { quality: 40 }).toBuffer();
    small.set(hex, out.toString('hex'));
  }
  return dump.replace(LONG_BYTEA, (whole, hex: string) => (small.has(hex) ? `'\\x${small.get(hex)}'` : whole));
}
