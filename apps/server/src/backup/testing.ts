import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../db/client';

/** Backups' tests: what every table holds, as one fingerprint per table (PGlite and PostgreSQL alike). */
export async function tableFingerprints(database: Database): Promise<Record<string, string>> {
  const run = async <T>(text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const tables = await run<{ name: string }>(
    `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name FROM information_schema.tables
      WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await run<{ n: number; h: string | null }>(`SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS h FROM ${name} t`);
    out[name] = `${row.n} ${row.h ?? ''}`;
  }
  return out;
}

/** An empty database on the PostgreSQL server of `url` (TEST_DATABASE_URL), and its drop. */
export async function emptyPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
