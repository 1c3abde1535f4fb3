import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, makeDeps } from '../app';
import { openDatabase, type Database } from '../db/client';
import { migrate, pendingMigrations } from '../db/migrate';
import { readEnv } from '../env';
import { firstStart } from '../seed';
import { pgliteTemplate } from '../testing/harness';
import { demoDatabase } from '../testing/demo';
import { sourceOf, takeBackup } from './dump';
import { listBackups } from './files';
import { restoreBackup, type RestoreTarget } from './restore';
import { emptyPostgres, tableFingerprints } from './testing';

/**
 * Issue 34, "Backups a campsite can restore": a backup of the demo (every area's tables, stored files,
 * triggers) taken while writes go on restores into an empty target whose every table equals the source
 * at the snapshot. On the embedded database by default; on PostgreSQL with TEST_DATABASE_URL (source and
 * target both on that server, pg_dump matched to it).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
let work: string;
let source: { database: Database; url?: string };
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'campsite-backup-'));
  const demo = await demoDatabase();
  source = { database: demo.database, url: demo.url };
  closing.push(() => demo.database.close());
  // two tables written in pairs, one transaction a pair: a snapshot cut inside a transaction would show
  await source.database.exec('CREATE TABLE probe_a (id int PRIMARY KEY); CREATE TABLE probe_b (id int PRIMARY KEY);');
});
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  rmSync(work, { recursive: true, force: true });
});

/** A new empty target of the same kind as the source; `open` reads it once restored. */
async function newTarget(): Promise<{ target: RestoreTarget; open: () => Promise<Database> }> {
  if (pgUrl) {
    const made = await emptyPostgres(pgUrl);
    closing.push(made.drop);
    return { target: { url: made.url }, open: () => openDatabase({ url: made.url }) };
  }
  const dataDir = mkdtempSync(join(work, 'data-'));
  return { target: { dataDir }, open: () => openDatabase({ dataDir }) };
}

describe('backup and restore', () => {
  it('restores a backup taken during writes: every table equals the source at the snapshot', { timeout: 180_000 }, async () => {
    const dir = join(work, 'backups');
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        written++;
        await source.database.db.transaction(async (tx) => {
          await tx.execute(sql.raw(`INSERT INTO probe_a VALUES (${written})`));
          await tx.execute(sql.raw(`INSERT INTO probe_b VALUES (${written})`));
        });
      }
    })();
    const steps: string[] = [];
    const file = await takeBackup(sourceOf(source.database), { dir, now: () => 1795834800, onStep: (s) => steps.push(s) });
    writing = false;
    await writes;
    expect(file.name).toBe('campsite-2026-11-28T030000Z.sql.gz');
    expect(listBackups(dir).map((b) => b.name)).toEqual([file.name]);
    expect(steps.at(-1)).toContain('Sauvegarde écrite');

    const { target, open } = await newTarget();
    const progress: string[] = [];
    await restoreBackup(file.path, target, { onProgress: (s) => progress.push(s) });
    expect(progress.at(-1)).toMatch(/^Restauration terminée : \d+ instructions\.$/);
    const restored = await open();
    closing.push(() => restored.close());

    const before = await tableFingerprints(source.database);
    const after = await tableFingerprints(restored);
    const { 'public.probe_a': a, 'public.probe_b': b, ...rest } = after;
    const { 'public.probe_a': _a, 'public.probe_b': _b, ...sourceRest } = before;
    // every table but the probes, which went on being written after the snapshot, as the source
    expect(rest).toEqual(sourceRest);
    expect(Object.keys(rest).length).toBeGreaterThan(40);
    // the probes: whole pairs only, and some written while the backup ran
    expect(a).toEqual(b);
    expect(written).toBeGreaterThan(1);
  });
});

describe('restore refuses what it would overwrite', () => {
  it('refuses a data directory that holds a database, then sets it aside with force', { timeout: 180_000 }, async () => {
    const dir = join(work, 'refuse');
    const file = await takeBackup(sourceOf(source.database), { dir, now: () => 1795834800 });
    const dataDir = join(work, 'full');
    await restoreBackup(file.path, { dataDir });
    await expect(restoreBackup(file.path, { dataDir }, { now: () => 1795838400 })).rejects.toThrow(
      `Le dossier de données ${dataDir} contient déjà une base : la restauration la remplacerait. ` +
        `Relancez avec « npm run restore -- FICHIER --force » pour la mettre de côté (dans ${join(dataDir, 'pg.avant-restauration-2026-11-28T040000')}) et restaurer.`,
    );
    await restoreBackup(file.path, { dataDir }, { force: true, now: () => 1795838400 });
    const restored = await openDatabase({ dataDir });
    closing.push(() => restored.close());
    expect((await tableFingerprints(restored))['public.clients']).toBe((await tableFingerprints(source.database))['public.clients']);
  });

  // (PostgreSQL's pass of this file, TEST_DATABASE_URL: scripts/test.mjs)
  it.runIf(pgUrl)('refuses a PostgreSQL database that has tables, and empties it with force', async () => {
    const file = await takeBackup(sourceOf(source.database), { dir: join(work, 'refuse-pg'), now: () => 1795834800 });
    const made = await emptyPostgres(pgUrl!);
    closing.push(made.drop);
    await restoreBackup(file.path, { url: made.url });
    await expect(restoreBackup(file.path, { url: made.url })).rejects.toThrow(/^La base de données de DATABASE_URL n'est pas vide \(\d+ tables\) : la restauration la remplacerait\./);
    await restoreBackup(file.path, { url: made.url }, { force: true });
    // a forced restore that fails halfway gives the database back as it was: it is emptied in its transaction
    const target = await openDatabase({ url: made.url, max: 1 });
    closing.push(() => target.close());
    const before = await tableFingerprints(target);
    const broken = join(work, 'broken.sql.gz');
    writeFileSync(broken, gzipSync('CREATE TABLE restore_half (id int);\nSELECT 1 / 0;\n'));
    await expect(restoreBackup(broken, { url: made.url }, { force: true })).rejects.toThrow(/^La restauration a échoué : division by zero/);
    expect(await tableFingerprints(target)).toEqual(before);
    expect(Object.keys(before).length).toBeGreaterThan(20);
  });

  it('says when a file is not a backup, and leaves the target as it was', async () => {
    const bogus = join(work, 'notes.sql.gz');
    writeFileSync(bogus, 'pas une sauvegarde');
    const dataDir = join(work, 'bogus');
    await expect(restoreBackup(bogus, { dataDir })).rejects.toThrow(`Le fichier ${bogus} n'est pas une sauvegarde (un fichier .sql.gz écrit par « npm run backup »).`);
    // nothing left that a later restore would refuse
    await expect(restoreBackup(join(work, 'missing.sql.gz'), { dataDir })).rejects.toThrow("n'existe pas");
  });
});

describe('a backup of a previous version', () => {
  it('restores, and the server migrates it at start, keeping its rows', { timeout: 180_000 }, async () => {
    const files = readdirSync(join(dirname(fileURLToPath(import.meta.url)), '../../drizzle')).filter((f) => f.endsWith('.sql')).sort();
    const last = files.at(-1)!;
    const old = await openDatabase({ memory: true });
    closing.push(() => old.close());
    await migrate(old, { before: last });
    await old.exec("INSERT INTO config (key, value) VALUES ('backup-test', '{\"kept\": true}')");
    const file = await takeBackup(sourceOf(old), { dir: join(work, 'previous'), now: () => 1795834800 });

    const { target, open } = await newTarget();
    await restoreBackup(file.path, target);
    const restored = await open();
    closing.push(() => restored.close());
    expect(await pendingMigrations(restored)).toEqual([last]);
    expect(await migrate(restored)).toEqual([last]);
    expect(await pendingMigrations(restored)).toEqual([]);
    const rows = (await restored.db.execute(sql.raw("SELECT value FROM config WHERE key = 'backup-test'"))) as unknown as { rows: { value: unknown }[] };
    expect(rows.rows).toEqual([{ value: { kept: true } }]);
  });
});

/**
 * How a campsite moves up (issue 34): a backup of the embedded database restores into PostgreSQL (the
 * machine's server: Debian 12's 15), and the API answers the same on it. Run on PostgreSQL's pass
 * (TEST_DATABASE_URL, scripts/test.mjs); the embedded pass has no server to restore into.
 */
describe.runIf(pgUrl)('an embedded backup restores into PostgreSQL', () => {
  it('answers the same calls with the same bytes', { timeout: 180_000 }, async () => {
    const env = readEnv({ SEED: 'demo', ADMIN_PASSWORD: 'choisi-123', DATA_DIR: join(work, 'unused'), LOG_LEVEL: 'error' });
    const lite = await openDatabase({ memory: true, from: await pgliteTemplate() });
    closing.push(() => lite.close());
    await migrate(lite);
    const liteDeps = makeDeps({ database: lite, env, mailer: { send: async () => {} } });
    await firstStart(liteDeps);
    const file = await takeBackup(sourceOf(lite), { dir: join(work, 'move-up'), now: () => 1795834800 });

    const made = await emptyPostgres(pgUrl!);
    closing.push(made.drop);
    await restoreBackup(file.path, { url: made.url });
    const moved = await openDatabase({ url: made.url });
    closing.push(() => moved.close());
    await migrate(moved);
    const movedDeps = makeDeps({ database: moved, env, mailer: { send: async () => {} } });

    const apps: FastifyInstance[] = [];
    for (const [database, deps] of [[lite, liteDeps], [moved, movedDeps]] as const) {
      const app = await buildApp({ database, env, serves: 'none' }, deps);
      closing.push(() => app.close());
      apps.push(app);
    }
    const answers = async (app: FastifyInstance) => {
      const login = await app.inject({ method: 'POST', url: '/api/dashboard/users/login', payload: { login: 'admin', password: 'choisi-123' } });
      expect(login.statusCode).toBe(200);
      const cookie = String(login.headers['set-cookie']).split(';')[0];
      const out: Record<string, unknown> = {};
      for (const path of READS) {
        const res = await app.inject({ method: 'GET', url: `/api/${path}`, headers: { cookie } });
        expect(res.statusCode, path).toBe(200);
        out[path] = res.json();
      }
      return out;
    };
    const [before, after] = [await answers(apps[0]), await answers(apps[1])];
    expect(after).toEqual(before);
  });
});

/** Reads of every kind of data the demo holds (settings, booklet, people, files, reviews, mails). */
const READS = [
  'webapp/config/public',
  'dashboard/config/admin/list',
  'webapp/categories/list',
  'webapp/animations/list',
  'dashboard/accommodations/list',
  'dashboard/files/list',
  'dashboard/cron_mail/list',
  'dashboard/clients/list',
];
