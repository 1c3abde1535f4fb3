import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { testApp, type TestApp } from '../../testing/harness';
import { configEntries, files } from '../../db/schema';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await testApp();
  staff = (await t.signIn({ rubrics: 1 })).cookie;
});
afterAll(() => t.close());

async function pngDataUrl(width: number, colour: string) {
  const png = await sharp({ create: { width, height: Math.round(width / 2), channels: 3, background: colour } }).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
const logoEntry = async () => (await t.deps.db.select().from(configEntries).where(eq(configEntries.key, 'logo')))[0]?.value;

describe('webapp/config/logo', () => {
  it('answers no logo (publicly) before one is set', async () => {
    const res = await t.get('webapp/config/logo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ logo: null, url: null });
  });

  it('needs a session (401) and the rubrics flag (403) to update', async () => {
    const logo = await pngDataUrl(40, '#1d4e89');
    expect((await t.post('webapp/config/logo/update', { logo })).statusCode).toBe(401);
    const other = (await t.signIn({ activities: 1 })).cookie;
    expect((await t.post('webapp/config/logo/update', { logo }, other)).statusCode).toBe(403);
    expect(await logoEntry()).toBeUndefined();
  });

  it('stores the data URL as an image file with its variants, keeps its id, and serves it', async () => {
    const res = await t.post('webapp/config/logo/update', { logo: await pngDataUrl(800, '#f4a259') }, staff);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.logo).toMatch(/^[0-9a-f]{24}$/);
    expect(body.url).toBe(`/api/dashboard/files/get?id=${body.logo}&width=720`);
    expect(await logoEntry()).toEqual({ id: body.logo });
    const [file] = await t.deps.db.select().from(files).where(eq(files.id, body.logo));
    expect(file).toMatchObject({ type: 'image/png', originalname: 'logo.png', width: 800, height: 400, kind: 'image' });
    expect((await t.get('webapp/config/logo')).json()).toEqual(body);
    const image = await t.get(body.url);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(720);
  });

  it('replaces the logo and deletes the previous file in the same call', async () => {
    const first = (await t.get('webapp/config/logo')).json();
    const next = (await t.post('webapp/config/logo/update', { logo: await pngDataUrl(64, '#24452a') }, staff)).json();
    expect(next.logo).not.toBe(first.logo);
    expect(await t.deps.db.select().from(files).where(eq(files.id, first.logo))).toHaveLength(0);
    expect((await t.get('webapp/config/logo')).json().logo).toBe(next.logo);
  });

  it('refuses what is not an image with the French message and keeps the logo', async () => {
    const before = (await t.get('webapp/config/logo')).json();
    const count = (await t.deps.db.select({ id: files.id }).from(files)).length;
    const pdf = `data:image/png;base64,${Buffer.from('%PDF-1.4 pas une image').toString('base64')}`;
    const res = await t.post('webapp/config/logo/update', { logo: pdf }, staff);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Ce format de fichier n'est pas pris en charge");
    const empty = await t.post('webapp/config/logo/update', { logo: '' }, staff);
    expect(empty.json().fields.logo).toBe('Veuillez sélectionner un fichier');
    expect((await t.get('webapp/config/logo')).json()).toEqual(before);
    expect((await t.deps.db.select({ id: files.id }).from(files)).length).toBe(count);
  });

  it('answers no logo once its file was deleted from the files screen', async () => {
    const current = (await t.get('webapp/config/logo')).json();
    expect((await t.post('dashboard/files/delete-image', { id: current.logo }, staff)).json()).toBe(true);
    expect((await t.get('webapp/config/logo')).json()).toEqual({ logo: null, url: null });
  });
});
