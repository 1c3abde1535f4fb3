// What other parts of the server use of the backups area (docs/conventions.md, 'Floors and hooks').
export { backupNow, lastBackupState } from './backups.run';
export { runningBackup } from './backups.service';
export { noteGuestPage } from './insecure.hooks';
