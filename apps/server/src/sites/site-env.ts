import { join } from 'node:path';
import type { Env } from '../env';
import type { Site } from './control';

/**
 * How often an open site's scheduler looks for due jobs, at least: a job this instance queues is run at once
 * (the scheduler is poked), so the poll only finds jobs that came due by their time or that another process
 * queued; hundreds of open sites polling each second would each hold a connection (docs/multisite.md).
 */
const SITE_JOBS_POLL_MS = 10_000;

/**
 * The environment one site's server parts read: the installation's, with the site's own database, its
 * guest app's address (the links of its mails), a folder of its own under DATA_DIR (the mails written
 * as files when there is no SMTP_URL) and under BACKUP_DIR (its nightly backups and its super's, listed and
 * pruned apart from the other sites', the folder the operator console lists), a slower poll for its jobs.
 * ADMIN_PASSWORD plays no part: each site's super gets its own.
 */
export function siteEnv(env: Env, site: Pick<Site, 'id' | 'databaseUrl' | 'guestHost'>): Env {
  return {
    ...env,
    DATABASE_URL: site.databaseUrl,
    GUEST_URL: `${env.SITES_SCHEME}://${site.guestHost}`,
    DATA_DIR: join(env.DATA_DIR, 'sites', String(site.id)),
    BACKUP_DIR: join(env.BACKUP_DIR, 'sites', String(site.id)),
    ADMIN_PASSWORD: undefined,
    JOBS_POLL_MS: Math.max(env.JOBS_POLL_MS, SITE_JOBS_POLL_MS),
  };
}
