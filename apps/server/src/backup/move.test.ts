import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeDeps } from '../app';
import { openDatabase } from '../db/client';
import { EmbeddedPglite } from '../db/embedded/embedded';
import { PGLITE_START_PARAMS } from '../db/embedded/open';
import { readEnv } from '../env';
import { firstStart } from '../seed';
import { pgliteTemplate } from '../testing/harness';
import { run, stopAll } from '../testing/processes';
import { freePort, rowCounts, waitForLine } from '../upgrade/testing';
import { serverMain } from '../testing/server-main';

/**
 * docs/production.md, "Move from the embedded database to PostgreSQL", as written there: `npm run backup`
 * of the embedded database, a role and a database of its own on the PostgreSQL server (createuser,
 * createdb -O), `DATABASE_URL=… npm run restore -- FILE` as that role (not a superuser), and the server
 * started on DATABASE_URL answers with the campsite's data. PostgreSQL's pass only (TEST_DATABASE_URL):
 * the embedded pass has no server to move to.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), 'campsite-move-'));
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(stopAll);
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
  rmSync(work, { recursive: true, force: true });
});

describe.runIf(pgUrl)('moving from the embedded database to PostgreSQL', () => {
  it('the guide’s commands: backup, a database owned by its own role, restore, start on DATABASE_URL', { timeout: 600_000 }, async () => {
    // a campsite on the embedded database: the demo, its admin's password chosen
    const dataDir = join(work, 'data');
    mkdirSync(dataDir);
    const made = await EmbeddedPglite.open({ dataDir: join(dataDir, 'pg'), from: await pgliteTemplate(), startParams: PGLITE_START_PARAMS });
    await made.close();
    const embedded = await openDatabase({ dataDir });
    await firstStart(makeDeps({ database: embedded, env: readEnv({ SEED: 'demo', ADMIN_PASSWORD: 'choisi-123', DATA_DIR: dataDir }), mailer: { send: async () => {} } }));
    const before = await rowCounts(embedded);
    await embedded.close();

    // npm run backup (the server stopped)
    const backups = join(work, 'backups');
    const backup = run('npm', ['run', '--silent', 'backup'], { DATA_DIR: dataDir, BACKUP_DIR: backups, DATABASE_URL: undefined });
    expect(await backup.exited, backup.output()).toBe(0);
    expect(backup.output()).toMatch(/Sauvegarde écrite : /);
    const [file] = readdirSync(backups);

    // sudo -u postgres createuser campsite --pwprompt; sudo -u postgres createdb -O campsite campsite
    const role = `campsite_${randomBytes(4).toString('hex')}`;
    const password = randomBytes(9).toString('base64url');
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '${password}'`);
    await admin.query(`CREATE DATABASE ${role} OWNER ${role}`);
    cleanup.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${role} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    });
    const url = new URL(pgUrl!);
    url.username = role;
    url.password = password;
    url.pathname = `/${role}`;
    const databaseUrl = url.toString();

    // DATABASE_URL=postgres://campsite:…@127.0.0.1/campsite npm run restore -- backups/campsite-….sql.gz
    const restore = run('npm', ['run', '--silent', 'restore', '--', join(backups, file)], { DATABASE_URL: databaseUrl, DATA_DIR: join(work, 'unused') });
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toMatch(/Restauration terminée : \d+ instructions\./);

    // the server started on DATABASE_URL: the same campsite, every table with its rows
    const moved = await openDatabase({ url: databaseUrl });
    const after = await rowCounts(moved);
    await moved.close();
    expect(after).toEqual(before);
    const port = await freePort();
    const server = run(process.execPath, [serverMain()], {
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(work, 'unused'),
      PORT: String(port),
      GUEST_PORT: String(await freePort()),
      SWIKLY_SIMULATOR_PORT: String(await freePort()),
      HOST: '127.0.0.1',
      JOBS: 'off',
      LOG_LEVEL: 'error',
    });
    await waitForLine(server, /^ {2}Tableau de bord : /, 120);
    expect(server.output()).toContain('Base de données : PostgreSQL');
    const login = await fetch(`http://127.0.0.1:${port}/api/dashboard/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin', password: 'choisi-123' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    const clients = await (await fetch(`http://127.0.0.1:${port}/api/dashboard/clients/list`, { headers: { cookie } })).json();
    expect(clients.total).toBe(before.clients);
  });
});
