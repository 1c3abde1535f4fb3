import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { files, webappUsers } from '../db/schema';
import { testApp, type TestApp } from '../testing/harness';
import { addGuest } from '../testing/fixtures/people';
import { createSession, CROSS_ORIGIN_REFUSED } from './session';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await testApp();
  staff = (await t.signIn()).cookie;
});
afterAll(() => t.close());

/** A built app as Vite writes it: the dashboard's plain page, or the guest app's with its first-screen mark. */
function builtApp(kind: 'dashboard' | 'guest') {
  const dir = mkdtempSync(join(tmpdir(), `${kind}-dist-`));
  mkdirSync(join(dir, 'assets'));
  const head = kind === 'guest' ? '<!--first-screen-->' : '';
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html lang="fr"><head><title>Camping</title>${head}<script type="module" src="/assets/app-abc.js"></script></head><body><div id="root"></div></body></html>`);
  writeFileSync(join(dir, 'assets/app-abc.js'), `console.log(${JSON.stringify('x'.repeat(3000))})`);
  return dir;
}

describe('HEAD requests (uptime monitors, link checkers)', () => {
  const dirs: string[] = [];
  const ports: FastifyInstance[] = [];
  beforeAll(async () => {
    for (const kind of ['dashboard', 'guest'] as const) {
      const dir = builtApp(kind);
      dirs.push(dir);
      const app = await buildApp({ database: t.deps.database, env: t.deps.env, distDir: dir }, t.deps);
      await app.ready();
      ports.push(app);
    }
  });
  afterAll(async () => {
    for (const app of ports) await app.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('answer like GET without a body on both ports: the page, a deep address of the app, an asset, an API read', async () => {
    for (const app of ports) {
      for (const url of ['/', '/rubriques/piscine/horaires', '/assets/app-abc.js', '/api/webapp/config/version', '/api/dashboard/users/session']) {
        for (const encoding of ['identity', 'gzip, deflate, br']) {
          const get = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
          const head = await app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': encoding } });
          expect({ url, status: head.statusCode }).toEqual({ url, status: 200 });
          expect(head.statusCode).toBe(get.statusCode);
          expect(head.headers['content-type']).toBe(get.headers['content-type']);
          expect(head.headers['cache-control']).toBe(get.headers['cache-control']);
          expect(head.rawPayload.length).toBe(0);
          // the length of what GET sends in the same encoding
          if (encoding === 'identity') expect(Number(head.headers['content-length'])).toBe(get.rawPayload.length);
        }
      }
      // and what GET refuses, HEAD refuses the same way
      for (const url of ['/assets/old-chunk.js', '/api/nothing-here']) {
        expect((await app.inject({ method: 'HEAD', url })).statusCode).toBe(404);
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    }
  });
});

describe('the Origin check of state-changing requests with a session cookie', () => {
  // inject addresses the server as http://localhost:80: that is this server's own origin
  const own = 'http://localhost';
  const post = (url: string, headers: Record<string, string>, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, headers, payload: payload as InjectOptions['payload'] });
  const signedIn = async (cookie: string) => (await t.get('dashboard/users/session', cookie)).json() !== false;

  it("refuses the staff cookie posted from another origin, the guest app's port included, with a French 403 and nothing done", async () => {
    const { cookie } = await t.signIn();
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'http://localhost:81', 'https://localhost', 'null']) {
      const res = await post('dashboard/users/logout', { cookie, origin });
      expect({ origin, status: res.statusCode }).toEqual({ origin, status: 403 });
      expect(res.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: CROSS_ORIGIN_REFUSED, fields: {} });
      expect(await signedIn(cookie)).toBe(true);
    }
    // PUT, PATCH and DELETE are state-changing too, whatever route they reach
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/dashboard/users/logout', headers: { cookie, origin: 'https://evil.example' } });
      expect(res.statusCode).toBe(403);
    }
  });

  it('without Origin, judges by the Referer', async () => {
    const { cookie } = await t.signIn();
    expect((await post('dashboard/users/logout', { cookie, referer: 'https://evil.example/page?x=1' })).statusCode).toBe(403);
    expect((await post('dashboard/users/logout', { cookie, referer: 'pas une adresse' })).statusCode).toBe(403);
    expect(await signedIn(cookie)).toBe(true);
    expect((await post('dashboard/users/logout', { cookie, referer: `${own}/reglages` })).statusCode).toBe(200);
    expect(await signedIn(cookie)).toBe(false);
  });

  it('lets through a request from its own origin, and one without Origin or Referer (an API client, curl)', async () => {
    const a = await t.signIn();
    expect((await post('dashboard/users/logout', { cookie: a.cookie, origin: own })).statusCode).toBe(200);
    const b = await t.signIn();
    expect((await post('dashboard/users/logout', { cookie: b.cookie })).statusCode).toBe(200);
    expect(await signedIn(b.cookie)).toBe(false);
    // a Bearer token without a cookie is not a browser's ambient credential
    const c = await t.signIn();
    const token = c.cookie.split('=')[1];
    expect((await post('dashboard/users/logout', { authorization: `Bearer ${token}`, origin: 'https://tool.example' })).statusCode).toBe(200);
    // reads are not concerned
    expect((await t.app.inject({ url: '/api/dashboard/users/list', headers: { cookie: staff, origin: 'https://evil.example' } })).statusCode).toBe(200);
  });

  it('refuses a cross-origin multipart upload with the staff cookie, and stores no file', async () => {
    const boundary = '----fuzz-origin';
    const image = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#3e7cb1' } }).png().toBuffer();
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="plage.png"\r\nContent-Type: image/png\r\n\r\n`),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const count = async () => (await t.deps.db.select({ id: files.id }).from(files)).length;
    const before = await count();
    const headers = { cookie: staff, 'content-type': `multipart/form-data; boundary=${boundary}` };
    const refused = await t.app.inject({ method: 'POST', url: '/api/dashboard/files/add-image', payload, headers: { ...headers, origin: 'http://localhost:3001' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CROSS_ORIGIN_REFUSED);
    expect(await count()).toBe(before);
    const accepted = await t.app.inject({ method: 'POST', url: '/api/dashboard/files/add-image', payload, headers: { ...headers, origin: own } });
    expect(accepted.statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it("refuses the guest's cookie posted from another origin", async () => {
    const guestId = await addGuest(t.deps);
    const cookie = `session-webapp=${await createSession(t.deps, 'webapp', guestId)}`;
    const body = { firstname: 'Intrus', lastname: 'Test' };
    const refused = await post('webapp/account/update', { cookie, origin: 'http://localhost:3000' }, body);
    expect(refused.statusCode).toBe(403);
    const [row] = await t.deps.db.select({ firstname: webappUsers.firstname }).from(webappUsers).where(eq(webappUsers.id, guestId));
    expect(row.firstname).toBe('Invité');
    expect((await post('webapp/account/update', { cookie, origin: own }, body)).statusCode).toBe(200);
  });

  it('behind a reverse proxy named by TRUST_PROXY, takes the origin the browser used; a forged X-Forwarded-Host from elsewhere counts for nothing', async () => {
    const behindProxy = await buildApp({ database: t.deps.database, env: { ...t.deps.env, TRUST_PROXY: ['loopback'] } }, t.deps);
    await behindProxy.ready();
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'camping.example', origin: 'https://camping.example' };
    try {
      const a = await t.signIn();
      // inject comes from 127.0.0.1: the proxy
      expect((await behindProxy.inject({ method: 'POST', url: '/api/dashboard/users/logout', headers: { cookie: a.cookie, ...forwarded }, payload: {} })).statusCode).toBe(200);
      const b = await t.signIn();
      // the same headers sent straight to a server that trusts no proxy: this server is http://localhost
      expect((await post('dashboard/users/logout', { cookie: b.cookie, ...forwarded })).statusCode).toBe(403);
      expect(await signedIn(b.cookie)).toBe(true);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('the session token', () => {
  it("is in neither sign-in answer's body, and a token in the query string is not a session", async () => {
    const { cookie } = await t.signIn({}, 'jeton');
    const staffLogin = await t.post('dashboard/users/login', { login: 'jeton', password: 'motdepasse-test' });
    const staffToken = String(staffLogin.headers['set-cookie']).split(';')[0].split('=')[1];
    expect(staffToken.length).toBeGreaterThan(20);
    expect(staffLogin.body).not.toContain(staffToken);
    for (const name of ['token', 'session', 'session-dashboard', 'access_token']) {
      expect((await t.get(`dashboard/users/session?${name}=${cookie.split('=')[1]}`)).json()).toBe(false);
    }

    await addGuest(t.deps, { email: 'jeton@example.test', password: 'motdepasse-invite' });
    const guestLogin = await t.post('webapp/account/login', { email: 'jeton@example.test', password: 'motdepasse-invite' });
    expect(guestLogin.statusCode).toBe(200);
    const guestToken = String(guestLogin.headers['set-cookie']).split(';')[0].split('=')[1];
    expect(guestToken.length).toBeGreaterThan(20);
    expect(guestLogin.body).not.toContain(guestToken);
    expect((await t.get(`webapp/account/me?token=${guestToken}`)).json()).toBe(false);
    expect((await t.get('webapp/account/me', `session-webapp=${guestToken}`)).json()).not.toBe(false);
  });
});

describe('an address the router cannot decode', () => {
  it('is a French 400 that does not quote it back', async () => {
    for (const url of ['/api/dashboard/files/get-image/%ED%A0%80', '/api/dashboard/files/get-image/%E0%A4%A/192']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, code: 'VALIDATION', message: 'Requête invalide', fields: {} });
    }
  });
});
