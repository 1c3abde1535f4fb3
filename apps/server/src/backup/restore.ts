import { createReadStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { lockDataDir } from '../db/data-dir-lock';
import { EmbeddedPglite } from '../db/embedded/embedded';
import { PGLITE_START_PARAMS } from '../db/embedded/open';
import { StatementSplitter } from './split';

/** Where a backup goes: a data directory for the embedded database, or a PostgreSQL database. */
export type RestoreTarget = { dataDir: string } | { url: string };

export interface RestoreOptions {
  /** replace what the target holds (the embedded database is set aside, a PostgreSQL database emptied) */
  force?: boolean;
  /** a French sentence as it goes (the console's progress) */
  onProgress?: (sentence: string) => void;
  /** the time that names a set-aside data directory */
  now?: () => number;
}

interface Session {
  run(sql: string): Promise<void>;
  /** run first in the restore's transaction: what empties the target (so that a failure rolls it back too) */
  prelude?: { sql: string; say: string };
  /** after a failure: what the restore changed is undone (the transaction rolled back, a new directory removed) */
  undo(): Promise<void>;
  close(): Promise<void>;
}

/** Statements sent together: fewer round trips, and a bounded piece of the dump in memory. */
const BATCH_CHARS = 2 * 1024 * 1024;

/**
 * Restores a backup (backup/dump.ts) into an empty target, in one transaction: a restore that fails leaves
 * the target as it found it. A target that holds data is refused unless `force`. The server migrates the
 * restored database at its next start (a backup of an older version comes up to date).
 */
export async function restoreBackup(file: string, target: RestoreTarget, opts: RestoreOptions = {}): Promise<{ statements: number }> {
  const say = opts.onProgress ?? (() => {});
  if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`Le fichier de sauvegarde ${file} n'existe pas.`);
  const session = 'url' in target ? await openPostgres(target.url, opts) : await openDataDir(target.dataDir, opts);
  let statements = 0;
  try {
    const total = statSync(file).size;
    let read = 0;
    let told = -1;
    await session.run('BEGIN');
    if (session.prelude) {
      say(session.prelude.say);
      await session.run(session.prelude.sql);
    }
    // (a 'data' listener starts the flow: the gunzip is attached in the same tick, or chunks would be lost)
    const input = createReadStream(file);
    input.on('data', (chunk) => (read += chunk.length));
    const text = input.pipe(createGunzip());
    const decoder = new StringDecoder('utf8');
    const splitter = new StatementSplitter();
    let batch: string[] = [];
    let chars = 0;
    const flush = async () => {
      if (!batch.length) return;
      const sql = batch.join('\n');
      batch = [];
      chars = 0;
      try {
        await session.run(sql);
      } catch (err) {
        throw new Error(`La restauration a échoué : ${(err as Error).message}`, { cause: err });
      }
      const percent = Math.floor((read / total) * 100);
      if (percent >= told + 5) say(`Restauration : ${(told = percent)} % (${statements} instructions)`);
    };
    for await (const chunk of text) {
      for (const statement of splitter.push(decoder.write(chunk as Buffer))) {
        batch.push(statement);
        chars += statement.length;
        statements++;
        if (chars >= BATCH_CHARS) await flush();
      }
    }
    splitter.push(decoder.end());
    splitter.end();
    await flush();
    await session.run('COMMIT');
    say(`Restauration terminée : ${statements} instructions.`);
    return { statements };
  } catch (err) {
    await session.undo().catch(() => {});
    if ((err as NodeJS.ErrnoException).code === 'Z_DATA_ERROR' || (err as Error).message.includes('incorrect header check')) {
      throw new Error(`Le fichier ${file} n'est pas une sauvegarde (un fichier .sql.gz écrit par « npm run backup »).`, { cause: err });
    }
    throw err;
  } finally {
    await session.close();
  }
}

async function openPostgres(url: string, { force }: RestoreOptions): Promise<Session> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let prelude: Session['prelude'];
  try {
    const { rows } = await client.query<{ nspname: string; tables: number }>(
      `SELECT n.nspname, count(c.oid)::int AS tables FROM pg_namespace n LEFT JOIN pg_class c ON c.relnamespace = n.oid AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
        WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema' GROUP BY n.nspname`,
    );
    const tables = rows.reduce((sum, r) => sum + r.tables, 0);
    const extra = rows.filter((r) => r.nspname !== 'public');
    if (tables || extra.length) {
      if (!force) {
        throw new Error(
          `La base de données de DATABASE_URL n'est pas vide (${tables} tables) : la restauration la remplacerait. ` +
            'Relancez avec « npm run restore -- FICHIER --force » pour l\'effacer et restaurer.',
        );
      }
      // emptied in the restore's transaction: a restore that fails gives the database back as it was
      prelude = {
        say: `Effacement de la base de données de DATABASE_URL (${tables} tables)…`,
        sql: rows.map((r) => `DROP SCHEMA ${pg.escapeIdentifier(r.nspname)} CASCADE;`).join('\n') + '\nCREATE SCHEMA public;',
      };
    }
  } catch (err) {
    await client.end();
    throw err;
  }
  return {
    prelude,
    run: async (sql) => void (await client.query(sql)),
    undo: async () => void (await client.query('ROLLBACK')),
    close: () => client.end(),
  };
}

async function openDataDir(dataDir: string, { force, onProgress, now = () => Date.now() / 1000 }: RestoreOptions): Promise<Session> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  // a running server holds it: it says which (data-dir-lock.ts)
  const release = await lockDataDir(dir);
  const pgDir = join(dir, 'pg');
  let setAside: string | undefined;
  let client: EmbeddedPglite;
  try {
    if (existsSync(pgDir) && readdirSync(pgDir).length) {
      setAside = join(dir, `pg.avant-restauration-${new Date(now() * 1000).toISOString().slice(0, 19).replaceAll(':', '')}`);
      if (!force) {
        throw new Error(
          `Le dossier de données ${dir} contient déjà une base : la restauration la remplacerait. ` +
            `Relancez avec « npm run restore -- FICHIER --force » pour la mettre de côté (dans ${setAside}) et restaurer.`,
        );
      }
      renameSync(pgDir, setAside);
      onProgress?.(`Base existante mise de côté : ${setAside}`);
    }
    onProgress?.('Création de la base de données intégrée…');
    client = await EmbeddedPglite.open({ dataDir: pgDir, startParams: PGLITE_START_PARAMS });
  } catch (err) {
    await release();
    throw err;
  }
  return {
    run: async (sql) => void (await client.exec(sql)),
    // the directory as it was: the new database removed, the old one put back
    undo: async () => {
      await client.close().catch(() => {});
      rmSync(pgDir, { recursive: true, force: true });
      if (setAside) renameSync(setAside, pgDir);
    },
    close: async () => {
      await client.close().catch(() => {});
      await release();
    },
  };
}
