import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../http/deps';
import { HttpError } from '../../http/errors';

const REFUSED = "Les métriques ne se lisent que depuis les adresses de METRICS_ALLOW (par défaut, cette machine).";

/**
 * The label of a request: the route it matched as declared (`/api/dashboard/clients/find` gives
 * `dashboard/clients/find`, a parameter stays `:name`), never the address asked, so that the number of series
 * stays that of the calls. The built apps' files and pages are `app`; a request no route matched, `unmatched`.
 */
export function callOf(req: FastifyRequest): string {
  const url = req.routeOptions.url;
  if (!url) return 'unmatched';
  if (url.startsWith('/api/')) return url.slice(5);
  return url === '/metrics' ? 'metrics' : 'app';
}

/**
 * Counts every request's duration, and serves /metrics (Prometheus' text) to the addresses of METRICS_ALLOW
 * only. The address is the request's as `TRUST_PROXY` says: behind a reverse proxy that is trusted, the
 * visitor's, not the proxy's (an untrusted proxy on this machine would make every visitor look local).
 */
export function registerMetrics(app: FastifyInstance, deps: Deps) {
  // read per request: in multi-site mode each site has its own (http/request-deps.ts)
  app.addHook('onResponse', (req, reply, done) => {
    deps.metrics.requests.observe({ call: callOf(req), method: req.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!deps.env.METRICS_ALLOW.allows(req.ip)) throw new HttpError(403, REFUSED);
    reply.header('content-type', deps.metrics.registry.contentType);
    return deps.metrics.text();
  });
}
