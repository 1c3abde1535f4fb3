import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { LANGS } from '@campsite/shared';
import { brokenPng, tallPng } from '../testing/fixtures/images';
import { HttpError } from './http-error';
import { encodeImage, MAX_SIDE, pdfImage, refusalText } from './images';

/** The refusal an encoding ends with: its status and sentence. */
async function refusal(work: Promise<unknown>) {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return { status: (err as HttpError).statusCode, message: (err as HttpError).message };
}

describe('encodeImage: what is kept is what sharp encoded', () => {
  it("refuses pixel data that does not decode, however small, in the sender's language", async () => {
    for (const png of [brokenPng(), brokenPng(800, 600)]) {
      expect(await refusal(encodeImage(png))).toEqual({ status: 400, message: refusalText('unreadable') });
      expect(await refusal(encodeImage(png, 'nl'))).toEqual({ status: 400, message: refusalText('unreadable', 'nl') });
    }
  });

  it('refuses what the header says is too large before decoding anything: a side over 16 000 pixels, more than 40 megapixels', async () => {
    expect(await refusal(encodeImage(await tallPng(), 'de'))).toEqual({ status: 400, message: refusalText('side', 'de') });
    // a PNG header claiming 7 000 × 7 000 (49 megapixels) over a few bytes of pixels
    const png = brokenPng(7000, 7000);
    expect(await refusal(encodeImage(png))).toEqual({ status: 400, message: refusalText('pixels') });
    expect(MAX_SIDE).toBe(16_000);
  });

  it('refuses a format the area does not take, and bytes that say one format and hold another', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } }).gif().toBuffer();
    expect(await refusal(encodeImage(gif, 'es', ['jpeg', 'png']))).toEqual({ status: 400, message: refusalText('format', 'es') });
    expect(await refusal(encodeImage(Buffer.from('%PDF-1.4 pas une image')))).toEqual({ status: 400, message: refusalText('format') });
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    // a PNG signature in front of a JPEG
    const mixed = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpeg]);
    expect((await refusal(encodeImage(mixed))).status).toBe(400);
  });

  it('encodes a small image again (no variant), keeps a palette PNG a palette, an animated GIF animated, and makes the narrower variants', async () => {
    const small = await sharp({ create: { width: 100, height: 50, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.5 } } }).png({ compressionLevel: 0 }).toBuffer();
    const out = await encodeImage(small);
    expect(out).toMatchObject({ type: 'image/png', ext: 'png', width: 100, height: 50, variants: [] });
    expect(out.data.equals(small)).toBe(false);
    expect((await sharp(out.data).metadata()).hasAlpha).toBe(true);

    const palette = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2a6f97' } }).png({ palette: true }).toBuffer();
    const kept = await encodeImage(palette);
    expect((await sharp(kept.data).metadata()).isPalette).toBe(true);
    expect(kept.variants.map((v) => v.width)).toEqual([192]);

    const frame = (colour: string) => sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer();
    const animated = await sharp([await frame('#ff0000'), await frame('#00ff00'), await frame('#0000ff')], { join: { animated: true } }).gif().toBuffer();
    const gif = await encodeImage(animated);
    expect([gif.type, gif.width, gif.height, (await sharp(gif.data).metadata()).pages]).toEqual(['image/gif', 40, 30, 3]);

    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#556b2f' } }).jpeg().toBuffer();
    const big = await encodeImage(photo, 'fr', ['jpeg', 'png']);
    expect(big.variants.map((v) => v.width)).toEqual([1920, 1280, 720, 192]);
    for (const v of big.variants) expect((await sharp(v.data).metadata()).width).toBe(v.width);
  });

  it('has every refusal in the seven languages of the guest app', () => {
    for (const reason of ['format', 'unreadable', 'pixels', 'side'] as const) {
      const texts = LANGS.map((l) => refusalText(reason, l));
      expect(texts.every((t) => t.length > 10)).toBe(true);
      expect(new Set(texts).size).toBe(LANGS.length);
    }
  });
});

describe('pdfImage: what the PDF embeds', () => {
  it('is a JPEG sharp made, at most 720 pixels a side, on white; null for what does not decode', async () => {
    const tall = await pdfImage(await tallPng());
    const meta = await sharp(tall!).metadata();
    expect([meta.format, meta.height, meta.hasAlpha]).toEqual(['jpeg', 720, false]);
    expect(meta.width).toBeLessThanOrEqual(720);
    expect(await pdfImage(brokenPng())).toBeNull();
    expect(await pdfImage(Buffer.from('pas une image'))).toBeNull();
    const small = await sharp({ create: { width: 90, height: 60, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const flat = await sharp((await pdfImage(small))!).raw().toBuffer({ resolveWithObject: true });
    // no enlargement; the transparent pixels are white
    expect([flat.info.width, flat.info.height, flat.data[0]]).toEqual([90, 60, 255]);
  });
});
