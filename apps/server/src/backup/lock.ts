import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client';

/**
 * One backup at a time for one database, whoever asks (the nightly job, the super's button, `npm run
 * backup`) and on whichever instance: on PostgreSQL a session advisory lock on a connection of the backup's
 * own, held while it runs (an instance that dies gives it back with its connection); the embedded database
 * has one process, where the database object is the key.
 */
export const BACKUP_LOCK = 727275;

export type BackupTarget = { kind: 'pglite'; key: object } | { kind: 'postgres'; url: string };

const embedded = new WeakSet<object>();

/** Takes the lock, or answers null when a backup of this database runs already. Call the answer to give it back. */
export async function lockBackups(target: BackupTarget): Promise<(() => Promise<void>) | null> {
  if (target.kind === 'pglite') {
    if (embedded.has(target.key)) return null;
    embedded.add(target.key);
    return async () => void embedded.delete(target.key);
  }
  const client = new pg.Client({ connectionString: target.url, application_name: 'campsite-backup' });
  // the connection lost while the backup runs: the lock is gone with it, nothing else to do
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [BACKUP_LOCK]);
    if (rows[0].ok) return () => client.end();
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  await client.end();
  return null;
}

/** The lock's target for the server's database. */
export const targetOf = (database: Database): BackupTarget => (database.kind === 'pglite' ? { kind: 'pglite', key: database } : { kind: 'postgres', url: database.url! });

/** Whether a backup of the server's database runs now, on this instance or another. */
export async function backupRunning(database: Database): Promise<boolean> {
  if (database.kind === 'pglite') return embedded.has(database);
  const { rows } = (await database.db.execute(
    sql`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 0 AND objid = ${BACKUP_LOCK} AND objsubid = 1 AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  )) as unknown as { rows: unknown[] };
  return rows.length > 0;
}

export const BACKUP_BUSY = "Une sauvegarde est déjà en cours (celle de la nuit, ou une demandée depuis l'écran ou par « npm run backup ») : attendez qu'elle se termine.";
