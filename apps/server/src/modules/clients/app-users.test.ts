import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientCard } from '@campsite/shared';
import { readRows } from '../../db/rows';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';
import { testApp, type TestApp } from '../../testing/harness';

/**
 * The number of guest accounts kept on each client file (clients.app_users, drizzle/0111), which the
 * list's 'with / without app users' filter reads: right after every write of an account's client number,
 * including writes at once from two server instances.
 */
const NOW = 1_750_000_000;
const DAY = 86400;
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await testApp({ now: () => NOW });
  staff = (await t.signIn({ users: 1 })).cookie;
});
afterAll(() => t.close());

/** Each client's kept number beside the accounts that name it, counted now. */
const counts = () =>
  readRows<{ client_number: string; app_users: number; accounts: number }>(
    t.deps.db,
    sql`SELECT client_number, app_users, (SELECT count(*)::int FROM webapp_users u WHERE u.client_number = c.client_number) AS accounts
      FROM clients c ORDER BY client_number`,
  );
const kept = async () => Object.fromEntries((await counts()).map((r) => [r.client_number, r.app_users]));
const listed = async (query: string) =>
  ((await t.get(`dashboard/clients/list?${query}`, staff)).json().rows as ClientCard[]).map((c) => c.client_number);

describe('the app accounts kept on the client file', () => {
  it('counts accounts added, moved and removed, and accounts named before their file exists', async () => {
    await addClient(t.deps, { client_number: 'C1' });
    await addClient(t.deps, { client_number: 'C2' });
    expect(await kept()).toEqual({ C1: 0, C2: 0 });
    const a = await addGuest(t.deps, { clientNumber: 'C1' });
    await addGuest(t.deps, { clientNumber: 'C1' });
    await addGuest(t.deps, { clientNumber: null });
    // an account of a file not imported yet: counted when the file comes, kept when the file is imported again
    await addGuest(t.deps, { clientNumber: 'C3' });
    await addGuest(t.deps, { clientNumber: 'C3' });
    expect(await kept()).toEqual({ C1: 2, C2: 0 });
    await addClient(t.deps, { client_number: 'C3' });
    await addClient(t.deps, { client_number: 'C3', lastname: 'Réimporté' });
    expect(await kept()).toEqual({ C1: 2, C2: 0, C3: 2 });
    await t.deps.db.execute(sql`UPDATE webapp_users SET client_number = 'C2' WHERE id = ${a}`);
    await t.deps.db.execute(sql`UPDATE webapp_users SET firstname = 'Autre' WHERE client_number = 'C2'`);
    expect(await kept()).toEqual({ C1: 1, C2: 1, C3: 2 });
    await t.deps.db.execute(sql`DELETE FROM webapp_users WHERE client_number IN ('C1', 'C3')`);
    expect(await kept()).toEqual({ C1: 0, C2: 1, C3: 0 });
    await t.deps.db.execute(sql`TRUNCATE webapp_users CASCADE`);
    expect(await kept()).toEqual({ C1: 0, C2: 0, C3: 0 });
    await t.deps.db.execute(sql`DELETE FROM clients`);
  });

  it("the migration's backfill counts the accounts already there", async () => {
    await addClient(t.deps, { client_number: 'B1' });
    await addClient(t.deps, { client_number: 'B2' });
    await t.deps.db.execute(sql`ALTER TABLE webapp_users DISABLE TRIGGER USER`);
    await addGuest(t.deps, { clientNumber: 'B1' });
    await addGuest(t.deps, { clientNumber: 'B1' });
    await addGuest(t.deps, { clientNumber: 'B9' });
    await t.deps.db.execute(sql`ALTER TABLE webapp_users ENABLE TRIGGER USER`);
    expect(await kept()).toEqual({ B1: 0, B2: 0 });
    const migration = readFileSync(new URL('../../../drizzle/0111_clients_app_users.sql', import.meta.url), 'utf8');
    const backfill = migration.split('\n').find((l) => l.startsWith('UPDATE clients c SET app_users'))!;
    await t.deps.db.execute(sql.raw(backfill.replace(/;$/, '')));
    expect(await kept()).toEqual({ B1: 2, B2: 0 });
    await t.deps.db.execute(sql`TRUNCATE webapp_users CASCADE`);
    await t.deps.db.execute(sql`DELETE FROM clients`);
  });

  it('stays right under sign-ups and erasures at once on two instances, and the list filters by it', async () => {
    // two instances besides the test's own (whose requests first wait for its cache to settle)
    const [one, two] = [await t.twin(), await t.twin()];
    const b = await addClient(t.deps, { client_number: 'B' });
    for (const n of ['A1', 'A2', 'D']) await addClient(t.deps, { client_number: n });
    await addStay(t.deps, { client_number: 'B', stay_number: 'SB', arrival: NOW - DAY, departure: NOW + 3 * DAY });
    await addStay(t.deps, { client_number: 'D', stay_number: 'SD', arrival: NOW - 2 * DAY, departure: NOW + 2 * DAY });
    await addStay(t.deps, { client_number: 'A1', stay_number: 'SA1', arrival: NOW - DAY, departure: NOW + DAY });
    await addStay(t.deps, { client_number: 'A2', stay_number: 'SA2', arrival: NOW - DAY, departure: NOW + DAY });
    // accounts of B's and D's files that joined A1's or A2's stay: erasing A1 or A2 removes them
    await addGuest(t.deps, { clientNumber: 'B', stayNumber: 'SB' });
    await addGuest(t.deps, { clientNumber: 'B', stayNumber: 'SA1' });
    await addGuest(t.deps, { clientNumber: 'B', stayNumber: 'SA2' });
    await addGuest(t.deps, { clientNumber: 'D', stayNumber: 'SA1' });
    expect(await kept()).toEqual({ A1: 0, A2: 0, B: 3, D: 1 });
    expect(await listed('on_site=1&users=with&sort=arrival&order=desc')).toEqual(['B', 'D']);

    const signup = (i: number) =>
      (i % 2 ? one : two).post('webapp/account/signup', { code: b.activationCode, email: `invite${i}@exemple.fr`, password: 'vacances-2025', firstname: 'Invité', lastname: `N${i}` });
    const erase = (n: string, i: number) => (i % 2 ? one : two).post('dashboard/clients/delete', { client_number: n }, staff);
    // on PostgreSQL another session holds B's row while the calls start: both erasures' counts of B wait on
    // it, and are let go among the sign-ups (which hash their password first, then take B's row)
    const holder = t.url ? new pg.Client({ connectionString: t.url }) : undefined;
    await holder?.connect();
    await holder?.query("BEGIN; SELECT 1 FROM clients WHERE client_number = 'B' FOR UPDATE");
    const calls = Promise.all([signup(0), erase('A1', 1), signup(1), erase('A2', 0), signup(2), signup(3)]);
    for (let i = 0; holder && i < 100; i++) {
      const { rows } = await holder.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
      if (rows[0].n >= 2) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await holder?.query('COMMIT');
    await holder?.end();
    const answers = await calls;
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((r) => r.json())).toEqual([{ ok: true }, true, { ok: true }, true, { ok: true }, { ok: true }]);

    // B: its own account and the four sign-ups; D lost its only account with A1's stay
    expect(await counts()).toEqual([
      { client_number: 'B', app_users: 5, accounts: 5 },
      { client_number: 'D', app_users: 0, accounts: 0 },
    ]);
    expect(await listed('on_site=1&users=with&sort=arrival&order=desc')).toEqual(['B']);
    expect(await listed('on_site=1&users=without&sort=arrival&order=desc')).toEqual(['D']);
    expect((await t.get('dashboard/clients/counts?users=with', staff)).json()).toMatchObject({ clients: 1, users: 5 });
    await one.close();
    await two.close();
  });
});
