import { createServer as createHttp, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { CertificateSource } from './certificates';
import { readChallenge } from './tls.repository';
import { handlerOf } from '../http/kept-answers';

/** The host a request names, without its port, lower-case ('' when it names none). */
export function hostOf(req: IncomingMessage): string {
  const host = (req.headers.host ?? '').toLowerCase();
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
}

const portPart = (port: number) => (port === 443 ? '' : `:${port}`);

export interface HttpsServers {
  /** the addresses staff and guests use, for the console */
  dashboardUrl: string;
  guestUrl: string;
  close(): Promise<void>;
}

type Names = Pick<Env, 'HTTPS_PORT' | 'HTTP_PORT' | 'GUEST_PORT' | 'HOST'> & { DOMAIN: string; GUEST_DOMAIN?: string };

/**
 * HTTPS on its own (issue 34): HTTPS_PORT serves the dashboard on DOMAIN and the guest app on GUEST_DOMAIN,
 * told apart by the Host each request names (the certificate covers both: one context for every SNI name);
 * without GUEST_DOMAIN, the guest app is served over HTTPS on GUEST_PORT. HTTP_PORT answers the ACME
 * challenges (from the database: any instance may be asked) and sends everything else to HTTPS.
 * The Fastify apps are not listening themselves: each request goes to their router (`routing`).
 */
export async function serveHttps(opts: { env: Names; db: Db; certificates: CertificateSource; dashboard: FastifyInstance; guest: FastifyInstance }): Promise<HttpsServers> {
  const { env, db, certificates, dashboard, guest } = opts;
  await Promise.all([dashboard.ready(), guest.ready()]);
  const secure = (handler: (req: IncomingMessage, res: ServerResponse) => void) => {
    const server = createHttps(
      {
        SNICallback: (_name, done) => {
          const served = certificates.current();
          if (served) done(null, served.context);
          else done(new Error('no certificate yet'));
        },
        // as Fastify's own servers (app.ts): a body not received in 10 minutes ends with a 408
        requestTimeout: 600_000,
        keepAliveTimeout: 72_000,
      },
      handler,
    );
    // clients that name no server (an address typed by hand) get the same certificate
    const served = certificates.current();
    if (served) server.setSecureContext({ cert: served.cert, key: served.key });
    certificates.onChange((s) => server.setSecureContext({ cert: s.cert, key: s.key }));
    return server;
  };

  const servers: Server[] = [];
  const [toDashboard, toGuest] = [handlerOf(dashboard), handlerOf(guest)];
  const main = secure((req, res) => (env.GUEST_DOMAIN && hostOf(req) === env.GUEST_DOMAIN ? toGuest : toDashboard)(req, res));
  servers.push(main);
  if (!env.GUEST_DOMAIN) servers.push(secure(toGuest));
  servers.push(createHttp((req, res) => void plain(req, res)));

  async function plain(req: IncomingMessage, res: ServerResponse) {
    const url = req.url ?? '/';
    const challenge = /^\/\.well-known\/acme-challenge\/([A-Za-z0-9_-]{1,200})$/.exec(url);
    if (challenge) {
      const answer = await readChallenge(db, challenge[1]).catch(() => null);
      res.writeHead(answer ? 200 : 404, { 'content-type': 'text/plain' }).end(answer ?? 'Not found');
      return;
    }
    const host = env.GUEST_DOMAIN && hostOf(req) === env.GUEST_DOMAIN ? env.GUEST_DOMAIN : env.DOMAIN;
    // the path as the URL parser writes it (percent-encoded): nothing asked ends up raw in the header
    const target = new URL(url.startsWith('/') ? url : '/', `https://${host}${portPart(env.HTTPS_PORT)}`);
    res.writeHead(301, { location: target.href, 'content-type': 'text/plain' }).end(`HTTPS : ${target.href}`);
  }

  const ports = [env.HTTPS_PORT, ...(env.GUEST_DOMAIN ? [] : [env.GUEST_PORT]), env.HTTP_PORT];
  try {
    await Promise.all(servers.map((s, i) => new Promise<void>((resolve, reject) => s.once('error', reject).listen(ports[i], env.HOST, () => resolve()))));
  } catch (err) {
    servers.forEach((s) => s.close());
    throw Object.assign(err as Error, { port: (err as { port?: number }).port });
  }

  return {
    dashboardUrl: `https://${env.DOMAIN}${portPart(env.HTTPS_PORT)}`,
    guestUrl: env.GUEST_DOMAIN ? `https://${env.GUEST_DOMAIN}${portPart(env.HTTPS_PORT)}` : `https://${env.DOMAIN}:${env.GUEST_PORT}`,
    close: async () => {
      certificates.stop();
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeIdleConnections();
            }),
        ),
      );
    },
  };
}
