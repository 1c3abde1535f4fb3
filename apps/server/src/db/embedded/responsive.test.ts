import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileResponsive } from '../../testing/event-loop';
import { testApp, type TestApp } from '../../testing/harness';

/**
 * Issues 29 and 31: no SQL statement holds the event loop, on the embedded database as on PostgreSQL.
 * PGlite ran every statement on the server's main thread: a 12 MP photo stalled every other request
 * 2–3 s, a heavy report 8 s. It now runs on a thread of its own (db/embedded).
 *
 * The probe (testing/event-loop.ts) asks the guest app's version over a real socket every 50 ms: a call
 * that needs no database (PGlite has one connection, which the long statement holds), so what it measures
 * is whether the server's event loop answers, not whether the database does.
 */
/**
 * Bounds that hold on the loaded 2-core CI machine, where sharp's threads, the database's and other
 * processes take turns with the event loop (this file runs alone, vitest.config.ts TIMED; at load 10–15
 * measured: slowest 200–250 ms during the 3 s statement, 130–630 ms during the photo). Before, the probe
 * waited the whole statement (3 s: one call answered) and 12 s for the photo.
 */
const SLOWEST_MS = 1000;
const LOOP_MAX_MS = 500;

let t: TestApp;
let base: { host: string; port: number };
let staff: string;

beforeAll(async () => {
  t = await testApp();
  staff = (await t.signIn({ rubrics: 1 })).cookie;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = { host: '127.0.0.1', port: (t.app.server.address() as AddressInfo).port };
});
afterAll(() => t.close());

function send(method: string, path: string, body?: Buffer, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ ...base, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const whileProbed = <T>(work: () => Promise<T>) =>
  whileResponsive(async () => {
    const res = await send('GET', '/api/webapp/config/version');
    expect(res.status).toBe(200);
  }, work);

/** A 12 MP phone photo: 4000 × 3000, with detail enough to weigh 3–5 MB as a JPEG. */
async function photo12mp() {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    pixels[i] = ((i % (width * 3)) >> 4) + (seed & 0x3f);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

function multipart(data: Buffer, filename: string) {
  const boundary = '----campsite-test-boundary';
  return {
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('no statement of the database holds the event loop', () => {
  it('a 3 s statement: the server answers meanwhile', async () => {
    const m = await whileProbed(() => t.deps.db.execute(sql`SELECT pg_sleep(3)`));
    console.log(`3 s statement (${t.deps.database.kind}):`, { ...m, result: undefined });
    expect(m.calls).toBeGreaterThan(10);
    expect(m.slowest).toBeLessThan(SLOWEST_MS);
    expect(m.loopMax).toBeLessThan(LOOP_MAX_MS);
  });

  it('a 12 MP photo uploaded, then read back whole: the server answers meanwhile', async () => {
    const jpeg = await photo12mp();
    expect(jpeg.length).toBeGreaterThan(3_000_000);
    expect(jpeg.length).toBeLessThan(5_000_000);
    const { body, type } = multipart(jpeg, 'plage.jpg');
    const m = await whileProbed(async () => {
      const res = await send('POST', '/api/dashboard/files/add-image', body, { cookie: staff, 'content-type': type });
      expect(res.status).toBe(200);
      const doc = JSON.parse(res.body.toString()) as { _id: string; width: number; size: number };
      expect(doc.width).toBe(4000);
      // the original as stored (our own encoding of it)
      const full = await send('GET', `/api/dashboard/files/get-file/${doc._id}`);
      expect(full.status).toBe(200);
      expect(full.body.length).toBe(doc.size);
      expect((await sharp(full.body).metadata()).width).toBe(4000);
      return doc;
    });
    console.log(`12 MP photo, ${m.result.size} bytes stored (${t.deps.database.kind}):`, { ...m, result: undefined });
    expect(m.slowest).toBeLessThan(SLOWEST_MS);
    expect(m.loopMax).toBeLessThan(LOOP_MAX_MS);
  });
});
