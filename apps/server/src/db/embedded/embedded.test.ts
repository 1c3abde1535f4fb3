import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../../testing/harness';
import { pgErrorOf } from '../errors';
import { EmbeddedPglite, keptPlans } from './embedded';

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

  it('keeps a statement with parameters parsed: each call its own values and errors; a schema change parses it again', async () => {
    await pg.exec('CREATE TABLE k (id int PRIMARY KEY, name text, tags text[], doc jsonb)');
    const insert = 'INSERT INTO k VALUES ($1, $2, $3, $4)';
    await pg.query(insert, [1, "L'été", ['a', 'b,c', 'd"e'], JSON.stringify({ x: 1 })]);
    await pg.query(insert, [2, null, [], JSON.stringify([1, 'deux'])]);
    await pg.query(insert, [3, 'Lac', ['x'], null]);
    const kept = async (text: string) => (await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1', [text])).rows[0].n;
    expect(await kept(insert)).toBe(1);

    const like = 'SELECT id, name, tags, doc FROM k WHERE name LIKE $1 ORDER BY id';
    expect((await pg.query(like, ['L%'])).rows).toEqual([
      { id: 1, name: "L'été", tags: ['a', 'b,c', 'd"e'], doc: { x: 1 } },
      { id: 3, name: 'Lac', tags: ['x'], doc: null },
    ]);
    expect((await pg.query(like, ['Lac'])).rows.map((r) => (r as { id: number }).id)).toEqual([3]);
    expect((await pg.query(like, ['%'])).rows).toHaveLength(2);

    // an error keeps PostgreSQL's fields, and the statement is used again after it
    const duplicate = await pg.query(insert, [1, 'x', [], null]).catch((e: unknown) => e);
    expect(pgErrorOf(duplicate)).toMatchObject({ code: '23505', constraint: 'k_pkey' });
    await pg.query(insert, [4, 'Lune', [], null]);
    expect((await pg.query('SELECT count(*)::int AS n FROM k WHERE id > $1', [0])).rows).toEqual([{ n: 4 }]);

    // a column added: the kept read answers it
    const one = 'SELECT * FROM k WHERE id = $1';
    expect(Object.keys((await pg.query(one, [4])).rows[0] as object)).toEqual(['id', 'name', 'tags', 'doc']);
    await pg.exec('ALTER TABLE k ADD COLUMN extra int NOT NULL DEFAULT 7');
    expect((await pg.query(one, [4])).rows[0]).toMatchObject({ id: 4, name: 'Lune', extra: 7 });

    // at most 500 kept: the least recently used are closed, and parsed again when asked
    for (let i = 0; i < 520; i++) expect((await pg.query(`SELECT $1::int + ${i} AS n`, [1])).rows).toEqual([{ n: 1 + i }]);
    expect((await pg.query(`SELECT $1::int + 0 AS n`, [5])).rows).toEqual([{ n: 5 }]);
    const { rows } = await pg.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'campsite_%' AND statement LIKE $1", ['SELECT $1::int + %']);
    expect(rows[0].n).toBeLessThanOrEqual(500);
    expect(rows[0].n).toBeGreaterThan(400);
  });

  it('keeps the plan of a lookup only, and plans every other statement for its values, whatever fails', async () => {
    await pg.exec("CREATE TABLE p (id int PRIMARY KEY, name text); INSERT INTO p SELECT g, 'n' || g FROM generate_series(1, 200) g");
    const lookup = 'SELECT name FROM p WHERE id = $1';
    const search = 'SELECT id FROM p WHERE name LIKE $1 ORDER BY id LIMIT 1';
    keptPlans.add(lookup);
    for (let i = 1; i <= 8; i++) {
      expect((await pg.query(lookup, [i])).rows).toEqual([{ name: `n${i}` }]);
      expect((await pg.query(search, [`n${i}%`])).rows).toEqual([{ id: i }]);
    }
    const plans = async (text: string) =>
      (await pg.query<{ generic: number; custom: number }>('SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement = $1', [text])).rows[0];
    // one generic plan for the lookup, made once; the search planned for each of its values
    expect(await plans(lookup)).toEqual({ generic: 8, custom: 0 });
    expect(await plans(search)).toEqual({ generic: 0, custom: 8 });

    // a lookup that fails inside a transaction (the rule cannot be set back in a failed transaction): the
    // rule is back to a plan per execution after its rollback
    const db = drizzle({ client: pg.asPglite() });
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await tx.execute(sql`SELECT name FROM p WHERE id = ${'pas un nombre'}`);
      }),
    ).rejects.toThrow();
    expect((await pg.query('SHOW plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
    await expect(pg.query(lookup, ['pas un nombre'])).rejects.toThrow(/invalid input syntax/);
    expect((await pg.query('SHOW plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
    expect((await pg.query(search, ['n9%'])).rows).toEqual([{ id: 9 }]);
    expect(await plans(search)).toEqual({ generic: 0, custom: 9 });

    // a transaction's first statement brings its BEGIN (and a lookup its rule) in the same call: when it fails
    // there (a value refused, a statement that does not parse), what the transaction wrote is still rolled back
    // and the rule is back
    for (const first of [sql`SELECT name FROM p WHERE id = ${'pas un nombre'}`, sql`SELEC name FROM p WHERE id = ${1}`]) {
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(first);
          await tx.execute(sql`INSERT INTO p VALUES (${1000}, ${'jamais'})`);
        }),
      ).rejects.toThrow();
      expect((await pg.query('SHOW plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
    }
    await db.transaction(async (tx) => {
      expect((await tx.execute(sql`SELECT name FROM p WHERE id = ${7}`)).rows).toEqual([{ name: 'n7' }]);
      await tx.execute(sql`INSERT INTO p VALUES (${201}, ${'n201'})`);
    });
    expect((await pg.query('SELECT count(*)::int AS n FROM p WHERE id > $1', [199])).rows).toEqual([{ n: 2 }]);
    expect((await pg.query('SHOW plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
  });

  it('sends what follows a transaction behind its COMMIT, and the transaction’s caller still hears COMMIT fail', async () => {
    const db = drizzle({ client: pg.asPglite() });
    await pg.exec('CREATE TABLE d (id int UNIQUE DEFERRABLE INITIALLY DEFERRED)');
    // a deferred constraint is checked at COMMIT: the first transaction fails there, the ones queued behind it
    // run on a session where it was rolled back
    const failing = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO d VALUES (${1}), (${1})`);
    });
    const next = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO d VALUES (${2})`);
    });
    const read = db.execute(sql`SELECT id FROM d ORDER BY id`);
    expect(pgErrorOf(await failing.catch((e: unknown) => e))).toMatchObject({ code: '23505' });
    await next;
    expect((await read).rows).toEqual([{ id: 2 }]);
  });

  it('a transaction that sends nothing opens none', async () => {
    const db = drizzle({ client: pg.asPglite() });
    expect(await db.transaction(async () => 'rien')).toBe('rien');
    // nothing is left open: a savepoint needs a transaction
    await expect(pg.exec('SAVEPOINT s')).rejects.toThrow(/transaction blocks/);
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
