import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { emptyPostgres } from '../backup/testing';
import { openDatabase, type Database } from '../db/client';

/**
 * The upgrade tests' databases: an empty one of the run's kind (a data directory on the embedded pass, a
 * new database on TEST_DATABASE_URL's server on PostgreSQL's), and what its schema is, to compare.
 */
export interface Place {
  /** the server's environment for it: DATA_DIR or DATABASE_URL */
  env: Record<string, string>;
  /** where a backup restores (backup/restore.ts) */
  target: { dataDir: string } | { url: string };
  open(): Promise<Database>;
  remove(): Promise<void>;
}

export async function emptyPlace(): Promise<Place> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const made = await emptyPostgres(url);
    return { env: { DATABASE_URL: made.url }, target: { url: made.url }, open: () => openDatabase({ url: made.url }), remove: made.drop };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'campsite-upgrade-'));
  return {
    env: { DATA_DIR: dataDir },
    target: { dataDir },
    open: () => openDatabase({ dataDir }),
    remove: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * What the schema is: every relation, column, index, constraint, trigger and function of the public
 * schema, and the migrations recorded. Two equal fingerprints: no migration left a trace.
 */
export async function schemaFingerprint(database: Database): Promise<string[]> {
  const run = async (text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: { x: string }[] }).rows.map((r) => r.x);
  return [
    ...(await run(`SELECT 'relation ' || c.relname || ' ' || c.relkind::text AS x FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' ORDER BY 1`)),
    ...(await run(`SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS x FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1`)),
    ...(await run(`SELECT 'index ' || indexdef AS x FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1`)),
    ...(await run(`SELECT 'constraint ' || conrelid::regclass || ' ' || pg_get_constraintdef(oid) AS x FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1`)),
    ...(await run(`SELECT 'trigger ' || tgrelid::regclass || ' ' || tgname AS x FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1`)),
    ...(await run(`SELECT 'function ' || p.oid::regprocedure AS x FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace ORDER BY 1`)),
    ...(await run(`SELECT 'migration ' || name AS x FROM _migrations ORDER BY 1`)),
  ];
}

/** Rows of each table of the public schema. */
export async function rowCounts(database: Database): Promise<Record<string, number>> {
  const run = async <T>(text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const out: Record<string, number> = {};
  for (const { name } of await run<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`)) {
    out[name] = (await run<{ n: number }>(`SELECT count(*)::int AS n FROM public.${JSON.stringify(name)}`))[0].n;
  }
  return out;
}

/**
 * Makes the recording of migration `file` fail (a trigger on _migrations), whatever that migration does:
 * its statements run, then the batch fails on it, as a migration that meets data it did not expect.
 */
export async function refuseMigration(database: Database, file: string) {
  await database.exec(`
    CREATE FUNCTION test_refuse_migration() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.name = '${file.replaceAll("'", "''")}' THEN RAISE EXCEPTION 'refusée par le test'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER test_refuse_migration BEFORE INSERT ON _migrations FOR EACH ROW EXECUTE FUNCTION test_refuse_migration();`);
}

/** Waits for a process's line (testing/processes.ts `run`), `seconds` at most: a loaded machine may take long to start one. */
export async function waitForLine(process: { output(): string; child: { exitCode: number | null } }, line: RegExp, seconds: number) {
  for (let i = 0; !new RegExp(line.source, 'm').test(process.output()); i++) {
    if (process.child.exitCode !== null || i > seconds * 10) throw new Error(`no line ${line} in: ${process.output()}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

export { freePort } from '../testing/ports';
