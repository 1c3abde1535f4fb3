import { backups } from '@campsite/shared';
import { useCall, useCallMutation } from '../../../lib/query';

// while a backup runs the list is read again every few seconds, until it shows the new file
export const useBackups = () => useCall(backups.state, undefined, { refetchInterval: (q) => (q.state.data?.running ? 3000 : false) });
export const useStartBackup = () => useCallMutation(backups.start, [backups.state, backups.warnings]);
export const useSaveBackupSettings = () => useCallMutation(backups.settings, [backups.state]);
