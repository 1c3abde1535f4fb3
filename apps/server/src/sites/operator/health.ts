import pg from 'pg';
import { OPERATOR, type OperatorSite } from '@campsite/shared';
import { pgErrorOf } from '../../db/errors';
import type { Control, Site } from '../control';

/** How long the console waits for one site's database: a silent one says so, the list still answers. */
export const HEALTH_TIMEOUT_MS = 2000;
/** Sites read at once: a list of hundreds opens no more connections than this. */
const AT_ONCE = 8;

type Health = OperatorSite['health'];

/** One statement: what the console shows of a site, from its own database. */
const HEALTH_SQL = `SELECT
  (SELECT count(*) FROM jobs WHERE status = 'queued' AND run_at <= extract(epoch FROM now())::bigint)::int AS jobs_waiting,
  (SELECT count(*) FROM email_recipients WHERE status = 'failed')::int AS failed_mails,
  (SELECT value FROM config WHERE key = 'backups.last') AS last_backup,
  (SELECT max(name) FROM _migrations) AS schema_version`;

/** The health of one site: its database read on a connection of its own, given up after the timeout. */
async function readHealth(site: Site, lastRequest: number | null): Promise<Health> {
  const client = new pg.Client({ connectionString: site.databaseUrl, connectionTimeoutMillis: HEALTH_TIMEOUT_MS, query_timeout: HEALTH_TIMEOUT_MS, statement_timeout: HEALTH_TIMEOUT_MS });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ jobs_waiting: number; failed_mails: number; last_backup: { at?: number; ok?: boolean } | null; schema_version: string | null }>(HEALTH_SQL);
    const r = rows[0];
    const backup = r.last_backup && typeof r.last_backup.at === 'number' ? { at: r.last_backup.at, ok: r.last_backup.ok === true } : null;
    return { answers: true, last_request: lastRequest, jobs_waiting: r.jobs_waiting, failed_mails: r.failed_mails, last_backup: backup, schema_version: r.schema_version };
  } catch (err) {
    return { answers: false, error: `${OPERATOR.databaseSilent}${silentReason(err)}` };
  } finally {
    void client.end().catch(() => {});
  }
}

/**
 * Why a database did not answer, in French, after « Sa base ne répond pas » (never the server's own text,
 * which may quote values).
 */
export function silentReason(err: unknown): string {
  const code = pgErrorOf(err)?.code;
  if (code === '3D000') return " : elle n'existe pas.";
  if (code === '42P01') return " : elle n'est pas migrée.";
  if (code === '28P01' || code === '28000') return ' : accès refusé.';
  if (code) return ` (erreur ${code}).`;
  const system = (err as NodeJS.ErrnoException).code;
  if (system === 'ECONNREFUSED' || system === 'ENOTFOUND' || system === 'EHOSTUNREACH') return ' : son serveur est injoignable.';
  return ` (aucune réponse en ${HEALTH_TIMEOUT_MS / 1000} secondes).`;
}

/** The last request each site answered (any instance: site_activity), by site id. */
async function lastRequests(control: Control): Promise<Map<number, number>> {
  const { rows } = await control.pool.query<{ site_id: number; last_request: number }>('SELECT site_id, last_request FROM site_activity');
  return new Map(rows.map((r) => [r.site_id, Number(r.last_request)]));
}

/** Every site with its health, a few databases at a time; `seen`: this instance's latest requests not written yet. */
export async function sitesWithHealth(control: Control, sites: Site[], seen: Map<number, number>): Promise<OperatorSite[]> {
  const written = await lastRequests(control);
  const out: OperatorSite[] = new Array(sites.length);
  let next = 0;
  const worker = async () => {
    while (next < sites.length) {
      const i = next++;
      const site = sites[i];
      const last = Math.max(written.get(site.id) ?? 0, seen.get(site.id) ?? 0) || null;
      out[i] = { ...siteDoc(site), health: await readHealth(site, last) };
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, sites.length) }, worker));
  return out;
}

export const siteDoc = (s: Site): Omit<OperatorSite, 'health'> => ({
  _id: s.id,
  dashboard_host: s.dashboardHost,
  guest_host: s.guestHost,
  plan: s.plan,
  state: s.state,
  created_at: s.createdAt,
});

/** This instance's latest requests per site (epoch seconds), written to the control database (at most once a minute). */
export async function writeActivity(control: Control, seen: Map<number, number>) {
  if (!seen.size) return;
  const ids = [...seen.keys()];
  const times = ids.map((id) => seen.get(id)!);
  await control.pool.query(
    `INSERT INTO site_activity (site_id, last_request)
       SELECT id, t FROM unnest($1::int[], $2::bigint[]) AS a(id, t) WHERE EXISTS (SELECT 1 FROM sites WHERE sites.id = a.id)
     ON CONFLICT (site_id) DO UPDATE SET last_request = GREATEST(site_activity.last_request, EXCLUDED.last_request)`,
    [ids, times],
  );
}
