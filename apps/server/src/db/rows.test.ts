import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { preparedOnce, readRows } from './rows';
import { freshDatabase } from '../testing/harness';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await freshDatabase()));
afterAll(async () => {
  await database.close();
  await drop();
});

const nextOnce = preparedOnce((db) =>
  db
    .select({ n: sql<number>`nextval('sent_order')::int + ${sql.placeholder('step')}::int` })
    .from(sql`(VALUES (1)) AS one`)
    .prepare('sent_order_next'),
);

/**
 * A guest's booking sends its three statements under locks together and awaits their answers once
 * (services/bookings.service.ts): the guest's row must be locked before the workers', so each statement must
 * be sent when it is called. readRows, a builder's execute() and preparedOnce's statements are; a builder
 * given to Promise.all as it is is sent a turn later, after statements called after it.
 */
describe('statements sent together in one transaction', () => {
  it('run in the order they were called (readRows, a builder’s execute(), preparedOnce), without a warning', async () => {
    const warnings: string[] = [];
    const warned = (w: Error) => warnings.push(w.message);
    process.on('warning', warned);
    const order = await database.db.transaction(async (tx) => {
      await readRows(tx, sql`CREATE TEMPORARY SEQUENCE sent_order`);
      const next = sql<number>`nextval('sent_order')::int`;
      const [first, second, third, fourth, fifth] = await Promise.all([
        readRows<{ n: number }>(tx, sql`SELECT ${next} AS n`),
        tx.select({ n: next }).from(sql`(VALUES (1)) AS one`).execute(),
        readRows<{ n: number }>(tx, sql`SELECT ${next} AS n WHERE ${'kept'} <> ''`, true),
        tx.select({ n: next }).from(sql`(VALUES (1)) AS one`).execute(),
        nextOnce(tx, { step: 0 }),
      ]);
      return [first[0].n, second[0].n, third[0].n, fourth[0].n, fifth[0].n];
    });
    expect(order).toEqual([1, 2, 3, 4, 5]);
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
