import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from '../../testing/harness';

/** Test data for the booklet's API tests, made through the API itself. */
let png: string | undefined;
async function pngData() {
  png ??= (await sharp({ create: { width: 64, height: 64, channels: 4, background: '#2a6f97' } }).png().toBuffer()).toString('base64');
  return png;
}

export async function uploadImage(t: TestApp, cookie: string): Promise<string> {
  const res = await t.post('dashboard/files/insert', { name: 'icone.png', type: 'image/png', data: await pngData() }, cookie);
  expect(res.statusCode).toBe(200);
  return res.json();
}

export async function makeIcon(t: TestApp, cookie: string, name = 'Soleil'): Promise<{ _id: string; prev: string }> {
  const res = await t.post('dashboard/icons/insert', { name, type: 'lineal', theme: 'blank', icon: await uploadImage(t, cookie) }, cookie);
  expect(res.statusCode).toBe(200);
  return res.json();
}

export async function makeGroup(t: TestApp, cookie: string, icon: string, name = 'Infos pratiques') {
  const res = await t.post('webapp/groups/insert', { icon, translations: [{ lang: 'fr', name }, { lang: 'en', name: `${name} EN` }] }, cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as { _id: string; translations: { lang: string; name: string; prefix: string }[] };
}

export async function makeCategory(t: TestApp, cookie: string, group: string, icon: string, name: string, type: 'page' | 'list' = 'page') {
  const res = await t.post('webapp/categories/insert', { group, type, icon, translations: [{ lang: 'fr', name }, { lang: 'en', name: `${name} EN` }] }, cookie);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body).toHaveProperty('_id');
  return body as { _id: string; order: number; type: string; translations: { lang: string; name: string; suffix: string; url: string }[] };
}

/** The French sentence of a 400, and the field it names. */
export function expect400(res: { statusCode: number; json(): { message: string; fields: Record<string, string> } }, field: string, message: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json().fields[field]).toBe(message);
}
