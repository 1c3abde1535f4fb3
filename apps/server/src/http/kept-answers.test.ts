import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing/harness';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A plain HTTP GET on the listening server, as a phone sends it (no header but those given). */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/${path}`, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers that say what the answer is (not when, nor how the connection goes). */
const said = ({ headers }: Answer) => Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));

describe('kept public answers by their address, before the router', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  beforeAll(async () => {
    t = await testApp();
    ({ cookie } = await t.signIn());
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const kept = async () => (await t.deps.metrics.registry.getSingleMetric('campsite_http_kept_answers_total')!.get()).values[0]?.value ?? 0;
  const newPage = async (name: string) => (await t.post('webapp/pages/insert', { translations: [{ lang: 'fr', name }] }, cookie)).json()._id as string;
  const nameOf = (a: Answer) => JSON.parse(a.body.toString()).translations[0].name as string;

  it("answers the address again with the route's very bytes and headers, its 304, and the change after a write", async () => {
    const id = await newPage('Piscine');
    const before = await kept();
    const routed = await get(base, `webapp/pages/find?id=${id}`);
    expect(routed.status).toBe(200);
    expect(nameOf(routed)).toBe('Piscine');
    expect(await kept()).toBe(before);

    const again = await get(base, `webapp/pages/find?id=${id}`);
    expect(await kept()).toBe(before + 1);
    expect(again.status).toBe(200);
    expect(again.body.equals(routed.body)).toBe(true);
    expect(said(again)).toEqual(said(routed));
    expect(again.headers['content-security-policy']).toContain("default-src 'self'");
    expect(again.headers['x-frame-options']).toBe('SAMEORIGIN');

    // the browser holds it: the route's 304, with the same headers
    const etag = routed.headers.etag as string;
    const fromRoute = await t.app.inject({ url: `/api/webapp/pages/find?id=${id}`, headers: { 'if-none-match': etag } });
    const notModified = await get(base, `webapp/pages/find?id=${id}`, { 'if-none-match': etag });
    expect(await kept()).toBe(before + 2);
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(fromRoute.statusCode).toBe(304);
    const routeSaid = Object.fromEntries(Object.entries(fromRoute.headers).filter(([n]) => !['date', 'connection', 'keep-alive'].includes(n)));
    expect(said(notModified)).toEqual(routeSaid);

    // a write: the address is forgotten with the answer, the next read is the route's, then kept again
    expect((await t.post('webapp/pages/update-name', { id, translations: [{ lang: 'fr', name: 'Piscine couverte' }] }, cookie)).statusCode).toBe(200);
    await t.deps.cache.settle();
    const renamed = await get(base, `webapp/pages/find?id=${id}`, { 'if-none-match': etag });
    expect(renamed.status).toBe(200);
    expect(nameOf(renamed)).toBe('Piscine couverte');
    expect(renamed.headers.etag).not.toBe(etag);
    expect(await kept()).toBe(before + 2);
    expect(nameOf(await get(base, `webapp/pages/find?id=${id}`))).toBe('Piscine couverte');
    expect(await kept()).toBe(before + 3);
  });

  it('sends the compressed bytes once the route has made them, to a phone that takes them', async () => {
    for (let i = 0; i < 30; i++) await newPage(`Page numéro ${i} du livret d'accueil`);
    await t.deps.cache.settle();
    const path = 'webapp/pages/list?nocover=1&nosections=1';
    const plain = await get(base, path);
    const before = await kept();
    const first = await get(base, path, { 'accept-encoding': 'gzip, deflate, br' });
    const second = await get(base, path, { 'accept-encoding': 'gzip, deflate, br' });
    // the first made the bytes (the route), the second found them
    expect(await kept()).toBe(before + 1);
    for (const answer of [first, second]) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-length']).toBe(String(answer.body.length));
      expect(brotliDecompressSync(answer.body).equals(plain.body)).toBe(true);
    }
    expect(said(second)).toEqual(said(first));
  });

  it("never answers the app's content by its address while the app is closed, even after staff read it", async () => {
    const id = await newPage('Bibliothèque');
    const path = `webapp/pages/find?id=${id}`;
    await get(base, path);
    expect(nameOf(await get(base, path))).toBe('Bibliothèque');
    const admin = (await t.get('dashboard/config/admin/list', cookie)).json();
    expect((await t.post('dashboard/config/admin/update', { ...admin, application_ouverte: false }, cookie)).statusCode).toBe(200);
    try {
      await t.deps.cache.settle();
      const closed = await get(base, path);
      expect(closed.status).toBe(401);
      expect(JSON.parse(closed.body.toString()).message).toBe('Vous devez être connecté.');
      // staff read it twice (the route lets a session through): the address is not remembered for anybody
      for (let i = 0; i < 2; i++) expect(nameOf(await get(base, path, { cookie }))).toBe('Bibliothèque');
      expect((await get(base, path)).status).toBe(401);
      // the sign-in screen's calls stay open, and kept
      const before = await kept();
      await get(base, 'webapp/config/public');
      expect((await get(base, 'webapp/config/public')).status).toBe(200);
      expect(await kept()).toBe(before + 1);
    } finally {
      expect((await t.post('dashboard/config/admin/update', { ...admin, application_ouverte: true }, cookie)).statusCode).toBe(200);
    }
    await t.deps.cache.settle();
    expect(nameOf(await get(base, path))).toBe('Bibliothèque');
  });
});
