import { rm } from 'node:fs/promises';
import { sourceOf, takeBackup } from '../../backup/dump';
import { kept, listBackups, type BackupFile } from '../../backup/files';
import { BACKUP_BUSY, lockBackups, targetOf } from '../../backup/lock';
import type { Deps } from '../../http/deps';
import { readBackupSettings, readLastBackup, writeLastBackup } from './backups.settings';

/**
 * A backup now, into BACKUP_DIR, its outcome recorded (`backups.last`) for the metrics and the super's
 * screens; refused in French while another runs, here or on another instance (backup/lock.ts: the nightly
 * job, the button and `npm run backup` share the lock). On the embedded database the copy is taken between
 * two statements and dumped on a thread of its own (backup/dump.ts): requests go on meanwhile.
 */
export async function backupNow(deps: Deps, onStep?: (sentence: string) => void): Promise<BackupFile> {
  const release = await lockBackups(targetOf(deps.database));
  if (!release) throw new Error(BACKUP_BUSY);
  try {
    return await recordedBackup(deps, onStep);
  } finally {
    await release();
  }
}

/** The backup, under the lock already taken, and its outcome recorded. */
export async function recordedBackup(deps: Deps, onStep?: (sentence: string) => void): Promise<BackupFile> {
  try {
    const file = await takeBackup(sourceOf(deps.database), { dir: deps.env.BACKUP_DIR, now: deps.now, onStep });
    await writeLastBackup(deps.db, { at: deps.now(), ok: true, name: file.name, bytes: file.bytes });
    return file;
  } catch (err) {
    await writeLastBackup(deps.db, { at: deps.now(), ok: false, error: (err as Error).message });
    throw err;
  }
}

/**
 * The nightly run: a backup, then the retention of the settings applied to the folder's backups. When a
 * backup runs already (asked from the screen a moment before, on this instance or another), that one is
 * tonight's: no second one, and its own outcome is recorded; the retention is applied all the same.
 */
export async function nightlyBackup(deps: Deps): Promise<void> {
  const { daily, weekly } = await readBackupSettings(deps);
  const release = await lockBackups(targetOf(deps.database));
  let made: string | undefined;
  if (release) {
    try {
      made = (await recordedBackup(deps)).name;
    } finally {
      await release();
    }
  }
  const all = listBackups(deps.env.BACKUP_DIR);
  const keep = kept(all, daily, weekly);
  if (made) keep.add(made);
  for (const old of all) if (!keep.has(old.name)) await rm(old.path, { force: true });
}

/** For the metrics: the last backup's time and outcome, none before the first. */
export async function lastBackupState(deps: Deps): Promise<{ at: number; ok: boolean } | undefined> {
  const last = await readLastBackup(deps.db);
  return 'at' in last ? { at: last.at, ok: last.ok } : undefined;
}
