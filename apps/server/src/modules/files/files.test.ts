import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { testApp, type TestApp } from '../../testing/harness';
import { files, fileVariants } from '../../db/schema';

let t: TestApp;
let staff: string;
// each call a second later, so that 'newest first' has one answer
let clock = 1_750_000_000;
beforeAll(async () => {
  t = await testApp({ now: () => ++clock });
  staff = (await t.signIn({ rubrics: 1 })).cookie;
});
afterAll(() => t.close());

/** A multipart body as a browser sends it, with one file part. */
function upload(path: string, data: Buffer, filename: string, cookie?: string) {
  const boundary = '----campsite-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
  });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3e7cb1' } }).png().toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const fileCount = async () => (await t.deps.db.select({ id: files.id }).from(files)).length;
const base = (name: string) => name.split('.')[0];

describe('dashboard/files/add-image', () => {
  it('stores a PNG with its resized variants, each only when narrower than the original', async () => {
    const res = await upload('dashboard/files/add-image', await png(2000, 1000), 'plage.png', staff);
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({ originalname: 'plage.png', type: 'image/png', width: 2000, height: 1000, sources: [1920, 1280, 720, 192] });
    expect(doc.name).toBe(`${doc._id}.png`);
    expect(doc.url).toBe(`/api/dashboard/files/get-image/${doc._id}`);
    const variants = await t.deps.db.select({ width: fileVariants.width, data: fileVariants.data }).from(fileVariants).where(eq(fileVariants.fileId, doc._id));
    expect(variants.map((v) => v.width).sort((a, b) => a - b)).toEqual([192, 720, 1280, 1920]);
    for (const v of variants) expect((await sharp(v.data).metadata()).width).toBe(v.width);

    const small = (await upload('dashboard/files/add-image', await png(1000, 600), 'tente.png', staff)).json();
    expect(small.sources).toEqual([720, 192]);
    const tiny = (await upload('dashboard/files/add-image', await png(100, 100), 'icone.png', staff)).json();
    expect(tiny.sources).toEqual([]);
  });

  it('checks the type by the bytes, not the name: PDF bytes named .png are refused and nothing is written', async () => {
    const before = await fileCount();
    const res = await upload('dashboard/files/add-image', PDF, 'photo.png', staff);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Ce format de fichier n'est pas pris en charge");
    const pngAsPdf = await upload('dashboard/files/add-pdf', await png(50, 50), 'document.pdf', staff);
    expect(pngAsPdf.statusCode).toBe(400);
    expect(pngAsPdf.json().message).toBe("Ce format de fichier n'est pas pris en charge");
    expect(await fileCount()).toBe(before);
  });

  it('refuses a file over the limit with 413 and the French message', async () => {
    const before = await fileCount();
    const bigImage = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const image = await upload('dashboard/files/add-image', bigImage, 'grande.png', staff);
    expect(image.statusCode).toBe(413);
    expect(image.json().message).toBe('Le fichier est trop volumineux (5 Mo maximum).');
    const bigPdf = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const pdf = await upload('dashboard/files/add-pdf', bigPdf, 'gros.pdf', staff);
    expect(pdf.statusCode).toBe(413);
    expect(pdf.json().message).toBe('Le fichier est trop volumineux (10 Mo maximum).');
    expect(await fileCount()).toBe(before);
  });

  it('refuses a request without a file part with the French message', async () => {
    const res = await t.post('dashboard/files/add-image', {}, staff);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Veuillez sélectionner un fichier');
  });
});

describe('dashboard/files/add-pdf, list, get-image, get-file', () => {
  it('stores a PDF and lists images and PDFs newest first with their links', async () => {
    const doc = (await upload('dashboard/files/add-pdf', PDF, 'Plan du camping.pdf', staff)).json();
    expect(doc).toMatchObject({ type: 'application/pdf', originalname: 'Plan du camping.pdf', sources: [], width: null });
    expect(doc.url).toBe(`/api/dashboard/files/get-file/${doc._id}`);
    const list = (await t.get('dashboard/files/list', staff)).json();
    expect(list[0]._id).toBe(doc._id);
    expect(list.some((f: { type: string }) => f.type === 'image/png')).toBe(true);
    const file = await t.get(`dashboard/files/get-file/${base(doc.name)}`);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename="Plan du camping.pdf"');
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('serves an image by the name up to its first dot, at 1920 and at 720, with an ETag and 304', async () => {
    const doc = (await upload('dashboard/files/add-image', await png(2400, 1200), 'panorama.png', staff)).json();
    const full = await t.get(`dashboard/files/get-image/${base(doc.name)}`);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/png');
    expect((await sharp(full.rawPayload).metadata()).width).toBe(1920);
    const thumb = await t.get(`dashboard/files/get-image/${base(doc.name)}/720`);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(720);
    const etag = thumb.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(etag).not.toBe(full.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: `/api/dashboard/files/get-image/${base(doc.name)}/720`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await t.get('dashboard/files/get-image/inconnu')).statusCode).toBe(404);
  });
});

describe('dashboard/files/delete-image and delete-pdf', () => {
  it('needs a session (401); uploads need any staff session, deletes the rubrics flag (403)', async () => {
    const doc = (await upload('dashboard/files/add-image', await png(300, 200), 'a-garder.png', staff)).json();
    expect((await t.get('dashboard/files/list')).statusCode).toBe(401);
    expect((await upload('dashboard/files/add-image', await png(30, 20), 'x.png')).statusCode).toBe(401);
    expect((await upload('dashboard/files/add-pdf', PDF, 'x.pdf')).statusCode).toBe(401);
    expect((await t.post('dashboard/files/delete-image', { id: doc._id })).statusCode).toBe(401);
    const other = (await t.signIn({ activities: 1 })).cookie;
    expect((await t.post('dashboard/files/delete-image', { id: doc._id }, other)).statusCode).toBe(403);
    expect((await t.post('dashboard/files/delete-pdf', { id: doc._id }, other)).statusCode).toBe(403);
    expect(await t.deps.db.select().from(files).where(eq(files.id, doc._id))).toHaveLength(1);
  });

  it('deletes an image with its variants and a PDF, and answers false for an unknown id or the wrong kind', async () => {
    const image = (await upload('dashboard/files/add-image', await png(1500, 900), 'supprimer.png', staff)).json();
    const pdf = (await upload('dashboard/files/add-pdf', PDF, 'supprimer.pdf', staff)).json();
    expect((await t.post('dashboard/files/delete-pdf', { id: image._id }, staff)).json()).toBe(false);
    expect((await t.post('dashboard/files/delete-image', { id: pdf._id }, staff)).json()).toBe(false);
    expect((await t.post('dashboard/files/delete-image', { id: image._id }, staff)).json()).toBe(true);
    expect(await t.deps.db.select().from(files).where(eq(files.id, image._id))).toHaveLength(0);
    expect(await t.deps.db.select().from(fileVariants).where(eq(fileVariants.fileId, image._id))).toHaveLength(0);
    expect((await t.get(`dashboard/files/get-image/${image._id}`)).statusCode).toBe(404);
    expect((await t.post('dashboard/files/delete-pdf', { id: pdf._id }, staff)).json()).toBe(true);
    expect((await t.post('dashboard/files/delete-pdf', { id: pdf._id }, staff)).json()).toBe(false);
    expect((await t.post('dashboard/files/delete-image', { id: 'inconnu' }, staff)).json()).toBe(false);
  });
});
