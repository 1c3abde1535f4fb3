import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers (CSP, frame, referrer, MIME sniffing…), worked out once and set on every answer.
 * @fastify/helmet builds helmet anew on every request, its CSP parsed and checked each time: a tenth of
 * the CPU of a cached read (docs/performance.md, 'One page by id: the security headers worked out once'). Our options are the same
 * for every request, so the headers are too.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): readonly [string, string][] {
  const headers: [string, string][] = [];
  const collect = {
    setHeader: (name: string, value: string) => void headers.push([name, String(value)]),
    removeHeader: (name: string) => void headers.splice(0, headers.length, ...headers.filter(([n]) => n.toLowerCase() !== name.toLowerCase())),
  };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, () => {});
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  return headers;
}
