import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';
import { migrateControl, openControl, type Control } from './control';
import { siteHandler } from './dispatch';
import { OpenSites } from './open-sites';
import { SiteMap } from './registry';

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
 * site's Fastify apps are handed requests, never bound to a port.
 */
export async function serveSites(env: Env, opts: { logger?: boolean } = {}): Promise<SitesServer> {
  const log = (opts.logger ? pino({ level: env.LOG_LEVEL }) : pino({ level: 'silent' })) as FastifyBaseLogger;
  const control = openControl(env.CONTROL_DATABASE_URL!);
  await migrateControl(control);
  const sites = new OpenSites({ env, control, idleSeconds: env.SITES_IDLE_SECONDS, maxOpen: env.SITES_MAX_OPEN, log, logger: opts.logger, current: (id) => map.byId(id) });
  const map: SiteMap = new SiteMap(control, (before, after) => sites.follow(before, after));
  const servers: Server[] = [];
  try {
    await map.follow();
    // the sites whose jobs fell due while no instance had them open (a restart) open now, not at the first sweep
    void sites.sweep();
    for (const port of ['dashboard', 'guest'] as const) {
      // as a single server's Fastify does: a request not received in 10 minutes ends with a 408
      const server = createServer({ requestTimeout: 600_000 }, siteHandler(port, map, sites, log));
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port === 'dashboard' ? env.PORT : env.GUEST_PORT, env.HOST, () => resolve());
      });
    }
  } catch (err) {
    await Promise.allSettled(servers.map((s) => new Promise((r) => s.close(r))));
    await map.close();
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
      await sites.closeAll();
      await map.close();
      await control.close();
    },
  };
}
