import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { getEntry, setEntry } from '../../platform/settings/settings.repository';

/**
 * The nightly backup's settings (issue 34): its hour in the establishment's zone and what is kept. The
 * defaults are Immich's and restic's usual ones: at night, 7 daily and 4 weekly backups.
 */
export interface BackupSettings {
  /** 'HH:MM', the establishment's time (TIME_ZONE) */
  hour: string;
  daily: number;
  weekly: number;
}
export const DEFAULT_BACKUP_SETTINGS: BackupSettings = { hour: '03:00', daily: 7, weekly: 4 };

/**
 * The settings last read, per scheduler: the job's next run is computed inside the scheduler's transaction,
 * where a read on another connection would wait for it (PGlite has one): it uses these (as pms.run.ts).
 */
const lastRead = new WeakMap<object, BackupSettings>();
export const knownBackupSettings = (deps: Pick<Deps, 'jobs'>) => lastRead.get(deps.jobs);

export async function readBackupSettings(deps: Pick<Deps, 'jobs' | 'db'>, db: Tx = deps.db): Promise<BackupSettings> {
  const value = await getEntry(db, 'backups', DEFAULT_BACKUP_SETTINGS);
  lastRead.set(deps.jobs, value);
  return value;
}

export async function writeBackupSettings(deps: Pick<Deps, 'jobs' | 'db'>, value: BackupSettings, db: Tx = deps.db) {
  await setEntry(db, 'backups', value);
  lastRead.set(deps.jobs, value);
}

/** The last backup taken by the server (nightly or asked for), for the metrics and the super's screens. */
export interface LastBackup {
  /** when it ended, epoch seconds */
  at: number;
  ok: boolean;
  /** the file, when it succeeded */
  name?: string;
  bytes?: number;
  /** the reason, in French, when it failed */
  error?: string;
}
export const readLastBackup = async (db: Tx) => (await getEntry<Partial<LastBackup>>(db, 'backups.last', {})) as LastBackup | Record<string, never>;
export const writeLastBackup = (db: Tx, value: LastBackup) => setEntry(db, 'backups.last', value);
