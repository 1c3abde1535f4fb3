import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, makeDeps } from '../app';
import { migrate } from '../db/migrate';
import { readEnv } from '../env';
import { freshDatabase, testApp, type TestApp } from '../testing/harness';
import { BODY_TIMEOUT_MESSAGE, bodyLimitOf, DEFAULT_BODY_LIMIT, deeperThan } from './bodies';

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await testApp();
  staff = (await t.signIn({ users: 1 })).cookie;
});
afterAll(() => t.close());

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Sends raw bytes on a new connection; answers what came back once the server closed it, or after `ms`. */
function raw(app: FastifyInstance, write: (s: Socket) => void, ms = 5000): Promise<{ text: string; closed: boolean; elapsed: number }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve) => {
    const started = Date.now();
    const s = connect(port, '127.0.0.1');
    let text = '';
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      s.destroy();
      resolve({ text, closed, elapsed: Date.now() - started });
    };
    const timer = setTimeout(() => finish(false), ms);
    s.on('data', (d) => (text += d.toString()));
    s.on('end', () => finish(true));
    s.on('close', () => finish(true));
    s.on('error', () => finish(true));
    s.on('connect', () => write(s));
  });
}

describe('access is checked before the body is read', () => {
  it('answers 401 to a request without a session whose body never comes', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await raw(
      t.app,
      (s) => s.write('POST /api/dashboard/clients/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n[[[['),
      3000,
    );
    expect(res.text).toMatch(/^HTTP\/1\.1 401/);
    expect(res.text).toContain('"code":"UNAUTHENTICATED"');
  });

  it('answers 403 to a staff member without the flag, the body unread', async () => {
    const noFlag = (await t.signIn({})).cookie;
    const res = await t.app.inject({ method: 'POST', url: '/api/dashboard/clients/import', headers: { cookie: noFlag, 'content-type': 'application/json' }, payload: nested(100_000) });
    expect(res.statusCode).toBe(403);
  });
});

describe('body limits per call', () => {
  it('gives most calls a small limit and the file imports a large one', () => {
    expect(bodyLimitOf({ path: 'dashboard/users/login' })).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitOf({ path: 'webapp/pages/update-section' })).toBeGreaterThan(1_400_000);
    expect(bodyLimitOf({ path: 'dashboard/clients/import' })).toBeGreaterThan(10_000_000);
  });

  it('refuses a body over the call\'s limit with a French 413, and takes it where files go', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(DEFAULT_BODY_LIMIT) });
    const refused = await t.app.inject({ method: 'POST', url: '/api/dashboard/users/insert', headers: { cookie: staff, 'content-type': 'application/json' }, payload: big });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe('La requête est trop volumineuse.');
    const csv = `N° client;Nom\n${'1;Martin\n'.repeat(40_000)}`;
    const taken = await t.post('dashboard/upload/file', { file: csv }, staff);
    expect(taken.statusCode).toBe(200);
  });
});

describe('nesting is refused before JSON.parse', () => {
  it('counts depth in one pass, strings left out', () => {
    expect(deeperThan(nested(33), 33)).toBe(false);
    expect(deeperThan(nested(34), 33)).toBe(true);
    expect(deeperThan(JSON.stringify({ a: '[[[[[[[[[[', b: '\\"{{{{{{{' }), 2)).toBe(false);
    expect(deeperThan('{"a":{"b":{"c":1}}}', 2)).toBe(true);
  });

  it('answers a French 400 to a nested body with a session, and writes nothing', async () => {
    for (const body of [nested(64), nested(2_000_000)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/dashboard/clients/import', headers: { cookie: staff, 'content-type': 'application/json' }, payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'Requête invalide' });
    }
  });

  it('still takes a document nested as deep as the product\'s own', async () => {
    // 32 levels below the body: the depth the walk of input.ts allows
    let value: unknown = 'x';
    for (let i = 0; i < 31; i++) value = { a: value };
    const res = await t.app.inject({ method: 'POST', url: '/api/dashboard/clients/find', headers: { cookie: staff, 'content-type': 'application/json' }, payload: JSON.stringify({ client_number: '1', extra: value }) });
    expect(res.statusCode).toBe(200);
  });
});

describe('a body that does not arrive in time', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    await migrate(fresh.database);
    const env = readEnv({ SEED: 'none', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'error' });
    const deps = makeDeps({ database: fresh.database, env, mailer: { send: async () => {} } });
    // the production rule with a shorter base, so that a test waits one second instead of thirty
    app = await buildApp({ database: fresh.database, env, serves: 'none', bodyTimeout: { baseMs: 1000, bytesPerSecond: 32 * 1024 } }, deps);
    await app.listen({ port: 0, host: '127.0.0.1' });
    close = async () => {
      await app.close();
      await fresh.database.close();
    };
  });
  afterAll(async () => {
    await close();
    await drop();
  });

  it('is a French 408 that closes the connection (a byte every 300 ms never ends)', async () => {
    let timer: NodeJS.Timeout | undefined;
    const res = await raw(
      app,
      (s) => {
        s.write('POST /api/webapp/logs/insert HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
        timer = setInterval(() => s.writable && s.write(' '), 300);
      },
      8000,
    );
    clearInterval(timer);
    expect(res.text).toMatch(/^HTTP\/1\.1 408/);
    expect(res.text.toLowerCase()).toContain('connection: close');
    expect(res.text).toContain(BODY_TIMEOUT_MESSAGE);
    expect(res.closed).toBe(true);
    // about the base time (1 s, and 100 bytes at 32 KB/s), not the test's 8 s
    expect(res.elapsed).toBeLessThan(4000);
  });

  it('lets a body that arrives in time through', async () => {
    const res = await raw(app, (s) => s.write('POST /api/webapp/logs/insert HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}'), 4000);
    expect(res.text).not.toMatch(/^HTTP\/1\.1 408/);
    expect(res.text).toMatch(/^HTTP\/1\.1 [24]\d\d/);
  });
});
