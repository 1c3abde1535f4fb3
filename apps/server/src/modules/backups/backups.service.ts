import { createReadStream } from 'node:fs';
import type { BackupSettingsDoc, BackupWarnings, BackupsState } from '@campsite/shared';
import { listBackups } from '../../backup/files';
import { backupRunning, lockBackups, targetOf } from '../../backup/lock';
import type { Deps } from '../../http/deps';
import { insecureGuestUrl } from './insecure.hooks';
import { recordedBackup } from './backups.run';
import { readBackupSettings, readLastBackup, writeBackupSettings, type LastBackup } from './backups.settings';

/**
 * What a super sees and does of the backups (issue 34): the list, a backup now, a download, the settings,
 * and the home's warnings. See docs/production.md 'Backups'.
 */

/** The backup this server runs now, asked from the screen (the screen's list follows it; a test awaits it). */
const running = new WeakMap<object, Promise<void>>();
/** When this server began serving, by its clock: a backup is "missing" only after 26 hours of it. */
const startedAt = new WeakMap<object, number>();

export const MISSING_AFTER = 26 * 3600;

export function noteStart(deps: Deps) {
  if (!startedAt.has(deps.jobs)) startedAt.set(deps.jobs, deps.now());
}

/** The running backup of this server, if any (a test awaits it; the screen shows it). */
export const runningBackup = (deps: Pick<Deps, 'jobs'>) => running.get(deps.jobs);

/**
 * « Sauvegarder maintenant »: starts a backup in the background and answers at once whether it started;
 * not while one runs, on this instance or another (the lock of backup/lock.ts, taken here so that the
 * answer is true only for a backup that will run). Its outcome is `backups.last`.
 */
export async function startBackup(deps: Deps): Promise<{ started: boolean }> {
  if (running.has(deps.jobs)) return { started: false };
  const release = await lockBackups(targetOf(deps.database));
  if (!release) return { started: false };
  const done = recordedBackup(deps)
    // the failure is recorded (its French reason on the screen); nothing more to do here
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(async () => {
      await release();
      running.delete(deps.jobs);
    });
  running.set(deps.jobs, done);
  return { started: true };
}

export async function backupsState(deps: Deps): Promise<BackupsState> {
  const last = await readLastBackup(deps.db);
  const settings = await readBackupSettings(deps);
  return {
    files: listBackups(deps.env.BACKUP_DIR).map(({ name, at, bytes }) => ({ name, at, bytes })),
    last: 'at' in last ? (last as LastBackup) : null,
    running: running.has(deps.jobs) || (await backupRunning(deps.database)),
    settings: { hour: settings.hour, daily: settings.daily, weekly: settings.weekly },
  };
}

/** The hour and retention, and the nightly job moved to the new hour, in one transaction. */
export async function saveSettings(deps: Deps, value: BackupSettingsDoc): Promise<BackupSettingsDoc> {
  await deps.db.transaction(async (tx) => {
    await writeBackupSettings(deps, value, tx);
    await deps.jobs.reschedule('backups.nightly', tx);
  });
  return value;
}

/**
 * A backup of BACKUP_DIR by its name: only a name the folder's listing gives (never a path built from what
 * was asked: no '../', no NUL byte, no other file of the folder).
 */
export function openBackup(deps: Deps, name: string) {
  const file = listBackups(deps.env.BACKUP_DIR).find((b) => b.name === name);
  return file ? { ...file, stream: createReadStream(file.path) } : null;
}

export async function backupWarnings(deps: Deps): Promise<BackupWarnings> {
  // a site of a multi-site installation starts counting when it is first asked (backups.routes.ts)
  noteStart(deps);
  const last = await readLastBackup(deps.db);
  const now = deps.now();
  let backup: BackupWarnings['backup'] = null;
  if ('at' in last && !last.ok) backup = { kind: 'failed', at: last.at, error: last.error ?? '' };
  else {
    // the newest backup the server recorded or the folder holds (`npm run backup` with the server stopped)
    const newest = Math.max('at' in last ? last.at : 0, listBackups(deps.env.BACKUP_DIR)[0]?.at ?? 0);
    const up = now - (startedAt.get(deps.jobs) ?? now);
    if (now - newest > MISSING_AFTER && up > MISSING_AFTER) backup = { kind: 'missing', since: newest || null };
  }
  return { backup, insecure_guest_url: await insecureGuestUrl(deps) };
}
