import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing/harness';
import { AnswerCache, encodingOf } from './answer-cache';

describe('the cache of public reads', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await testApp();
    ({ cookie } = await t.signIn());
  });
  afterAll(() => t.close());

  const newPage = async (name: string) => (await t.post('webapp/pages/insert', { translations: [{ lang: 'fr', name }] }, cookie)).json()._id as string;
  const rename = (id: string, name: string) => t.post('webapp/pages/update-name', { id, translations: [{ lang: 'fr', name }] }, cookie);
  const nameOf = (res: { json(): { translations: { name: string }[] } }) => res.json().translations[0].name;

  it('answers 304 to a browser that holds the answer, and the new answer with a new ETag after a change', async () => {
    const id = await newPage('Piscine');
    const first = await t.get(`webapp/pages/find?id=${id}`);
    const etag = first.headers.etag as string;
    expect(first.statusCode).toBe(200);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await t.app.inject({ url: `/api/webapp/pages/find?id=${id}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    expect((await rename(id, 'Piscine couverte')).statusCode).toBe(200);
    const changed = await t.app.inject({ url: `/api/webapp/pages/find?id=${id}`, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(nameOf(changed)).toBe('Piscine couverte');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('checks access before answering a kept address: once the app is closed, a signed-out phone gets a 401 and staff the answer', async () => {
    const id = await newPage('Bibliothèque');
    const url = `webapp/pages/find?id=${id}`;
    const open = await t.get(url);
    expect(nameOf(open)).toBe('Bibliothèque');
    // the same address again: kept (its ETag unchanged)
    expect((await t.get(url)).headers.etag).toBe(open.headers.etag);
    const admin = (await t.get('dashboard/config/admin/list', cookie)).json();
    expect((await t.post('dashboard/config/admin/update', { ...admin, application_ouverte: false }, cookie)).statusCode).toBe(200);
    try {
      const closed = await t.get(url);
      expect(closed.statusCode).toBe(401);
      expect(closed.json().message).toBe('Vous devez être connecté.');
      const staff = await t.get(url, cookie);
      expect(staff.statusCode).toBe(200);
      expect(nameOf(staff)).toBe('Bibliothèque');
    } finally {
      expect((await t.post('dashboard/config/admin/update', { ...admin, application_ouverte: true }, cookie)).statusCode).toBe(200);
    }
  });

  it('shows a write made outside any call (a job, a script) at the next read', async () => {
    const id = await newPage('Laverie');
    expect(nameOf(await t.get(`webapp/pages/find?id=${id}`))).toBe('Laverie');
    await t.deps.db.execute(sql`UPDATE booklet_pages SET translations = '[{"lang":"fr","name":"Laverie libre-service","category_name":"","title":""}]' WHERE id = ${id}`);
    // what a job that wants its own next read fresh does on PostgreSQL (PGlite needs no wait)
    await t.deps.cache.settle();
    expect(nameOf(await t.get(`webapp/pages/find?id=${id}`))).toBe('Laverie libre-service');
  });

  it('never shares an answer that depends on who asks: each session reads its own staff member', async () => {
    const other = await t.signIn(undefined, 'secondagent');
    const mine = await t.get('dashboard/users/session', cookie);
    const theirs = await t.get('dashboard/users/session', other.cookie);
    expect(mine.json().username).not.toBe('secondagent');
    expect(theirs.json().username).toBe('secondagent');
    expect((await t.get('dashboard/users/session')).json()).toBe(false);
    expect(mine.headers.etag).toBeUndefined();
  });

  it('sends a big answer compressed for a client that takes it, and a small one as it is', async () => {
    for (let i = 0; i < 30; i++) await newPage(`Page numéro ${i} du livret d'accueil`);
    const plain = await t.get('webapp/pages/list?nocover=1&nosections=1');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ url: '/api/webapp/pages/list?nocover=1&nosections=1', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const small = await t.app.inject({ url: '/api/webapp/config/version', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toHaveProperty('version');
  });

  it('keeps its answers when a guest visit is recorded (visits are not content)', async () => {
    const id = await newPage('Accueil');
    await t.get(`webapp/pages/find?id=${id}`);
    const generation = t.deps.cache.generation;
    const visit = await t.post('webapp/logs/insert', { component: 'page', visitor: 'visiteur-0001', app: false });
    expect(visit.statusCode).toBe(200);
    expect(t.deps.cache.generation).toBe(generation);
    await rename(id, 'Accueil et réception');
    expect(t.deps.cache.generation).toBeGreaterThan(generation);
  });

  it('keeps its answers when a write leaves the rows as they were (a job writing its bookkeeping again)', async () => {
    const id = await newPage('Bibliothèque');
    await t.get(`webapp/pages/find?id=${id}`);
    const generation = t.deps.cache.generation;
    await t.deps.db.execute(sql`UPDATE booklet_pages SET translations = translations WHERE id = ${id}`);
    await t.deps.cache.settle();
    expect(t.deps.cache.generation).toBe(generation);
    await t.deps.db.execute(sql`UPDATE booklet_pages SET edited_time = edited_time + 1 WHERE id = ${id}`);
    await t.deps.cache.settle();
    expect(t.deps.cache.generation).toBeGreaterThan(generation);
  });

  it('shows a write made on one instance at the next read on another (PostgreSQL: two processes; PGlite: two ports)', async () => {
    const b = await t.twin();
    const id = await newPage('Épicerie 0');
    for (let i = 1; i <= 20; i++) {
      const before = await b.get(`webapp/pages/find?id=${id}`);
      expect(nameOf(before)).toBe(`Épicerie ${i - 1}`);
      expect((await rename(id, `Épicerie ${i}`)).statusCode).toBe(200);
      expect(nameOf(await b.get(`webapp/pages/find?id=${id}`))).toBe(`Épicerie ${i}`);
    }
  });
});

describe('AnswerCache', () => {
  it('does not keep an answer read before a change that came in the meantime', () => {
    const cache = new AnswerCache();
    const generation = cache.generation;
    cache.changed();
    cache.put('k', generation, Buffer.from('"old"'));
    expect(cache.get('k')).toBeUndefined();
    cache.put('k', cache.generation, Buffer.from('"new"'));
    expect(cache.get('k')?.body.toString()).toBe('"new"');
  });

  it('lets the least recently read answers go beyond its size', () => {
    const cache = new AnswerCache(true, 3000, 100);
    cache.put('a', 0, Buffer.alloc(300));
    cache.put('b', 0, Buffer.alloc(300));
    cache.get('a');
    for (let i = 0; i < 9; i++) cache.put(`x${i}`, 0, Buffer.alloc(300));
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('picks br, then gzip, and respects q=0', () => {
    expect(encodingOf('gzip, deflate, br')).toBe('br');
    expect(encodingOf('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(encodingOf('identity')).toBeNull();
    expect(encodingOf(undefined)).toBeNull();
  });
});
