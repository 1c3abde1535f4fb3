import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { limiter } from './limit';

/** Decoded pixels an image may have (a 40-megapixel photo; a 4-byte pixel makes 160 MB once decoded). */
export const MAX_PIXELS = 40_000_000;

/**
 * Image work (decoding, resizing) two at a time in the process, whatever the number of uploads: each
 * may hold a decoded image of up to MAX_PIXELS, so a few large uploads at once cannot push the server
 * past a gigabyte. Reading an image's header (`metadata`) does not decode it and needs no turn.
 */
export const imageWork = limiter(2);

/** sharp on bytes, refusing to decode more than MAX_PIXELS (its default is 268 million). */
export const image = (data: Buffer | string, opts: SharpOptions = {}): Sharp => sharp(data, { limitInputPixels: MAX_PIXELS, ...opts });
