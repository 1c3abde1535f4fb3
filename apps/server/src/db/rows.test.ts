import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { readRows } from './rows';
import { freshDatabase } from '../testing/harness';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await freshDatabase()));
afterAll(async () => {
  await database.close();
  await drop();
});

/**
 * A guest's booking sends its three statements under locks together and awaits their answers once
 * (services/bookings.service.ts): the guest's row must be locked before the workers', so each statement must
 * be sent when it is called. readRows and a builder's execute() are; a builder given to Promise.all as it is
 * is sent a turn later, after statements called after it.
 */
describe('statements sent together in one transaction', () => {
  it('run in the order they were called, by readRows and by a builder’s execute(), without a warning', async () => {
    const warnings: string[] = [];
    const warned = (w: Error) => warnings.push(w.message);
    process.on('warning', warned);
    const order = await database.db.transaction(async (tx) => {
      await readRows(tx, sql`CREATE TEMPORARY SEQUENCE sent_order`);
      const next = sql<number>`nextval('sent_order')::int`;
      const [first, second, third, fourth] = await Promise.all([
        readRows<{ n: number }>(tx, sql`SELECT ${next} AS n`),
        tx.select({ n: next }).from(sql`(VALUES (1)) AS one`).execute(),
        readRows<{ n: number }>(tx, sql`SELECT ${next} AS n WHERE ${'kept'} <> ''`, true),
        tx.select({ n: next }).from(sql`(VALUES (1)) AS one`).execute(),
      ]);
      return [first[0].n, second[0].n, third[0].n, fourth[0].n];
    });
    expect(order).toEqual([1, 2, 3, 4]);
    // (pg 8 warns when a connection is asked a statement while it runs one: db/client.ts queues them itself)
    await new Promise((r) => setImmediate(r));
    process.off('warning', warned);
    expect(warnings).toEqual([]);
  });

  it('a failure among them fails the transaction, and what ran before it is rolled back', async () => {
    await readRows(database.db, sql`CREATE TABLE sent_rows (n int PRIMARY KEY)`);
    const sent = database.db.transaction((tx) =>
      Promise.all([
        readRows(tx, sql`INSERT INTO sent_rows VALUES (${1}) RETURNING n`),
        readRows(tx, sql`INSERT INTO sent_rows VALUES (${1}) RETURNING n`),
        readRows(tx, sql`INSERT INTO sent_rows VALUES (${2}) RETURNING n`),
      ]),
    );
    await expect(sent).rejects.toThrow();
    expect(await readRows(database.db, sql`SELECT n FROM sent_rows`)).toEqual([]);
  });
});
