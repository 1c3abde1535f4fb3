import { rm } from 'node:fs/promises';
import { sourceOf, takeBackup } from '../../backup/dump';
import { kept, listBackups, type BackupFile } from '../../backup/files';
import type { Deps } from '../../http/deps';
import { readBackupSettings, readLastBackup, writeLastBackup } from './backups.settings';

/**
 * A backup now, into BACKUP_DIR, its outcome recorded (`backups.last`) for the metrics and the super's
 * screens. On the embedded database the copy is taken between two statements and dumped on a thread of
 * its own (backup/dump.ts): requests go on meanwhile.
 */
export async function backupNow(deps: Deps, onStep?: (sentence: string) => void): Promise<BackupFile> {
  try {
    const file = await takeBackup(sourceOf(deps.database), { dir: deps.env.BACKUP_DIR, now: deps.now, onStep });
    await writeLastBackup(deps.db, { at: deps.now(), ok: true, name: file.name, bytes: file.bytes });
    return file;
  } catch (err) {
    await writeLastBackup(deps.db, { at: deps.now(), ok: false, error: (err as Error).message });
    throw err;
  }
}

/** The nightly run: a backup, then the retention of the settings applied to the folder's backups. */
export async function nightlyBackup(deps: Deps): Promise<void> {
  const { daily, weekly } = await readBackupSettings(deps);
  const file = await backupNow(deps);
  const all = listBackups(deps.env.BACKUP_DIR);
  const keep = kept(all, daily, weekly);
  keep.add(file.name);
  for (const old of all) if (!keep.has(old.name)) await rm(old.path, { force: true });
}

/** For the metrics: the last backup's time and outcome, none before the first. */
export async function lastBackupState(deps: Deps): Promise<{ at: number; ok: boolean } | undefined> {
  const last = await readLastBackup(deps.db);
  return 'at' in last ? { at: last.at, ok: last.ok } : undefined;
}
