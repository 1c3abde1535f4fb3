import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** runs SQL text with several statements (migrations) */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions = { url: string } | { dataDir: string } | { memory: true };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if ('url' in opts) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      exec: async (sql) => void (await pool.query(sql)),
      close: () => pool.end(),
    };
  }
  let release = () => {};
  let client: PGlite;
  if ('dataDir' in opts) {
    const dir = resolve(opts.dataDir);
    mkdirSync(dir, { recursive: true });
    release = lockDataDir(dir);
    client = new PGlite(join(dir, 'pg'));
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sql) => void (await client.exec(sql)),
    close: async () => {
      await client.close();
      release();
    },
  };
}

export class DataDirLockedError extends Error {}

/**
 * PGlite has no lock between processes: two servers on one data directory would overwrite each
 * other's pages and lose data without a word. The lock file holds the owner's pid; a stale one (its
 * process gone) is taken over.
 */
function lockDataDir(dir: string): () => void {
  const file = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `Le dossier de données ${dir} est déjà utilisé par un autre serveur (processus ${pid}). ` +
            'Arrêtez-le avant d\'en démarrer un second, ou choisissez un autre DATA_DIR.',
        );
      }
      unlinkSync(file);
    }
  }
  throw new DataDirLockedError(`Impossible de verrouiller le dossier de données ${dir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
