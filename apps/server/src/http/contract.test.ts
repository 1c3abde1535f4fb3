import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type CallDef } from '@campsite/shared';
import { testApp, type TestApp } from '../testing/harness';
import { served } from './calls';
import { createSession } from './session';
import { addGuest } from '../testing/fixtures/people';
import { specLines } from '../spec/calls-table';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const calls = Object.values(contract).flatMap((resource) => Object.values(resource as Record<string, CallDef>));
const concrete = (path: string) => path.replace(/:(\w+)/g, 'x');

describe('the contract', () => {
  it('is served call by call, with the declared method and path', () => {
    const missing = calls.filter((c) => !served.has(`${c.method} ${c.path}`)).map((c) => `${c.method} ${c.path}`);
    expect(missing).toEqual([]);
  });

  it('declares only calls of the spec table, or calls the table leaves to us', () => {
    const spec = new Set(specLines().flatMap((l) => l.calls));
    const ours = calls.filter((c) => !spec.has(`${c.method} ${c.path}`)).map((c) => `${c.method} ${c.path}`);
    // every call outside the table is one the spec names without a path (see docs/api.md)
    for (const c of ours) expect(c).toMatch(/^(GET|POST) (dashboard|webapp)\//);
  });

  it('answers 401 without a session for every call that is not public, whatever the input', async () => {
    const closed = calls.filter((c) => c.access !== 'public');
    expect(closed.length).toBeGreaterThan(5);
    for (const c of closed) {
      const res = c.method === 'GET' ? await t.get(concrete(c.path)) : await t.post(concrete(c.path), {});
      expect({ call: c.path, status: res.statusCode }).toEqual({ call: c.path, status: 401 });
      expect(res.json().message).toBe('Vous devez être connecté.');
    }
  });

  it('answers 403 to a staff member without the flag a call declares', async () => {
    const { cookie } = await t.signIn({});
    const flagged = calls.filter((c) => c.access === 'dashboard' && (c.permission || c.anyPermission));
    for (const c of flagged) {
      const res = c.method === 'GET' ? await t.get(concrete(c.path), cookie) : await t.post(concrete(c.path), {}, cookie);
      expect({ call: c.path, status: res.statusCode }).toEqual({ call: c.path, status: 403 });
    }
  });

  it('answers 401 to a guest app session on every staff call, whether its token comes as guest cookie, staff cookie or Bearer', async () => {
    const token = await createSession(t.deps, 'webapp', await addGuest(t.deps));
    const staffOnly = calls.filter((c) => c.access === 'dashboard');
    for (const headers of [{ cookie: `session-webapp=${token}` }, { cookie: `session-dashboard=${token}` }, { authorization: `Bearer ${token}` }]) {
      for (const c of staffOnly) {
        const res = await t.app.inject({ method: c.method, url: `/api/${concrete(c.path)}`, headers, ...(c.method === 'POST' ? { payload: {} } : {}) });
        expect({ call: c.path, status: res.statusCode }).toEqual({ call: c.path, status: 401 });
      }
    }
  });

  it('publishes the OpenAPI document at /api/openapi.json, and a reference to read and try at /api/docs', async () => {
    const res = await t.get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/dashboard/users/login');
    expect(res.json().paths['/api/dashboard/users/list'].get.security).toEqual([{ session: [] }, { bearer: [] }]);
    const page = await t.get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    // served from here, not from a CDN, and allowed by the CSP
    expect(page.body).not.toMatch(/src="https?:/);
    expect((await t.get('/api/docs/static/swagger-ui-bundle.js')).statusCode).toBe(200);
  });

  it('answers a malformed JSON body with a French 400, never a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dashboard/users/login', payload: '{pas du json', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Requête invalide');
  });

  it('sends the security headers', async () => {
    const res = await t.get('webapp/config/version');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('answers on weak Wi-Fi', () => {
  it('compresses a large JSON answer for a client that accepts it, and the bytes decode to the same answer', async () => {
    const { brotliDecompressSync } = await import('node:zlib');
    const plain = await t.get('/api/openapi.json');
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
  });
});
