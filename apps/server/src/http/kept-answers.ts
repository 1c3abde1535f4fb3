import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import { COMPRESS_MIN_BYTES, encodingOf, holds } from './answer-cache';
import type { Deps } from './deps';
import { HSTS } from './session';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
/** Answers the request and says true, or says false and leaves it to Fastify. */
type KeptAnswerer = (req: IncomingMessage, res: ServerResponse) => boolean;

const answerers = new WeakMap<FastifyInstance, KeptAnswerer>();

/**
 * A public read whose answer is kept (answer-cache.ts), asked again at the very address it was served for,
 * is answered here, from Node's request, before Fastify builds its request and reply and runs its stages:
 * a third of the CPU of such a read (docs/performance.md, 'One page by id: the kept answer by its address').
 * An address is remembered only after the route itself served it, its access checked, and only while
 * anybody may read it (answer-cache.ts, `remember`); every change forgets them all, with the answers.
 * What Fastify adds to such an answer is added here too: the security headers (HSTS over HTTPS), the ETag
 * and its 304, the compressed bytes once made, the request in the metrics. Anything else (another method,
 * bytes not compressed yet, a request through a proxy, whose protocol Fastify works out) goes to Fastify.
 */
export function keptAnswerer(deps: Deps, securityHeaders: readonly [string, string][]): KeptAnswerer {
  const plain = securityHeaders.flat();
  const secure = [...plain, ...HSTS];
  return (req, res) => {
    if (req.method !== 'GET' || req.headers['x-forwarded-proto'] !== undefined) return false;
    const started = performance.now();
    const found = deps.cache.byAddress(req.url ?? '');
    if (!found) return false;
    const { entry, call } = found;
    const headers = [...((req.socket as TLSSocket).encrypted ? secure : plain), 'etag', entry.etag, 'cache-control', 'no-cache', 'vary', 'accept-encoding'];
    let status = 200;
    let body: Buffer | undefined = entry.body;
    if (holds(req.headers['if-none-match'], entry.etag)) {
      status = 304;
      body = undefined;
    } else {
      headers.push('content-type', 'application/json; charset=utf-8');
      const accepted = entry.body.length >= COMPRESS_MIN_BYTES ? encodingOf(req.headers['accept-encoding']) : null;
      if (accepted) {
        body = accepted === 'br' ? entry.made?.br : entry.made?.gzip;
        if (!body) return false;
        headers.push('content-encoding', accepted);
      }
      headers.push('content-length', String(body.length));
    }
    res.writeHead(status, headers);
    res.end(body);
    deps.metrics.requests.observe({ call, method: 'GET', status: String(status) }, (performance.now() - started) / 1000);
    deps.metrics.keptAnswers.inc();
    return true;
  };
}

/** The HTTP server of one site's app (Fastify's `serverFactory`, app.ts): kept answers first, then Fastify. */
export function serverWithKeptAnswers(answerer: () => KeptAnswerer | undefined) {
  return (fastify: Handler): Server => {
    // as Fastify makes its own: a request not received in 10 minutes ends with a 408, connections kept 72 s
    return createServer({ requestTimeout: 600_000, keepAliveTimeout: 72_000 }, (req, res) => {
      if (!answerer()?.(req, res)) fastify(req, res);
    });
  };
}

/** Registers an app's answerer, for servers made outside Fastify (https/serve.ts). */
export function registerKeptAnswers(app: FastifyInstance, answerer: KeptAnswerer) {
  answerers.set(app, answerer);
}

/** What a server made outside Fastify hands each request to: the app's kept answers, then its router. */
export function handlerOf(app: FastifyInstance): Handler {
  return (req, res) => {
    if (!answerers.get(app)?.(req, res)) app.routing(req, res);
  };
}
