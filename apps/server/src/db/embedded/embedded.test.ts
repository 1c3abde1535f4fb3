import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../../testing/harness';
import { pgErrorOf } from '../errors';
import { EmbeddedPglite } from './embedded';

// one database for the whole file, from the tests' migrated template (a new one costs seconds of initdb)
let pg: EmbeddedPglite;
beforeAll(async () => {
  pg = await EmbeddedPglite.open({ from: await pgliteTemplate() });
});
afterAll(() => pg.close());

/**
 * The embedded database on its thread keeps PGlite's rules (db/embedded/embedded.ts); these are what the
 * rest of the server relies on and the API tests would only see indirectly.
 */
describe('the embedded database on its own thread', () => {
  it('keeps types, bytes, errors and the order of notifications as PGlite gives them', async () => {
    const db = drizzle({ client: pg.asPglite() });
    await pg.exec('CREATE TABLE t (id int PRIMARY KEY, at timestamptz, data bytea, doc jsonb)');
    const big = Buffer.alloc(3_000_000, 7);
    await db.execute(sql`INSERT INTO t VALUES (1, '2026-07-01 10:00:00+00', ${big}, '{"a":[1,2]}')`);
    const [row] = (await db.execute(sql`SELECT id, at, data, doc, 3::int8 AS n FROM t`)).rows as Record<string, unknown>[];
    // timestamps stay text for drizzle (its parsers run on this thread), int8 is a number, bytea bytes
    expect(row).toMatchObject({ id: 1, at: '2026-07-01 10:00:00+00', doc: { a: [1, 2] }, n: 3 });
    expect(Buffer.from(row.data as Uint8Array).equals(big)).toBe(true);
    // the caller's buffer was copied, not moved: it is still whole
    expect(big.length).toBe(3_000_000);

    const err = await db.execute(sql`INSERT INTO t (id) VALUES (1)`).catch((e: unknown) => e);
    expect(pgErrorOf(err)).toMatchObject({ code: '23505', constraint: 't_pkey', table: 't' });

    // a notification reaches its listener before the COMMIT that sent it answers
    const heard: (string | null)[] = [];
    await pg.listen('changed', (payload) => heard.push(payload));
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_notify('changed', 'one')`);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['one']);
  });

  it('runs a transaction with nothing else between its statements, and rolls it back whole', async () => {
    const db = drizzle({ client: pg.asPglite() });
    await pg.exec('CREATE TABLE n (v int)');
    const order: string[] = [];
    const slow = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO n VALUES (1)`);
      order.push('tx insert');
      await new Promise((r) => setTimeout(r, 50));
      await tx.execute(sql`INSERT INTO n VALUES (2)`);
      order.push('tx end');
    });
    const outside = db.execute(sql`SELECT count(*)::int AS c FROM n`).then((r) => (order.push('outside'), r.rows[0]));
    await slow;
    expect(await outside).toEqual({ c: 2 });
    expect(order).toEqual(['tx insert', 'tx end', 'outside']);

    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO n VALUES (3)`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await db.execute(sql`SELECT count(*)::int AS c FROM n`)).rows[0]).toEqual({ c: 2 });
  });

  it('after a crash of its thread: what was in flight fails, the data directory opens again, listeners hear null', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'camp-emb-')), 'pg');
    const crashes: Error[] = [];
    const onDisk = await EmbeddedPglite.open({ dataDir: dir, from: await pgliteTemplate(), onCrash: (e) => crashes.push(e) });
    const pg = onDisk;
    try {
      await pg.exec('CREATE TABLE kept (v int); INSERT INTO kept VALUES (1)');
      const heard: (string | null)[] = [];
      await pg.listen('changed', (payload) => heard.push(payload));
      const inFlight = pg.query('SELECT pg_sleep(2)');
      await pg.crashForTest();
      await expect(inFlight).rejects.toThrow(/base de données intégrée s'est arrêtée/);
      // the next statement waits for the new thread, and finds what was committed
      expect((await pg.query('SELECT v FROM kept')).rows).toEqual([{ v: 1 }]);
      expect(heard).toEqual([null]);
      await pg.query("SELECT pg_notify('changed', 'again')");
      expect(heard).toEqual([null, 'again']);
      expect(crashes).toEqual([]);
    } finally {
      await onDisk.close();
    }
  });

  it('in memory, a crash is final: every later statement fails with the reason (the last test of the file)', async () => {
    await pg.crashForTest();
    await expect(pg.query('SELECT 1')).rejects.toThrow(/Redémarrez le serveur/);
  });
});
