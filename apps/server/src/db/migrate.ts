import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { watchTables } from './changes';
import type { Database } from './client';

const here = dirname(fileURLToPath(import.meta.url));
// src/db when run from the sources, dist/ when bundled (npm start)
const dir = join(here, basename(here) === 'db' ? '../../drizzle' : '../drizzle');

/**
 * Applies the SQL files of apps/server/drizzle in name order, each once, each in its own transaction.
 * An advisory lock keeps two instances starting together on one PostgreSQL from racing.
 */
export async function migrate(database: Database, opts: { before?: string } = {}): Promise<string[]> {
  const { db } = database;
  await database.exec('CREATE TABLE IF NOT EXISTS _migrations (name text PRIMARY KEY, applied_time bigint NOT NULL)');
  // `before`: a test's database as a previous version left it (the files before that one)
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql') && (!opts.before || f < opts.before)).sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727274)`);
    const done = new Set(
      ((await tx.execute(sql`SELECT name FROM _migrations`)) as unknown as { rows: { name: string }[] }).rows.map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      for (const statement of statements(readFileSync(join(dir, file), 'utf8'))) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO _migrations (name, applied_time) VALUES (${file}, ${Math.floor(Date.now() / 1000)})`);
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
  return readdirSync(dir).filter((f) => f.endsWith('.sql') && !done.has(f));
}

/** PGlite's prepared queries take one statement at a time: files are split at a ';' that ends a line. */
function statements(text: string): string[] {
  return text
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
