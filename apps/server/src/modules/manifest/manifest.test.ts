import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { testApp, type TestApp } from '../../testing/harness';
import { shortName } from './manifest.service';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await testApp();
  staff = (await t.signIn({ rubrics: 1, params: 1 })).cookie;
});
afterAll(() => t.close());

const manifest = async () => (await t.get('/manifest.webmanifest')).json();
const pixel = async (png: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [...data.subarray(i, i + 3)];
};

describe('GET /manifest.webmanifest', () => {
  it('names the app after the establishment, in its default language, with the default colour before any theme', async () => {
    const res = await t.get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const m = res.json();
    expect(m).toMatchObject({ name: 'Mon établissement', lang: 'fr', start_url: '/', display: 'standalone', theme_color: '#1d4e89' });
    expect(m.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);
    const again = await t.app.inject({ url: '/manifest.webmanifest', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('draws an icon in the theme colour without a logo, then the logo once there is one', async () => {
    const before = (await manifest()).icons[0].src;
    const noLogo = await t.get(before);
    expect(noLogo.statusCode).toBe(200);
    expect(noLogo.headers['content-type']).toBe('image/png');
    const meta = await sharp(noLogo.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([192, 192]);
    expect(await pixel(noLogo.rawPayload, 2, 2)).toEqual([0x1d, 0x4e, 0x89]);

    const theme = (await t.post('dashboard/themes/insert', { name: 'Forêt', color1: '2d6a4f', color2: '95d5b2', color3: 'd8f3dc', color4: '081c15' }, staff)).json();
    await t.post('webapp/config/update-theme', { id: theme._id }, staff);
    const red = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#cc0000' } }).png().toBuffer();
    expect((await t.post('webapp/config/logo/update', { logo: `data:image/png;base64,${red.toString('base64')}` }, staff)).statusCode).toBe(200);

    const m = await manifest();
    expect(m.theme_color).toBe('#2d6a4f');
    // a new logo is a new address, so an installed app does not keep the old icon
    expect(m.icons[0].src).not.toBe(before);
    const big = await t.get(m.icons[1].src);
    expect((await sharp(big.rawPayload).metadata()).width).toBe(512);
    expect(await pixel(big.rawPayload, 256, 256)).toEqual([0xcc, 0, 0]);
    expect(await pixel(big.rawPayload, 2, 2)).toEqual([255, 255, 255]);
    // maskable: the logo stays within the safe zone
    const mask = await t.get(m.icons[3].src);
    expect(await pixel(mask.rawPayload, 60, 256)).toEqual([255, 255, 255]);
    expect(await pixel(mask.rawPayload, 256, 256)).toEqual([0xcc, 0, 0]);
  });

  it('answers 404 for a size it does not make', async () => {
    expect((await t.get('/icons/icon-64.png')).statusCode).toBe(404);
    expect((await t.get('/icons/other-192.png')).statusCode).toBe(404);
  });
});

describe('shortName', () => {
  it('keeps a short name and shortens a long one in whole words', () => {
    expect(shortName('Les Pins')).toBe('Les Pins');
    expect(shortName('Camping Les Pins Dorés')).toBe('Les Pins');
    expect(shortName('Domaine de la Grande Forêt')).toBe('Domaine de');
  });
});
