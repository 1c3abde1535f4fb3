import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Plan } from '../http/deps';

const here = dirname(fileURLToPath(import.meta.url));
// src/sites when run from the sources, dist/ when bundled (npm start)
const MIGRATIONS = join(here, basename(here) === 'sites' ? '../../drizzle-control' : '../drizzle-control');

/** The advisory lock one start (or one `npm run site`) holds while it migrates the control database. */
const CONTROL_MIGRATION_LOCK = 727275;
/** The channel on which the control database says that a site was added or changed (its trigger). */
export const SITES_CHANNEL = 'campsite_sites';

export type SiteState = 'active' | 'suspended';

export interface Site {
  id: number;
  dashboardHost: string;
  guestHost: string;
  databaseUrl: string;
  plan: Plan;
  state: SiteState;
  createdAt: number;
}

/** The control database: a small pool, enough for the map's reloads and the command's writes. */
export interface Control {
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

export function openControl(url: string): Control {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  // a dropped idle connection is replaced by the pool; unheard, its error would stop the process
  pool.on('error', () => {});
  return { pool, url, close: () => pool.end() };
}

/**
 * Applies the files of apps/server/drizzle-control in name order, each once, in one transaction under an
 * advisory lock (two instances starting together: the second waits, then finds nothing to do). Each file
 * is sent whole (PostgreSQL's simple protocol takes several statements, a function body included).
 */
export async function migrateControl(control: Control): Promise<string[]> {
  const files = readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).sort();
  const client = await control.pool.connect();
  const applied: string[] = [];
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [CONTROL_MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS _control_migrations (name text PRIMARY KEY, applied_time bigint NOT NULL)');
    const done = new Set((await client.query<{ name: string }>('SELECT name FROM _control_migrations')).rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      await client.query(readFileSync(join(MIGRATIONS, file), 'utf8'));
      await client.query('INSERT INTO _control_migrations (name, applied_time) VALUES ($1, $2)', [file, Math.floor(Date.now() / 1000)]);
      applied.push(file);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  return applied;
}

const COLUMNS = 'id, dashboard_host, guest_host, database_url, plan, state, created_at';
type Row = { id: number; dashboard_host: string; guest_host: string; database_url: string; plan: Plan; state: SiteState; created_at: string | number };
const toSite = (r: Row): Site => ({
  id: r.id,
  dashboardHost: r.dashboard_host,
  guestHost: r.guest_host,
  databaseUrl: r.database_url,
  plan: r.plan,
  state: r.state,
  createdAt: Number(r.created_at),
});

export async function readSites(control: Pick<Control, 'pool'>): Promise<Site[]> {
  const { rows } = await control.pool.query<Row>(`SELECT ${COLUMNS} FROM sites ORDER BY id`);
  return rows.map(toSite);
}

/** The site one of whose host names is `host` (dashboard or guest), or undefined. */
export async function findSite(control: Pick<Control, 'pool'>, host: string): Promise<Site | undefined> {
  const { rows } = await control.pool.query<Row>(`SELECT ${COLUMNS} FROM sites WHERE $1 IN (dashboard_host, guest_host)`, [host]);
  return rows[0] ? toSite(rows[0]) : undefined;
}

/** Sets one column of the site that `host` names; answers the site as it now is, or undefined. */
export async function updateSite(control: Pick<Control, 'pool'>, host: string, change: { plan: Plan } | { state: SiteState }): Promise<Site | undefined> {
  const [column, value] = 'plan' in change ? ['plan', change.plan] : ['state', change.state];
  const { rows } = await control.pool.query<Row>(`UPDATE sites SET ${column} = $2 WHERE $1 IN (dashboard_host, guest_host) RETURNING ${COLUMNS}`, [host, value]);
  return rows[0] ? toSite(rows[0]) : undefined;
}

/** Records when a closed site next has a job to run (null: none queued). */
export async function recordNextJob(control: Pick<Control, 'pool'>, id: number, at: number | null) {
  await control.pool.query('UPDATE sites SET next_job_at = $2 WHERE id = $1', [id, at]);
}

/** Active sites with a job due by `now`, the longest waiting first. */
export async function sitesWithJobsDue(control: Pick<Control, 'pool'>, now: number, limit: number): Promise<number[]> {
  const { rows } = await control.pool.query<{ id: number }>(
    "SELECT id FROM sites WHERE state = 'active' AND next_job_at <= $1 ORDER BY next_job_at LIMIT $2",
    [now, limit],
  );
  return rows.map((r) => r.id);
}

export { toSite, COLUMNS, type Row as SiteRow };
