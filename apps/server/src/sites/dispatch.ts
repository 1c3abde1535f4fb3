import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml } from '../lib/html';
import { withDeps } from '../http/request-deps';
import type { OpenSites } from './open-sites';
import type { SiteMap } from './registry';
import type { SiteApps } from './runtime';
import { guestLangOfRequest, textsFor, type SiteTexts } from './sites.texts';

export { SITE_TEXTS } from './sites.texts';


/**
 * The host name a request names, as the control database keeps it: without its port, lower-case, without
 * a final dot. An IPv6 address keeps its brackets (no site has one).
 */
export function hostOf(header: string | undefined): string {
  const host = (header ?? '').trim().toLowerCase();
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
  return bare.replace(/\.$/, '');
}

/**
 * The 'request' handler of one port (`dashboard` on PORT, `guest` on GUEST_PORT): finds the site by the
 * host name and hands the request to the port's Fastify app, shared by every site, with the site's Deps
 * (`routing`, the handler Fastify's own server and `inject` call: its hooks, 404s and error handler apply
 * as in single-site mode; http/request-deps.ts).
 */
export function siteHandler(port: 'dashboard' | 'guest', apps: SiteApps, map: SiteMap, sites: OpenSites, log: FastifyBaseLogger) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const site = map.find(port, hostOf(req.headers.host));
    // guests read the installation's own answers in their language, staff in French
    const lang = port === 'guest' ? guestLangOfRequest(req) : 'fr';
    const say = (status: number, code: string, title: keyof SiteTexts, message: keyof SiteTexts) => plain(req, res, status, code, textsFor(lang)[title], textsFor(lang)[message], lang);
    // a load balancer's or a supervisor's probe by address names no site: the process answers (http/health.ts per site)
    if (!site && req.url === '/api/health') return health(res, map.size);
    // a reverse proxy's question before it orders a certificate for a name (Caddy's on-demand TLS `ask`):
    // 200 for a site's name only, so that nobody makes it order certificates for names no site has
    if (!site && req.url?.startsWith('/api/sites/known?')) return known(res, map, new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1)).get('domain'));
    if (!site) return say(404, 'NOT_FOUND', 'unknownTitle', 'unknown');
    if (site.state === 'suspended') return say(503, 'SUSPENDED', 'suspendedTitle', 'suspended');
    sites.get(site).then(
      (runtime) => {
        // gone while the site opened: its 'close' has passed, it would be counted in flight for ever
        if (req.socket.destroyed) return;
        runtime.inFlight++;
        runtime.lastUsed = Date.now();
        const stream = String(req.headers.accept ?? '').includes('text/event-stream');
        if (stream) runtime.streams.add(res);
        res.once('close', () => {
          runtime.streams.delete(res);
          sites.ended(runtime);
        });
        withDeps(runtime.deps, () => apps[port].routing(req, res));
      },
      (err) => {
        log.error({ err, site: site.id }, "ouverture du site impossible : la requête reçoit 503");
        say(503, 'UNAVAILABLE', 'suspendedTitle', 'unavailable');
      },
    );
  };
}

/** An answer made here, not by a site: JSON as the API's errors on /api, else a small French page. */
function plain(req: IncomingMessage, res: ServerResponse, status: number, code: string, title: string, message: string, lang: string) {
  const api = (req.url ?? '').startsWith('/api/');
  const body = api
    ? JSON.stringify({ statusCode: status, code, message })
    : `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
      `<body style="font-family:sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
  res.writeHead(status, {
    'content-type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    ...(status === 503 ? { 'retry-after': '60' } : {}),
    // the body of a request refused here is not read: the connection closes rather than carry it over
    ...(req.complete ? {} : { connection: 'close' }),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function health(res: ServerResponse, sites: number) {
  const body = JSON.stringify({ status: 'ok', sites });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
  res.end(body);
}

function known(res: ServerResponse, map: SiteMap, domain: string | null) {
  const status = domain && map.roleOf(hostOf(domain)) ? 200 : 404;
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(status === 200 ? 'ok' : 'unknown');
}
