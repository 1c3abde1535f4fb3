import { dailyAt, defineRecurring, parseHour, type JobArea } from '../../jobs';
import { nightlyBackup } from './backups.run';
import { DEFAULT_BACKUP_SETTINGS, knownBackupSettings, readBackupSettings } from './backups.settings';

/**
 * Every night at the settings' hour (default 03:00, the establishment's time): a backup into BACKUP_DIR,
 * then the retention. Once across instances (the job queue); not retried within the night (a failure is
 * recorded and shown: the next night tries again).
 */
export const nightlyBackupJob = defineRecurring({
  kind: 'backups.nightly',
  next: (deps) => async (after) => {
    const { hour } = knownBackupSettings(deps) ?? (await readBackupSettings(deps));
    const at = parseHour(hour) ?? parseHour(DEFAULT_BACKUP_SETTINGS.hour)!;
    return dailyAt(at.hour, at.minute, deps.env.TIME_ZONE)(after);
  },
  handler: (deps) => nightlyBackup(deps),
  attempts: 1,
});

export const backupsJobs: JobArea = [nightlyBackupJob];
