import { OPERATOR, SITE_CARE, type MigrationRun } from '@campsite/shared';
import { openDatabase } from '../../db/client';
import { migrate, MigrationError } from '../../db/migrate';
import { readSites, type Control, type Site } from '../control';
import { SiteError } from '../sites';
import { silentReason } from './health';

/**
 * The rolling migration of every site's database (docs/multisite.md, "Operator console"): one site after
 * the other, each with db/migrate.ts under its own advisory lock (an instance opening the site meanwhile
 * waits, then finds nothing to do); a failure is recorded with its French reason and the next site goes
 * on. One run at a time across instances: the row of `site_migrations` is a lease, renewed while it runs;
 * a run whose instance died shows as interrupted when its lease runs out, and may be started again (from
 * the first site: a database already migrated takes a moment under its lock and applies nothing).
 */

const LEASE_S = 60;
const RENEW_MS = 10_000;
const now = () => Math.floor(Date.now() / 1000);

type Row = {
  state: 'running' | 'done';
  total: number;
  done: number;
  current_host: string | null;
  failures: MigrationRun['failures'];
  started_at: string;
  ended_at: string | null;
  lease_until: string;
};

const toRun = (r: Row): MigrationRun => ({
  state: r.state,
  interrupted: r.state === 'running' && Number(r.lease_until) < now(),
  total: r.total,
  done: r.done,
  current_host: r.current_host,
  failures: r.failures,
  started_at: Number(r.started_at),
  ended_at: r.ended_at === null ? null : Number(r.ended_at),
});

export async function migrationRun(control: Control): Promise<MigrationRun | null> {
  const { rows } = await control.pool.query<Row>('SELECT * FROM site_migrations WHERE id = 1');
  return rows[0] ? toRun(rows[0]) : null;
}

/**
 * Takes the lease and starts the run; `done` ends with the run as recorded. Refused (SiteError) while
 * another runs. `say`: a line per site (the command prints them).
 */
export async function startMigrations(control: Control, say?: (line: string) => void): Promise<{ run: MigrationRun; done: Promise<MigrationRun> }> {
  const sites = await readSites(control);
  const at = now();
  const { rows } = await control.pool.query<Row>(
    `INSERT INTO site_migrations (id, state, total, done, current_host, failures, started_at, ended_at, lease_until) VALUES (1, 'running', $1, 0, NULL, '[]', $2, NULL, $3)
     ON CONFLICT (id) DO UPDATE SET state = 'running', total = $1, done = 0, current_host = NULL, failures = '[]', started_at = $2, ended_at = NULL, lease_until = $3
       WHERE site_migrations.state <> 'running' OR site_migrations.lease_until < $2
     RETURNING *`,
    [sites.length, at, at + LEASE_S],
  );
  if (!rows[0]) throw new SiteError(SITE_CARE.migrationRunning);
  return { run: toRun(rows[0]), done: runAll(control, sites, say) };
}

async function runAll(control: Control, sites: Site[], say?: (line: string) => void): Promise<MigrationRun> {
  const renew = setInterval(() => void control.pool.query('UPDATE site_migrations SET lease_until = $1 WHERE id = 1', [now() + LEASE_S]).catch(() => {}), RENEW_MS);
  renew.unref();
  const failures: MigrationRun['failures'] = [];
  try {
    for (const [i, site] of sites.entries()) {
      await control.pool.query('UPDATE site_migrations SET current_host = $1, lease_until = $2 WHERE id = 1', [site.dashboardHost, now() + LEASE_S]);
      const failed = await migrateSite(site);
      if (failed) failures.push({ site: site.id, host: site.dashboardHost, reason: failed });
      say?.(`${i + 1}/${sites.length} ${site.dashboardHost} : ${failed ?? 'à jour'}`);
      await control.pool.query('UPDATE site_migrations SET done = $1, failures = $2 WHERE id = 1', [i + 1, JSON.stringify(failures)]);
    }
  } finally {
    clearInterval(renew);
  }
  const { rows } = await control.pool.query<Row>("UPDATE site_migrations SET state = 'done', current_host = NULL, ended_at = $1 WHERE id = 1 RETURNING *", [now()]);
  return toRun(rows[0]);
}

/** Migrates one site's database; answers the French reason of a failure, or null. */
async function migrateSite(site: Site): Promise<string | null> {
  let database;
  try {
    database = await openDatabase({ url: site.databaseUrl, max: 1 });
    await database.exec('SELECT 1');
    await migrate(database);
    return null;
  } catch (err) {
    // a migration that failed says which, and that the database was left as it was (rolled back)
    return err instanceof MigrationError ? err.message : `${OPERATOR.databaseSilent}${silentReason(err)}`;
  } finally {
    await database?.close().catch(() => {});
  }
}
