import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp, makeDeps } from '../app';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import type { Env } from '../env';
import type { Deps } from '../http/deps';
import type { Site } from './control';
import { siteEnv } from './site-env';

/** The connections of one site's pool: a site's requests are short, and hundreds of sites share a server. */
const SITE_POOL_MAX = 4;

/** One open site: its database pool, its dependencies, its two Fastify apps (never listening themselves). */
export interface SiteRuntime {
  id: number;
  database: Database;
  deps: Deps;
  dashboard: FastifyInstance;
  guest: FastifyInstance;
  lastUsed: number;
  /** requests not answered yet (a live stream stays one until it ends): a busy site is not closed */
  inFlight: number;
  /** its live streams (server-sent events): ended when the site is suspended, moved or removed */
  streams: Set<ServerResponse>;
}

export interface RuntimeOptions {
  env: Env;
  /** the site as the map now has it (its plan, read at each call: Deps.operatorPlan) */
  current: (id: number) => Site | undefined;
  logger?: boolean;
  /** a staff member's upsell request, for the operator (sites/operator/upsells.ts) */
  onUpsell?: (siteId: number, request: { who: string; what: string }) => Promise<void>;
}

/**
 * Opens a site: its pool, its migrations (a release with new ones migrates each site as it opens, under
 * the same advisory lock as a single server's start), its dependencies and apps, its scheduler (env.JOBS).
 */
export async function openSite(site: Site, opts: RuntimeOptions): Promise<SiteRuntime> {
  const env = siteEnv(opts.env, site);
  const database = await openDatabase({ url: site.databaseUrl, max: SITE_POOL_MAX });
  try {
    await migrate(database);
    const deps = makeDeps({
      database,
      env,
      operatorPlan: () => opts.current(site.id)?.plan ?? site.plan,
      upsell: opts.onUpsell && ((request) => opts.onUpsell!(site.id, request)),
    });
    await deps.jobs.followDatabaseClock();
    // every log line of its requests names the site
    const log = { logger: opts.logger, logFields: { site: site.id } };
    const dashboard = await buildApp({ database, env, serves: 'dashboard', ...log }, deps);
    const guest = await buildApp({ database, env, serves: 'guest', ...log }, deps);
    await Promise.all([dashboard.ready(), guest.ready()]);
    if (env.JOBS === 'on') await deps.jobs.start();
    return { id: site.id, database, deps, dashboard, guest, lastUsed: Date.now(), inFlight: 0, streams: new Set() };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

/** Closes a site: its scheduler (running jobs asked to stop), its apps, then its pool. */
export async function closeSite(runtime: SiteRuntime) {
  await Promise.allSettled([runtime.deps.jobs.stop(), runtime.dashboard.close(), runtime.guest.close()]);
  await runtime.database.close();
}
