import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { testApp, type TestApp } from '../../testing/harness';
import { FILE_FLAGS } from '@campsite/shared';
import { files, fileVariants } from '../../db/schema';
import { brokenPng, tallPng } from '../../testing/fixtures/images';

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
/** The CRC of a PNG chunk (type and data), to write a header that says what the test wants. */
function crc32(bytes: Buffer) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

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

  it('keeps a file whose name holds a NUL or half a surrogate pair, without those characters', async () => {
    const res = await upload('dashboard/files/add-pdf', PDF, 'plan\u0000 du camping.pdf', staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().originalname).toBe('plan du camping.pdf');
  });

  it('refuses an image of more than 40 megapixels from its header, before decoding it', async () => {
    // a few hundred bytes that claim 10 000 × 10 000 pixels: 400 MB once decoded
    const small = await png(100, 100);
    const header = Buffer.from(small);
    header.writeUInt32BE(10_000, 16);
    header.writeUInt32BE(10_000, 20);
    header.writeUInt32BE(crc32(header.subarray(12, 29)), 29);
    const before = await fileCount();
    const res = await upload('dashboard/files/add-image', header, 'bombe.png', staff);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("L'image est trop grande (40 mégapixels au maximum) : réduisez-la avant de l'envoyer.");
    expect(await fileCount()).toBe(before);
  });

  it('decodes every image before it is kept, whatever its size: a 100 × 100 PNG whose pixel data is not zlib data, or one 800 wide, is a French 400 and nothing is stored (issue 29)', async () => {
    const before = await fileCount();
    for (const bad of [brokenPng(), brokenPng(800, 600)]) {
      const res = await upload('dashboard/files/add-image', bad, 'casse.png', staff);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Cette image ne peut pas être lue (fichier abîmé ou incomplet) : choisissez-en une autre.');
    }
    // through the data URL of files/insert and the logo as well
    const insert = await t.post('dashboard/files/insert', { name: 'casse.png', data: `data:image/png;base64,${brokenPng().toString('base64')}` }, staff);
    expect(insert.statusCode).toBe(400);
    const logo = await t.post('webapp/config/logo/update', { logo: `data:image/png;base64,${brokenPng().toString('base64')}` }, staff);
    expect(logo.statusCode).toBe(400);
    expect(await fileCount()).toBe(before);
  });

  it('keeps what the server encoded, not the bytes sent: a 120-pixel JPEG loses its metadata and stands upright; a 700 × 57 000 strip is a French 400', async () => {
    // a photo taken sideways (EXIF orientation 6: turn 90°) with the camera's name
    const sent = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#c0392b' } })
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'Appareil' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(sent).metadata()).exif?.toString('latin1')).toContain('Appareil');
    const doc = (await upload('dashboard/files/add-image', sent, 'tournee.jpg', staff)).json();
    expect(doc).toMatchObject({ type: 'image/jpeg', width: 90, height: 120 });
    const kept = await t.get(`dashboard/files/get-file/${doc._id}`, staff);
    expect(kept.rawPayload.equals(sent)).toBe(false);
    const meta = await sharp(kept.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([90, 120, undefined, undefined]);

    const before = await fileCount();
    const strip = await upload('dashboard/files/add-image', await tallPng(), 'bande.png', staff);
    expect(strip.statusCode).toBe(400);
    expect(strip.json().message).toBe("L'image est trop haute ou trop large (16 000 pixels de côté au maximum) : recadrez-la avant de l'envoyer.");
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

describe('private files', () => {
  it('an import\'s CSV is read only by staff with the users flag, downloaded, never cached; images stay public', async () => {
    const id = 'f'.repeat(24);
    const csv = Buffer.from('numero;nom\n1;Martin <martin@exemple.fr>\n');
    await t.deps.db.insert(files).values({ id, name: `${id}.csv`, base: id, originalname: 'clients.csv', type: 'text/csv', data: csv, size: csv.length, kind: 'upload', createdTime: clock });
    for (const path of [`/api/dashboard/files/get-file/${id}`, `/api/dashboard/files/get?id=${id}`]) {
      const anonymous = await t.get(path);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.body).not.toContain('martin');
      expect((await t.get(path, staff)).statusCode).toBe(403);
      const manager = (await t.signIn({ users: 1 })).cookie;
      const res = await t.get(path, manager);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(csv)).toBe(true);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toBe('attachment; filename="clients.csv"');
    }
    const image = (await upload('dashboard/files/add-image', await png(300, 200), 'plage.png', staff)).json();
    const open = await t.get(`/api/dashboard/files/get-image/${image._id}`);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toContain('public');
  });

  it('a file of a kind not listed as public needs super', async () => {
    const id = 'e'.repeat(24);
    await t.deps.db.insert(files).values({ id, name: `${id}.bin`, base: id, originalname: 'x.bin', type: 'application/octet-stream', data: Buffer.from('x'), size: 1, kind: 'autre' as 'upload', createdTime: clock });
    expect((await t.get(`/api/dashboard/files/get-file/${id}`, (await t.signIn({ users: 1, inventories: 1 })).cookie)).statusCode).toBe(403);
    expect((await t.get(`/api/dashboard/files/get-file/${id}`, (await t.signIn({ super: 1 })).cookie)).statusCode).toBe(200);
  });
});

describe('who may upload and list files (issue 18)', () => {
  const variantCount = async () => (await t.deps.db.select({ id: fileVariants.fileId }).from(fileVariants)).length;

  it('staff without the flag of an area that uses files get 403 on every upload and on the list, and nothing is stored', async () => {
    const image = await png(400, 300);
    const before = { files: await fileCount(), variants: await variantCount() };
    // no flag, and each flag of an area without files (super: the administrator settings)
    for (const flags of [{}, { homepage: 1, stats: 1, reviews: 1, deposits: 1, notifications: 1, super: 1 }] as const) {
      const cookie = (await t.signIn(flags)).cookie;
      const answers = [
        await t.post('dashboard/files/insert', { name: 'pirate.png', type: 'image/png', data: image.toString('base64') }, cookie),
        await upload('dashboard/files/add-image', image, 'pirate.png', cookie),
        await upload('dashboard/files/add-pdf', PDF, 'pirate.pdf', cookie),
        await t.get('dashboard/files/list', cookie),
        await t.get('dashboard/files/list?page=1', cookie),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);
      expect(answers[1].json().message).toBe("Vous n'avez pas l'autorisation d'accéder à cette fonctionnalité.");
    }
    expect({ files: await fileCount(), variants: await variantCount() }).toEqual(before);
  });

  it('each area that uses files may upload and list them', async () => {
    for (const flag of FILE_FLAGS) {
      const cookie = (await t.signIn({ [flag]: 1 })).cookie;
      const res = await upload('dashboard/files/add-image', await png(40, 30), `${flag}.png`, cookie);
      expect({ flag, status: res.statusCode }).toEqual({ flag, status: 200 });
      expect((await t.get('dashboard/files/list?page=1&search=' + flag, cookie)).json().rows[0].originalname).toBe(`${flag}.png`);
    }
  });
});

describe('dashboard/files/delete-image and delete-pdf', () => {
  it('needs a session (401); deletes need the rubrics flag (403)', async () => {
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

describe('dashboard/files/list with page: the files screen', () => {
  it('pages, filters by kind, leaves out the icon library, finds a name without regard to accents, sorts', async () => {
    const picture = await png(40, 40);
    const own = (name: string) => upload('dashboard/files/add-image', picture, name, staff).then((r) => r.json());
    const photos = [];
    for (const name of ['Plage-été.png', 'piscine.png', 'Réception.png']) photos.push(await own(name));
    const brochure = (await upload('dashboard/files/add-pdf', PDF, 'Brochure été.pdf', staff)).json();
    const pictogram = await own('picto-tente.png');
    const icon = await t.post('dashboard/icons/insert', { name: 'Tente', type: 'lineal', theme: 'blank', icon: pictogram._id }, staff);
    expect(icon.statusCode).toBe(200);

    type Page = { rows: { _id: string; originalname: string }[]; total: number; page: number; per_page: number };
    const page = async (query: string) => {
      const res = await t.get(`dashboard/files/list?${query}`, staff);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Page;
    };
    // without page: the spec's answer, every file (the icon's picture included)
    const all = (await t.get('dashboard/files/list', staff)).json();
    expect(Array.isArray(all)).toBe(true);
    expect(all.map((f: { _id: string }) => f._id)).toContain(pictogram._id);

    const mine = await page('page=1&per_page=5&origin=establishment');
    expect(mine.rows.map((f) => f._id)).not.toContain(pictogram._id);
    expect(mine.rows[0]._id).toBe(brochure._id);
    expect(mine.per_page).toBe(5);
    const icons = await page('page=1&per_page=5&origin=icons');
    expect(icons.rows.map((f) => f._id)).toEqual([pictogram._id]);
    expect(icons.total).toBe(1);

    const everyOwn = await page('page=1&per_page=500&origin=establishment');
    const second = await page('page=2&per_page=5&origin=establishment');
    expect(second.total).toBe(everyOwn.total);
    expect(second.rows.map((f) => f._id)).toEqual(everyOwn.rows.slice(5, 10).map((f) => f._id));

    const pdfs = await page('page=1&per_page=10&kind=pdf&origin=establishment');
    expect(pdfs.rows.every((f) => f.originalname.endsWith('.pdf'))).toBe(true);
    expect(pdfs.rows.map((f) => f._id)).toContain(brochure._id);

    // 'ETE' finds 'été' in two names; a '%' typed is a character, not a wildcard
    const summer = await page('page=1&per_page=10&origin=establishment&search=ETE&sort=originalname&order=asc');
    expect(summer.rows.map((f) => f.originalname)).toEqual(['Brochure été.pdf', 'Plage-été.png']);
    expect((await page('page=1&per_page=10&search=%25')).total).toBe(0);

    const bySize = await page('page=1&per_page=500&sort=size&order=desc');
    const sizes = bySize.rows.map((f) => (f as unknown as { size: number }).size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    // an unknown page size or sort is refused in French, not guessed
    expect((await t.get('dashboard/files/list?page=1&per_page=7', staff)).statusCode).toBe(400);
    expect((await t.get('dashboard/files/list?page=1&sort=data', staff)).statusCode).toBe(400);
  });
});
