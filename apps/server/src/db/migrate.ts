import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { watchTables } from './changes';
import type { Database } from './client';
import { pgErrorOf } from './errors';

const here = dirname(fileURLToPath(import.meta.url));
// src/db when run from the sources, dist/ when bundled (npm start)
const dir = join(here, basename(here) === 'db' ? '../../drizzle' : '../drizzle');

/** The advisory lock that one start at a time holds while it migrates (on PGlite, one session: harmless). */
export const MIGRATION_LOCK = 727274;

/**
 * A migration that failed: the whole batch was rolled back, the database is as it was before the start.
 * Its message is the one line the server prints before it stops (start.ts).
 */
export class MigrationError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(
      `La migration ${file} a échoué (${reasonOf(cause)}) : aucune migration de cette version n'a été appliquée, la base de données est restée telle qu'elle était. ` +
        'Le serveur s\'arrête ; redémarrez la version précédente, ou corrigez la cause et redémarrez celle-ci.',
      { cause },
    );
  }
}

/** PostgreSQL's own words (no query, no parameters) and its SQLSTATE. */
function reasonOf(err: unknown): string {
  const pg = pgErrorOf(err) as { code: string; message?: string } | undefined;
  if (pg) return `${pg.message ?? 'erreur de la base de données'}, code ${pg.code}`;
  return err instanceof Error ? err.message : String(err);
}

/**
 * Applies the SQL files of apps/server/drizzle in name order, each once, all of them in one transaction: a
 * migration that fails leaves the database as it was (PostgreSQL's and PGlite's DDL is transactional), so
 * that the previous version can go on running on it. An advisory lock, taken first, keeps two instances
 * starting together on one PostgreSQL from racing: the second waits, then finds nothing left to do.
 * Answers the files applied. `before`: a test's database as a previous version left it (the files before
 * that one); `dir`: a test's folder of migrations.
 */
export async function migrate(database: Database, opts: { before?: string; dir?: string } = {}): Promise<string[]> {
  const { db } = database;
  const from = opts.dir ?? dir;
  const files = migrationFiles(from).filter((f) => !opts.before || f < opts.before);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    // under the lock: two first starts would otherwise race on creating it (PostgreSQL's catalog refuses the second)
    await tx.execute(sql`CREATE TABLE IF NOT EXISTS _migrations (name text PRIMARY KEY, applied_time bigint NOT NULL)`);
    const done = new Set(
      ((await tx.execute(sql`SELECT name FROM _migrations`)) as unknown as { rows: { name: string }[] }).rows.map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      try {
        for (const statement of statements(readFileSync(join(from, file), 'utf8'))) await tx.execute(sql.raw(statement));
        await tx.execute(sql`INSERT INTO _migrations (name, applied_time) VALUES (${file}, ${Math.floor(Date.now() / 1000)})`);
      } catch (err) {
        throw new MigrationError(file, err);
      }
      applied.push(file);
    }
    await watchTables(tx);
  });
  return applied;
}

/** The migration files this server has that the database has not applied (readiness: http/health.ts). */
export async function pendingMigrations(database: Database): Promise<string[]> {
  const { rows } = (await database.db.execute(sql`SELECT name FROM _migrations`)) as unknown as { rows: { name: string }[] };
  const done = new Set(rows.map((r) => r.name));
  return migrationFiles(dir).filter((f) => !done.has(f));
}

/** The migration files of this version, in the order they apply. */
export const migrationFiles = (from = dir) =>
  readdirSync(from)
    .filter((f) => f.endsWith('.sql'))
    .sort();

/** PGlite's prepared queries take one statement at a time: files are split at a ';' that ends a line. */
function statements(text: string): string[] {
  return text
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
