import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../testing/harness';
import { whileResponsive } from '../../testing/event-loop';
import { generatePeople } from '../../testing/fixtures/people';

/**
 * Issue 20: exporting 100 000 client files does not hold the server. The export is read in keyset pages
 * with the event loop given back between them and streamed; a light call made every 50 ms meanwhile must
 * answer within LIGHT_BOUND_MS (the bound of http/event-loop.test.ts). Every row arrives, once. The
 * longest loop delay and the time are printed, not asserted (a loaded machine varies).
 */
const LIGHT_BOUND_MS = 500;
const ROWS = 100_000;

let t: TestApp;
let staff: string;
let base: { host: string; port: number };

beforeAll(async () => {
  t = await testApp();
  staff = (await t.signIn({ users: 1 })).cookie;
  await generatePeople(t.deps, { clients: ROWS, extraStays: 0, guests: 0 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = { host: '127.0.0.1', port: (t.app.server.address() as AddressInfo).port };
}, 300_000);
afterAll(() => t.close());

/** A GET over a real socket; answers the status and the body's bytes. */
function get(path: string, cookie?: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ ...base, method: 'GET', path, headers: cookie ? { cookie } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a 100 000-row export', () => {
  it('streams every row while the server keeps answering', async () => {
    const start = performance.now();
    const { result: res, slowest, loopMax, calls } = await whileResponsive(
      async () => {
        expect((await get('/api/webapp/config/version')).status).toBe(200);
      },
      () => get('/api/dashboard/clients/export', staff),
    );
    const seconds = (performance.now() - start) / 1000;
    console.log('export of 100 000 clients:', { seconds: Number(seconds.toFixed(1)), megabytes: Number((res.body.length / 1e6).toFixed(1)), slowest, loopMax, calls });
    expect(res.status).toBe(200);
    const lines = res.body.toString('utf8').split('\r\n');
    expect(lines).toHaveLength(ROWS + 2);
    const numbers = new Set(lines.slice(1, -1).map((l) => l.slice(0, l.indexOf(';'))));
    expect(numbers.size).toBe(ROWS);
    expect(slowest).toBeLessThan(LIGHT_BOUND_MS);
  }, 300_000);
});
