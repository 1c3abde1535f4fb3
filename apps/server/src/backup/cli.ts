// `npm run backup` and `npm run restore -- FILE [--force]` (docs/production.md, "Backups").
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDataDir } from '../db/embedded/open';
import { ConfigError, readEnv } from '../env';
import { sourceOf, takeBackup } from './dump';
import { BACKUP_BUSY, lockBackups } from './lock';
import { restoreBackup } from './restore';
import { requestBackup } from './socket';

const say = (sentence: string) => console.log(`  ${sentence}`);

/**
 * A backup now: PostgreSQL is dumped from here whether the server runs or not; the embedded database is
 * opened here when no server holds it, and otherwise the running server takes the backup (socket.ts).
 */
async function backup() {
  const env = readEnv();
  if (env.DATABASE_URL) {
    // one backup at a time on this database: the servers' nightly job and button take the same lock
    const release = await lockBackups({ kind: 'postgres', url: env.DATABASE_URL });
    if (!release) throw new Error(BACKUP_BUSY);
    try {
      await takeBackup(sourceOf({ kind: 'postgres', url: env.DATABASE_URL }), { dir: env.BACKUP_DIR, now: () => Math.floor(Date.now() / 1000), onStep: say });
    } finally {
      await release();
    }
    return;
  }
  if (!existsSync(join(resolve(env.DATA_DIR), 'pg'))) throw new Error(`Aucune base de données dans ${resolve(env.DATA_DIR)} (DATA_DIR) : rien à sauvegarder.`);
  let opened;
  try {
    opened = await openDataDir(env.DATA_DIR);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    say('Le serveur est en marche : il prend la sauvegarde.');
    await requestBackup(env.DATA_DIR, say);
    return;
  }
  try {
    const { client } = opened;
    await takeBackup(
      { kind: 'pglite', snapshot: (to) => client.snapshot(to), dataDir: join(opened.dir, 'pg') },
      { dir: env.BACKUP_DIR, now: () => Math.floor(Date.now() / 1000), onStep: say },
    );
  } finally {
    await opened.client.close();
    await opened.release();
  }
}

async function restore(args: string[]) {
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1) throw new Error('Indiquez un fichier de sauvegarde : npm run restore -- FICHIER [--force]');
  const env = readEnv();
  const target = env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR };
  say(`Restauration de ${resolve(files[0])} dans ${env.DATABASE_URL ? 'la base de DATABASE_URL' : resolve(env.DATA_DIR)}…`);
  await restoreBackup(resolve(files[0]), target, { force, onProgress: say });
  say('Démarrez le serveur : il met la base à jour (migrations) si la sauvegarde vient d\'une version précédente.');
}

const [command, ...args] = process.argv.slice(2);
(command === 'restore' ? restore(args) : backup()).then(
  () => process.exit(0),
  (err: Error) => {
    // one French line (a wrong setting, a target refused, pg_dump missing), not a stack
    console.error(err instanceof ConfigError ? err.message : `Erreur : ${err.message}`);
    process.exit(1);
  },
);
