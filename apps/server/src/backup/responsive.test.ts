import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, makeDeps } from '../app';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { readEnv } from '../env';
import type { Deps } from '../http/deps';
import { whileResponsive } from '../testing/event-loop';
import { freshDatabase } from '../testing/harness';
import { sourceOf, takeBackup } from './dump';

/**
 * Issue 34: the nightly backup must never hold the server. A previous attempt dumped the embedded database
 * on the server's own database thread: in the journeys, whose clock passes 03:00, every request waited
 * behind the dump and the server hung. Now the database's thread only copies its files (a snapshot) and a
 * thread of the backup's own dumps the copy (backup/dump-worker.js).
 *
 * The probe (testing/event-loop.ts) every 50 ms: a call over a real socket (the event loop) and a read of
 * the database (its one session on PGlite), during a backup of 20 MB of stored files (incompressible, as
 * photos are). Bounds as the other responsiveness tests (db/embedded/responsive.test.ts: this file runs
 * alone, vitest.config.ts TIMED).
 */
const SLOWEST_MS = 1000;
const LOOP_MAX_MS = 500;

const MB = 20;
let database: Database;
let drop = async () => {};
let deps: Deps;
let app: FastifyInstance;
let base: { host: string; port: number };
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'campsite-backup-probe-'));
  // as a campsite runs it: the embedded database on a data directory (the harness's are in memory), or PostgreSQL
  if (process.env.TEST_DATABASE_URL) ({ database, drop } = await freshDatabase());
  else database = await openDatabase({ dataDir: join(dir, 'data') });
  await migrate(database);
  const env = readEnv({ SEED: 'none', DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'error' });
  deps = makeDeps({ database, env, mailer: { send: async () => {} } });
  app = await buildApp({ database, env, serves: 'none' }, deps);
  await database.exec('CREATE TABLE ballast (id int PRIMARY KEY, body bytea NOT NULL)');
  for (let i = 0; i < MB; i++) await deps.db.execute(sql`INSERT INTO ballast VALUES (${i}, ${randomBytes(1024 * 1024)})`);
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = { host: '127.0.0.1', port: (app.server.address() as AddressInfo).port };
}, 120_000);
afterAll(async () => {
  await app.close();
  await database.close();
  await drop();
  rmSync(dir, { recursive: true, force: true });
});

function version(): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ ...base, method: 'GET', path: '/api/webapp/config/version' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a backup does not hold the server', () => {
  it(`answers calls and database reads every 50 ms while a backup of ${MB} MB is taken`, { timeout: 180_000 }, async () => {
    const m = await whileResponsive(
      async () => {
        expect(await version()).toBe(200);
        const rows = await deps.db.execute(sql`SELECT count(*)::int AS n FROM ballast`);
        expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(MB);
      },
      () => takeBackup(sourceOf(database), { dir: join(dir, 'backups'), now: deps.now }),
    );
    console.log(`backup of ${m.result.bytes} bytes (${database.kind}):`, { ...m, result: undefined });
    // the stored bytes, incompressible, are all in it
    expect(m.result.bytes).toBeGreaterThan(MB * 1024 * 1024);
    expect(m.calls).toBeGreaterThan(10);
    expect(m.slowest).toBeLessThan(SLOWEST_MS);
    expect(m.loopMax).toBeLessThan(LOOP_MAX_MS);
  });
});
