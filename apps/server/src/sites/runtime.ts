import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp, makeDeps } from '../app';
import { releaseTranslator } from '../integrations/translation';
import { closeHub } from '../modules/chat/public';
import { closeTopicHubs } from '../platform/live/topic-hub';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import type { Env } from '../env';
import type { Deps } from '../http/deps';
import type { CacheBudget } from '../http/answer-cache';
import type { JobSlots } from '../jobs';
import type { SiteChanges } from './changes';
import type { Site } from './control';
import { siteEnv } from './site-env';

/** The connections of one site's pool: a site's requests are short, and hundreds of sites share a server. */
const SITE_POOL_MAX = 4;
/** A site's connection unused this long closes: hundreds of open sites hold few connections (docs/multisite.md). */
const SITE_IDLE_MS = 2000;

/**
 * One open site: its database pool, its dependencies (answer cache, scheduler, metrics), never an app of its
 * own: every site's requests go through one pair of Fastify apps (`buildSiteApps`), run with these deps.
 */
export interface SiteRuntime {
  id: number;
  database: Database;
  deps: Deps;
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
  /** how the sites' answer caches hear of their writes (changes.ts) */
  changes: SiteChanges;
  /** the bytes all the sites' answer caches of this process may hold together */
  cacheBudget: CacheBudget;
  /** the jobs this process runs at once across its sites, given in turn */
  jobSlots: JobSlots;
}

/** The apps of every site, one per port, built once per process: routes and schemas compiled once. */
export interface SiteApps {
  dashboard: FastifyInstance;
  guest: FastifyInstance;
}

export async function buildSiteApps(env: Env, logger?: boolean): Promise<SiteApps> {
  const [dashboard, guest] = await Promise.all([buildApp({ env, serves: 'dashboard', logger }), buildApp({ env, serves: 'guest', logger })]);
  await Promise.all([dashboard.ready(), guest.ready()]);
  return { dashboard, guest };
}

/**
 * Opens a site: its pool, its migrations (a release with new ones migrates each site as it opens, under
 * the same advisory lock as a single server's start), its dependencies, its scheduler (env.JOBS).
 */
export async function openSite(site: Site, opts: RuntimeOptions): Promise<SiteRuntime> {
  const env = siteEnv(opts.env, site);
  const pool = await openDatabase({ url: site.databaseUrl, max: SITE_POOL_MAX, idleMs: SITE_IDLE_MS, follow: opts.changes.follow(site.id) });
  // its live hubs listen through its pool and the control database (changes.ts), not on a connection each
  const database: Database = { ...pool, listen: async (channel, onNotify, onListening) => opts.changes.listen(site.id, channel, onNotify, onListening) };
  try {
    await migrate(database);
    const deps = makeDeps({
      database,
      env,
      site: site.id,
      operatorPlan: () => opts.current(site.id)?.plan ?? site.plan,
      upsell: opts.onUpsell && ((request) => opts.onUpsell!(site.id, request)),
      cacheBudget: opts.cacheBudget,
      jobSlots: opts.jobSlots,
    });
    await deps.jobs.followDatabaseClock();
    deps.cache.relayThrough({ settle: () => opts.changes.settle(site.id) });
    deps.cache.hears(opts.changes.hearing);
    if (env.JOBS === 'on') await deps.jobs.start();
    return { id: site.id, database, deps, lastUsed: Date.now(), inFlight: 0, streams: new Set() };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

/** Closes a site: its scheduler (running jobs asked to stop), its live hubs, then its pool. */
export async function closeSite(runtime: SiteRuntime) {
  const { deps } = runtime;
  // its answers' bytes go back to the process's budget
  deps.cache.changed();
  await Promise.allSettled([deps.jobs.stop(), closeHub(deps), closeTopicHubs(deps)]);
  await Promise.allSettled([runtime.database.close(), releaseTranslator(deps.env)]);
}
