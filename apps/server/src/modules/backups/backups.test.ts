import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupName } from '../../backup/files';
import { requestBackup, serveBackups } from '../../backup/socket';
import { testApp, type TestApp } from '../../testing/harness';
import { readLastBackup, writeBackupSettings } from './backups.settings';
import { backupNow } from './public';

/**
 * The nightly backup (issue 34): at the settings' hour in the establishment's zone, into BACKUP_DIR, then
 * the retention; its outcome for the metrics; and `npm run backup` asking the running server.
 */
const paris = (iso: string) => Date.parse(`${iso}+01:00`) / 1000;
let clock = paris('2026-11-26T12:00:00');
let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'campsite-nightly-'));
  t = await testApp({ env: { BACKUP_DIR: dir, TIME_ZONE: 'Europe/Paris' }, now: () => clock });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const files = () => readdirSync(dir).sort();

describe('nightly backup', () => {
  it('runs at 03:00 (Paris), keeps 7 daily and 4 weekly backups, and records its outcome for the metrics', { timeout: 120_000 }, async () => {
    // backups of earlier nights, one a day for 40 days, and a file that is not a backup
    for (let i = 1; i <= 40; i++) writeFileSync(join(dir, backupName(paris('2026-11-26T03:00:00') - i * 86400)), '');
    writeFileSync(join(dir, 'notes.txt'), 'à garder');
    await t.deps.jobs.ensureRecurring();
    expect(await t.deps.jobs.runDue()).toBe(0);
    expect(files()).toHaveLength(41);

    clock = paris('2026-11-27T03:00:30');
    await t.deps.jobs.runDue();
    const tonight = backupName(paris('2026-11-27T03:00:30'));
    expect(files()).toEqual(
      [
        tonight,
        ...['2026-11-25', '2026-11-24', '2026-11-23', '2026-11-22', '2026-11-21', '2026-11-20'].map((d) => backupName(paris(`${d}T03:00:00`))),
        // the newest of each of the three weeks before this one (Sundays; the 22nd is one of the days)
        ...['2026-11-15', '2026-11-08'].map((d) => backupName(paris(`${d}T03:00:00`))),
        'notes.txt',
      ].sort(),
    );
    expect(await readLastBackup(t.deps.db)).toMatchObject({ at: clock, ok: true, name: tonight });
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    expect(metrics).toContain('campsite_backup_success 1');
    expect(metrics).toMatch(/campsite_backup_age_seconds 0\n/);
  });

  it('follows the hour and retention of its settings', { timeout: 120_000 }, async () => {
    await writeBackupSettings(t.deps, { hour: '01:30', daily: 1, weekly: 0 });
    await t.deps.jobs.reschedule('backups.nightly');
    clock = paris('2026-11-28T01:29:00');
    await t.deps.jobs.runDue();
    expect(files()).toHaveLength(10);
    clock = paris('2026-11-28T01:31:00');
    await t.deps.jobs.runDue();
    expect(files()).toEqual([backupName(clock), 'notes.txt']);
  });

  it('records a failed backup, which the metrics show', { timeout: 120_000 }, async () => {
    const blocked = join(dir, 'notes.txt');
    const broken = await testApp({ env: { BACKUP_DIR: join(blocked, 'sub') }, now: () => clock });
    try {
      // the file system's refusal in French, for the super's screen and home (not Node's 'ENOTDIR: not a directory')
      const reason = `${join(blocked, 'sub')} (BACKUP_DIR) n'est pas un dossier (un fichier porte ce nom, ou celui d'un dossier au-dessus) : BACKUP_DIR doit nommer un dossier.`;
      await expect(backupNow(broken.deps)).rejects.toThrow(reason);
      expect(await readLastBackup(broken.deps.db)).toEqual({ at: clock, ok: false, error: reason });
      const metrics = (await broken.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
      expect(metrics).toContain('campsite_backup_success 0');
    } finally {
      await broken.close();
    }
  });

  it('takes a backup for `npm run backup` when the command asks the running server', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'campsite-socket-'));
    const server = await serveBackups(dataDir, (onStep) => backupNow(t.deps, onStep));
    try {
      clock = paris('2026-11-28T10:00:00');
      const steps: string[] = [];
      const path = await requestBackup(dataDir, (s) => steps.push(s));
      expect(path).toBe(join(dir, backupName(clock)));
      expect(files()).toContain(backupName(clock));
      expect(steps.length).toBeGreaterThan(1);
      expect(steps.at(-1)).toMatch(/^Sauvegarde écrite : .* \(\d+ Ko\)\.$/);
    } finally {
      server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
