import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';
import { JobSlots } from '../jobs';
import { buildOperatorApp } from './operator/app';
import { writeActivity } from './operator/health';
import { recordUpsell } from './operator/upsells';
import { SiteChanges } from './changes';
import { migrateControl, openControl, type Control } from './control';
import { hostOf, siteHandler } from './dispatch';
import { OpenSites } from './open-sites';
import { SiteMap } from './registry';
import { buildSiteApps, type SiteApps } from './runtime';

/** How often each instance writes its sites' last requests to the control database (the console's health). */
const ACTIVITY_MS = 60_000;
/** The bytes of answers all the sites' caches of one process keep together (each evicts its oldest past it). */
const SITES_CACHE_BYTES = 256 * 1024 * 1024;

export interface SitesServer {
  control: Control;
  map: SiteMap;
  sites: OpenSites;
  /** the ports listened on (the given ones, or those the system chose for 0) */
  ports: { dashboard: number; guest: number };
  close(): Promise<void>;
}

/**
 * The multi-site server: the control database migrated and its sites followed, one plain Node server per
 * port whose requests go to the site their host name names (dispatch.ts). Nothing else listens: each
 * site's Fastify apps are handed requests, never bound to a port. With OPERATOR_HOST, requests naming it
 * on PORT go to the operator console's own app (operator/app.ts). `databasePrefix`: the name of a database
 * the console creates, before the site's id (tests give their own, to drop them after).
 */
export async function serveSites(env: Env, opts: { logger?: boolean; databasePrefix?: string } = {}): Promise<SitesServer> {
  const log = (opts.logger ? pino({ level: env.LOG_LEVEL }) : pino({ level: 'silent' })) as FastifyBaseLogger;
  const control = openControl(env.CONTROL_DATABASE_URL!);
  await migrateControl(control);
  // the sites' answer caches hear of their writes through the control database (changes.ts)
  const changes = await SiteChanges.start(
    env.CONTROL_DATABASE_URL!,
    (id) => sites.cacheOf(id),
    () => sites.caches(),
  );
  const sites: OpenSites = new OpenSites({
    env,
    control,
    changes,
    cacheBudget: { used: 0, max: SITES_CACHE_BYTES },
    jobSlots: new JobSlots(env.SITES_JOBS_MAX),
    idleSeconds: env.SITES_IDLE_SECONDS,
    maxOpen: env.SITES_MAX_OPEN,
    log,
    logger: opts.logger,
    current: (id) => map.byId(id),
    // a campsite's 'Oui, ça m'intéresse !' reaches the operator's console
    onUpsell: (site, request) => recordUpsell(control, { site, ...request }),
  });
  const map: SiteMap = new SiteMap(control, (before, after) => sites.follow(before, after));
  const servers: Server[] = [];
  let operator: Awaited<ReturnType<typeof buildOperatorApp>> | undefined;
  let apps: SiteApps | undefined;
  const activity = setInterval(() => void writeActivity(control, sites.lastRequests()).catch(() => {}), ACTIVITY_MS);
  activity.unref();
  try {
    await map.follow();
    // the sites whose jobs fell due while no instance had them open (a restart) open now, not at the first sweep
    void sites.sweep();
    // the operator console (OPERATOR_HOST): its own server, on the dashboards' port, never a site's
    if (env.OPERATOR_HOST) operator = await buildOperatorApp({ control, env, map, sites, logger: opts.logger, databasePrefix: opts.databasePrefix });
    apps = await buildSiteApps(env, opts.logger);
    for (const port of ['dashboard', 'guest'] as const) {
      const toSite = siteHandler(port, apps, map, sites, log);
      const operatorApp = port === 'dashboard' ? operator : undefined;
      const handler: typeof toSite = operatorApp
        ? (req, res) => (hostOf(req.headers.host) === env.OPERATOR_HOST ? operatorApp.routing(req, res) : toSite(req, res))
        : toSite;
      // as a single server's Fastify does: a request not received in 10 minutes ends with a 408
      const server = createServer({ requestTimeout: 600_000 }, handler);
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port === 'dashboard' ? env.PORT : env.GUEST_PORT, env.HOST, () => resolve());
      });
    }
  } catch (err) {
    clearInterval(activity);
    await Promise.allSettled(servers.map((s) => new Promise((r) => s.close(r))));
    await operator?.close();
    await Promise.allSettled([apps?.dashboard.close(), apps?.guest.close()]);
    await map.close();
    await changes.close();
    await control.close();
    throw err;
  }
  return {
    control,
    map,
    sites,
    ports: { dashboard: (servers[0].address() as AddressInfo).port, guest: (servers[1].address() as AddressInfo).port },
    async close() {
      for (const s of servers) s.closeAllConnections();
      await Promise.allSettled(servers.map((s) => new Promise((r) => s.close(r))));
      clearInterval(activity);
      await writeActivity(control, sites.lastRequests()).catch(() => {});
      await operator?.close();
      await sites.closeAll();
      await Promise.allSettled([apps!.dashboard.close(), apps!.guest.close()]);
      await map.close();
      await changes.close();
      await control.close();
    },
  };
}
