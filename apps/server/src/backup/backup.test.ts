import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
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
  it('restores a backup taken during writes: every table equals the source at the snapshot', async () => {
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
    const file = await takeBackup(sourceOf(source.database, source.url), { dir, now: () => 1795834800, onStep: (s) => steps.push(s) });
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
