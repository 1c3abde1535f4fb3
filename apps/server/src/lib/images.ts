import { createRequire } from 'node:module';
import type sharpLib from 'sharp';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import type { Lang } from '@campsite/shared';
import { CORE, IMAGE_WIDTHS, isLang } from '@campsite/shared';
import { badRequest, type HttpError } from './http-error';
import { limiter } from './limit';

// The image pipeline (docs/architecture-notes.md, 'The image pipeline'): every image a guest or staff member
// sends is decoded and encoded again by sharp (libvips, on its own threads: never on the event loop) before
// it is kept; the bytes sent are never stored nor handed to anything else. What cannot be decoded is a 400
// in the sender's language.

/** Decoded pixels an image may have (a 40-megapixel photo; a 4-byte pixel makes 160 MB once decoded). */
export const MAX_PIXELS = 40_000_000;

/**
 * The longest side an image may have: a panorama of a phone fits, a strip of 700 × 57 000 pixels (which
 * no one photographs, and which drew a PDF for minutes) does not.
 */
export const MAX_SIDE = 16_000;

/**
 * Image work (decoding, resizing) two at a time in the process, whatever the number of uploads: each
 * may hold a decoded image of up to MAX_PIXELS, so a few large uploads at once cannot push the server
 * past a gigabyte. Reading an image's header (`metadata`) does not decode it and needs no turn.
 */
export const imageWork = limiter(2);

type SharpLib = typeof sharpLib;
let loaded: SharpLib | undefined;
/** sharp, loaded at the first image rather than at start (libvips is part of a server's start time: docs/performance.md). */
export const sharp = ((...args: Parameters<SharpLib>) => (loaded ??= createRequire(import.meta.url)('sharp') as SharpLib)(...args)) as SharpLib;

/**
 * sharp on bytes, refusing to decode more than MAX_PIXELS (its default is 268 million). `failOn: 'error'`:
 * a photo with a harmless warning (a few stray bytes after a JPEG marker, common in cameras' files) is
 * read, pixel data that does not decode is refused.
 */
export const image = (data: Buffer | string, opts: SharpOptions = {}): Sharp => sharp(data, { limitInputPixels: MAX_PIXELS, failOn: 'error', ...opts });

/** Why an image is refused. */
export type ImageRefusal = 'format' | 'unreadable' | 'pixels' | 'side';

/**
 * The refusals in the seven languages of the guest app (fr en de nl it es pt, the order of LANGS): staff
 * read the French one, a guest the one of their language.
 */
const REFUSALS: Record<ImageRefusal, Record<Lang, string>> = {
  format: {
    fr: CORE.fileFormat,
    en: 'This file format is not supported.',
    de: 'Dieses Dateiformat wird nicht unterstützt.',
    nl: 'Dit bestandsformaat wordt niet ondersteund.',
    it: 'Questo formato di file non è supportato.',
    es: 'Este formato de archivo no es compatible.',
    pt: 'Este formato de ficheiro não é suportado.',
  },
  unreadable: {
    fr: "Cette image ne peut pas être lue (fichier abîmé ou incomplet) : choisissez-en une autre.",
    en: 'This image cannot be read (the file is damaged or incomplete): choose another one.',
    de: 'Dieses Bild kann nicht gelesen werden (die Datei ist beschädigt oder unvollständig): Wählen Sie ein anderes.',
    nl: 'Deze afbeelding kan niet worden gelezen (het bestand is beschadigd of onvolledig): kies een andere.',
    it: "Questa immagine non può essere letta (il file è danneggiato o incompleto): ne scelga un'altra.",
    es: 'Esta imagen no se puede leer (el archivo está dañado o incompleto): elija otra.',
    pt: 'Esta imagem não pode ser lida (o ficheiro está danificado ou incompleto): escolha outra.',
  },
  pixels: {
    fr: CORE.imageTooLarge,
    en: 'The image is too large (40 megapixels at most): make it smaller before sending it.',
    de: 'Das Bild ist zu groß (höchstens 40 Megapixel): Verkleinern Sie es vor dem Senden.',
    nl: 'De afbeelding is te groot (maximaal 40 megapixel): verklein ze voordat u ze verstuurt.',
    it: "L'immagine è troppo grande (al massimo 40 megapixel): la riduca prima di inviarla.",
    es: 'La imagen es demasiado grande (40 megapíxeles como máximo): redúzcala antes de enviarla.',
    pt: 'A imagem é demasiado grande (40 megapíxeis no máximo): reduza-a antes de a enviar.',
  },
  side: {
    fr: "L'image est trop haute ou trop large (16 000 pixels de côté au maximum) : recadrez-la avant de l'envoyer.",
    en: 'The image is too tall or too wide (16,000 pixels a side at most): crop it before sending it.',
    de: 'Das Bild ist zu hoch oder zu breit (höchstens 16.000 Pixel pro Seite): Schneiden Sie es vor dem Senden zu.',
    nl: 'De afbeelding is te hoog of te breed (maximaal 16.000 pixels per zijde): snijd ze bij voordat u ze verstuurt.',
    it: "L'immagine è troppo alta o troppo larga (al massimo 16.000 pixel per lato): la ritagli prima di inviarla.",
    es: 'La imagen es demasiado alta o demasiado ancha (16.000 píxeles por lado como máximo): recórtela antes de enviarla.',
    pt: 'A imagem é demasiado alta ou larga (16 000 píxeis por lado no máximo): recorte-a antes de a enviar.',
  },
};

/** The sender's language: a guest's if it is one of the seven, else English; French for staff (no language given). */
export const senderLang = (lang?: string | null): Lang => (lang === undefined ? 'fr' : lang && isLang(lang) ? lang : 'en');

/** A refusal as the 400 the sender reads (the field `file`). */
export function imageRefused(reason: ImageRefusal, lang: Lang = 'fr'): HttpError {
  const sentence = REFUSALS[reason][lang];
  return badRequest(sentence, { file: sentence });
}

/** For tests: the sentence of a refusal in a language. */
export const refusalText = (reason: ImageRefusal, lang: Lang = 'fr') => REFUSALS[reason][lang];

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

const FORMATS = {
  jpeg: { type: 'image/jpeg', ext: 'jpg' },
  png: { type: 'image/png', ext: 'png' },
  webp: { type: 'image/webp', ext: 'webp' },
  gif: { type: 'image/gif', ext: 'gif' },
} as const;
type Format = keyof typeof FORMATS;

/** An image as it is kept: our own encoding of what was sent, and its narrower variants. */
export interface EncodedImage {
  type: (typeof FORMATS)[Format]['type'];
  ext: (typeof FORMATS)[Format]['ext'];
  data: Buffer;
  width: number;
  height: number;
  variants: { width: number; type: string; data: Buffer }[];
}

/** One encoder per format: the original at a high quality, the variants as before (82). */
function encode(pipeline: Sharp, format: Format, quality: number, palette: boolean): Sharp {
  if (format === 'jpeg') return pipeline.jpeg({ quality });
  if (format === 'webp') return pipeline.webp({ quality });
  if (format === 'gif') return pipeline.gif();
  // a palette PNG (an icon, a logo) stays one: as full colour it would be several times larger
  return pipeline.png({ palette, quality: palette ? 100 : undefined });
}

/**
 * Decodes an image and encodes it again, with its variants (IMAGE_WIDTHS narrower than it), off the event
 * loop. Refused with a 400 in `lang`: a format other than JPEG, PNG, WebP or GIF; dimensions told by the
 * header over MAX_PIXELS or MAX_SIDE (before anything is decoded: a small file may hold a huge image);
 * pixel data that does not decode. The result holds no metadata (a photo's place, its camera), turned
 * upright by its EXIF orientation.
 */
export async function encodeImage(data: Buffer, lang: Lang = 'fr', formats: readonly Format[] = ['jpeg', 'png', 'webp', 'gif']): Promise<EncodedImage> {
  // told by the bytes themselves, whatever the file's name or declared type say
  const sniffed = (Object.keys(FORMATS) as Format[]).find((f) => FORMATS[f].type === sniff(data));
  if (!sniffed || !formats.includes(sniffed)) throw imageRefused('format', lang);
  let info: Metadata;
  try {
    info = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw imageRefused('unreadable', lang);
  }
  // what libvips reads must be what the bytes said (a PNG signature before a JPEG is not a PNG)
  const format = info.format as Format;
  if (format !== sniffed) throw imageRefused('unreadable', lang);
  const pages = info.pages ?? 1;
  const width = info.width ?? 0;
  const height = info.pageHeight ?? info.height ?? 0;
  if (!width || !height) throw imageRefused('unreadable', lang);
  if (width * height * pages > MAX_PIXELS) throw imageRefused('pixels', lang);
  if (width > MAX_SIDE || height > MAX_SIDE) throw imageRefused('side', lang);
  const animated = pages > 1 && (format === 'gif' || format === 'webp');
  const palette = format === 'png' && info.isPalette === true;
  return imageWork(async () => {
    try {
      const original = await encode(image(data, { animated }).autoOrient(), format, 90, palette).toBuffer({ resolveWithObject: true });
      const out: EncodedImage = {
        ...FORMATS[format],
        data: original.data,
        width: original.info.width,
        height: original.info.pageHeight ?? original.info.height,
        variants: [],
      };
      // an animated image is kept whole, without variants (the apps show it as it is)
      if (!animated && format !== 'gif') {
        for (const w of IMAGE_WIDTHS) {
          if (w >= out.width) continue;
          // from our own encoding: what was sent is decoded once more only for the original
          const resized = await encode(image(original.data).resize({ width: w }), format, 82, palette).toBuffer();
          out.variants.push({ width: w, type: out.type, data: resized });
        }
      }
      return out;
    } catch {
      // libvips could not decode the pixels (not zlib data, a truncated file): the sender's fault
      throw imageRefused('unreadable', lang);
    }
  });
}

/** The longest side of what a PDF embeds: four photos a row are 120 points wide, 720 pixels is plenty. */
export const PDF_SIDE = 720;

/**
 * An image made safe to embed in a PDF: decoded by sharp (off the event loop) whatever it is (a photo
 * stored before the pipeline, a variant) and encoded as a JPEG of at most PDF_SIDE a side on white (pdfkit
 * copies a JPEG as it is; a PNG it would decode in JavaScript, alpha and all). Null when it does not decode.
 */
export async function pdfImage(data: Buffer): Promise<Buffer | null> {
  try {
    return await imageWork(() =>
      image(data).autoOrient().resize(PDF_SIDE, PDF_SIDE, { fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer(),
    );
  } catch {
    return null;
  }
}
