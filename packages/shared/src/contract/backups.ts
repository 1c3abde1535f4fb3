import { z } from 'zod';
import { BACKUPS } from '../messages/backups';
import { call, staff } from './call';

/**
 * The backups seen by a super (issue 34, not in the spec): the files of BACKUP_DIR, the last outcome, a
 * backup now, a download, the nightly hour and retention; and what the super's home warns about.
 */
export const backupSettingsDoc = z.object({
  hour: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, BACKUPS.hourInvalid),
  daily: z.number({ message: BACKUPS.dailyInvalid }).int(BACKUPS.dailyInvalid).min(1, BACKUPS.dailyInvalid).max(60, BACKUPS.dailyInvalid),
  weekly: z.number({ message: BACKUPS.weeklyInvalid }).int(BACKUPS.weeklyInvalid).min(0, BACKUPS.weeklyInvalid).max(52, BACKUPS.weeklyInvalid),
});
export type BackupSettingsDoc = z.infer<typeof backupSettingsDoc>;

/** The last backup the server took: epoch seconds; the French reason of a failure. */
const lastDoc = z.object({ at: z.number(), ok: z.boolean(), name: z.string().optional(), bytes: z.number().optional(), error: z.string().optional() });

/** What the super's home warns about: a failed or missing nightly backup; a guest app over plain HTTP. */
export const backupWarningsDoc = z.object({
  backup: z.union([z.object({ kind: z.literal('failed'), at: z.number(), error: z.string() }), z.object({ kind: z.literal('missing'), since: z.number().nullable() }), z.null()]),
  /** the guest app's address when it is plain http:// outside localhost */
  insecure_guest_url: z.string().nullable(),
});
export type BackupWarnings = z.infer<typeof backupWarningsDoc>;

export const backupsStateDoc = z.object({
  files: z.array(z.object({ name: z.string(), at: z.number(), bytes: z.number() })),
  last: lastDoc.nullable(),
  running: z.boolean(),
  settings: backupSettingsDoc,
});
export type BackupsState = z.infer<typeof backupsStateDoc>;

export const backups = {
  state: call('GET', 'dashboard/backups/state', { ...staff('super'), answer: backupsStateDoc, summary: 'The backups of BACKUP_DIR, newest first, the last outcome and the settings (super only; not in the spec)' }),
  start: call('POST', 'dashboard/backups/start', {
    ...staff('super'),
    answer: z.object({ started: z.boolean() }),
    summary: 'Starts a backup in the background and answers at once; `started: false` while one runs (super only; not in the spec)',
  }),
  settings: call('POST', 'dashboard/backups/settings', { ...staff('super'), body: backupSettingsDoc, answer: backupSettingsDoc, summary: 'The nightly hour and retention (super only; not in the spec)' }),
  download: call('GET', 'dashboard/backups/download/:name', { ...staff('super'), raw: true, answer: z.any(), summary: 'Downloads a backup of BACKUP_DIR by its name (super only; not in the spec)' }),
  warnings: call('GET', 'dashboard/backups/warnings', { ...staff('super'), answer: backupWarningsDoc, summary: "What the super's home warns about: backups, HTTPS (super only; not in the spec)" }),
};
