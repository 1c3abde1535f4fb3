import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backups } from '@campsite/shared';
import { BACKUP_BUSY } from '../../backup/lock';
import { allFlags, testApp, type TestApp } from '../../testing/harness';
import { nightlyBackup } from './backups.run';
import { backupNow, runningBackup } from './public';

/**
 * Issue 34, backups' leftovers: one backup at a time, whoever asks (the nightly job, the super's button,
 * `npm run backup` through the running server) and on whichever instance: two instances on one
 * PostgreSQL (TEST_DATABASE_URL), or two apps on one embedded database.
 */
let t: TestApp;
let dir: string;
let cookie: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'campsite-lock-'));
  t = await testApp({ env: { BACKUP_DIR: dir } });
  cookie = (await t.signIn(allFlags())).cookie;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('one backup at a time across instances', () => {
  it("the button on one instance, then the other's button, nightly job and `npm run backup` while it runs: one file", { timeout: 120_000 }, async () => {
    const other = await t.twin();
    const otherCookie = (await other.post('dashboard/users/login', { login: (await t.signIn(allFlags(), 'second')).username, password: 'motdepasse-test' })).headers['set-cookie'];
    const second = String(Array.isArray(otherCookie) ? otherCookie[0] : otherCookie).split(';')[0];

    // On PostgreSQL a small database dumps faster than the checks below run: a table locked by another
    // connection holds pg_dump (it waits for its ACCESS SHARE lock) until they are done.
    const holder = t.deps.database.kind === 'postgres' ? new pg.Client({ connectionString: t.deps.database.url! }) : null;
    if (holder) {
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE acme_challenges IN ACCESS EXCLUSIVE MODE');
    }
    expect((await t.call(backups.start, undefined, cookie)).answer()).toEqual({ started: true });
    let finished = false;
    const first = runningBackup(t.deps)!.then(() => (finished = true));

    // the other instance sees it running, and starts nothing
    expect((await other.get('dashboard/backups/state', second)).json().running).toBe(true);
    expect((await other.post('dashboard/backups/start', undefined, second)).json()).toEqual({ started: false });
    await expect(backupNow(other.deps)).rejects.toThrow(BACKUP_BUSY);
    // the nightly job on the other instance counts the running one as tonight's
    await nightlyBackup(other.deps);
    // (all of the above happened while the first backup ran: otherwise this test proves nothing)
    expect(finished).toBe(false);

    if (holder) await holder.query('COMMIT').then(() => holder.end());
    await first;
    expect(readdirSync(dir).filter((f) => f.endsWith('.sql.gz'))).toHaveLength(1);
    expect((await other.get('dashboard/backups/state', second)).json().running).toBe(false);
    // and once it ended, the other instance may take one
    const next = await backupNow(other.deps);
    expect(readdirSync(dir).filter((f) => f.endsWith('.sql.gz')).sort()).toContain(next.name);
    expect(readdirSync(dir).filter((f) => f.endsWith('.sql.gz'))).toHaveLength(2);
  });
});
