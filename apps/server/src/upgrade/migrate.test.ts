import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tableFingerprints } from '../backup/testing';
import { migrate, MIGRATION_LOCK, migrationFiles, MigrationError, pendingMigrations } from '../db/migrate';
import { run, stopAll } from '../testing/processes';
import { emptyPlace, freePort, refuseMigration, schemaFingerprint, type Place } from './testing';
import { serverMain } from '../testing/server-main';

/**
 * Issue 34, "Upgrades that lose nothing": the migrations of a start apply all together or not at all (one
 * transaction: PostgreSQL's and PGlite's DDL roll back), a failure stops the server with one French line
 * naming the migration, and two instances starting at once on one PostgreSQL migrate once (an advisory
 * lock). On the embedded database by default, on PostgreSQL with TEST_DATABASE_URL.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const FILES = migrationFiles();
const [beforeLast, last] = FILES.slice(-2);
const places: Place[] = [];
afterEach(stopAll);
afterAll(async () => {
  for (const place of places) await place.remove();
});

/** A database of this run's kind as the version before the last two migrations left it, with a row of data. */
async function previousDatabase() {
  const place = await emptyPlace();
  places.push(place);
  const database = await place.open();
  await migrate(database, { before: beforeLast });
  await database.exec(`INSERT INTO config (key, value) VALUES ('upgrade-test', '{"kept": true}')`);
  return { place, database };
}

const serverEnv = async (place: Place) => ({
  ...place.env,
  PORT: String(await freePort()),
  GUEST_PORT: String(await freePort()),
  // (the Swikly stand-in's port, PORT + 7 otherwise, chosen free as well)
  SWIKLY_SIMULATOR_PORT: String(await freePort()),
  HOST: '127.0.0.1',
  SEED: 'none',
  JOBS: 'off',
  ADMIN_PASSWORD: 'choisi-123',
  LOG_LEVEL: 'error',
  // the embedded pass starts the server on its data directory, whatever the shell's environment says
  ...(pgUrl ? {} : { DATABASE_URL: undefined as unknown as string }),
});

describe('a migration that fails', () => {
  // one database for both tests (a new embedded one costs PGlite's initdb): the server's start, then migrate()
  let place: Place;
  let schema: string[];
  let data: Record<string, string>;
  beforeAll(async () => {
    const previous = await previousDatabase();
    place = previous.place;
    await refuseMigration(previous.database, last);
    schema = await schemaFingerprint(previous.database);
    data = await tableFingerprints(previous.database);
    await previous.database.close();
  }, 120_000);

  it('stops the server with one French line naming it, the database untouched', { timeout: 120_000 }, async () => {
    const server = run(process.execPath, [serverMain()], await serverEnv(place));
    expect(await server.exited).toBe(1);
    const lines = server.output().split('\n').filter((l) => l.trim());
    // one line (no stack), the migration named, in French
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^La migration ${escaped(last)} a échoué \\(refusée par le test, code P0001\\) : aucune migration de cette version n'a été appliquée`))]);
    const after = await place.open();
    try {
      expect(await schemaFingerprint(after)).toEqual(schema);
      expect(await tableFingerprints(after)).toEqual(data);
    } finally {
      await after.close();
    }
  });

  it('leaves the database as it was, the migrations of the batch before it included; applies them once the cause is gone', { timeout: 120_000 }, async () => {
    const database = await place.open();
    try {
      const failure = await migrate(database).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as MigrationError).file).toBe(last);
      expect(await schemaFingerprint(database)).toEqual(schema);
      expect(await tableFingerprints(database)).toEqual(data);
      expect(await pendingMigrations(database)).toEqual([beforeLast, last]);
      await database.exec('DROP TRIGGER test_refuse_migration ON _migrations');
      expect(await migrate(database)).toEqual([beforeLast, last]);
      expect(await pendingMigrations(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// (PostgreSQL's pass, TEST_DATABASE_URL: the embedded database is one process, so two instances cannot share it)
describe.runIf(pgUrl)('two instances starting at once', () => {
  it('migrate once: one applies the pending migrations, the other waits for it and finds none left', { timeout: 180_000 }, async () => {
    const { place, database } = await previousDatabase();
    await database.close();
    const url = place.env.DATABASE_URL;
    // the test holds the migrations' lock until both servers wait for it: their starts overlap for sure
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const servers = [run(process.execPath, [serverMain()], await serverEnv(place)), run(process.execPath, [serverMain()], await serverEnv(place))];
      for (let waiting = 0; waiting < 2; ) {
        if (servers.some((s) => s.child.exitCode !== null)) throw new Error(servers.map((s) => s.output()).join('\n'));
        await new Promise((r) => setTimeout(r, 200));
        const { rows } = await holder.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted`, [MIGRATION_LOCK]);
        waiting = rows[0].n;
      }
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      for (const server of servers) await server.line(/^ {2}Tableau de bord : /);
      const told = servers.map((s) => s.output().includes(`Base de données mise à jour : 2 migrations ${beforeLast}, ${last}.`));
      expect(told.sort()).toEqual([false, true]);
      for (const server of servers) expect(server.output()).not.toMatch(/erreur|error/i);
      const { rows } = await holder.query<{ name: string }>('SELECT name FROM _migrations ORDER BY name');
      expect(rows.map((r) => r.name)).toEqual(FILES);
    } finally {
      await holder.end();
    }
  });
});
