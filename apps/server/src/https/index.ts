import type { FastifyInstance } from 'fastify';
import type { Env } from '../env';
import type { Deps } from '../http/deps';
import { acmeCertificates, fileCertificates, type CertificateSource } from './certificates';
import { serveHttps, type HttpsServers } from './serve';

/** The names HTTPS serves: DOMAIN, and GUEST_DOMAIN when the guest app has its own. */
export const httpsNames = (env: Pick<Env, 'DOMAIN' | 'GUEST_DOMAIN'>) => [env.DOMAIN!, ...(env.GUEST_DOMAIN ? [env.GUEST_DOMAIN] : [])];

/** TLS_CERT/TLS_KEY when given, otherwise the ACME directory's certificates kept in the database. */
export function certificatesFor(env: Env, deps: Pick<Deps, 'db' | 'now'>): CertificateSource {
  const names = httpsNames(env);
  const warn = (line: string) => console.error(line);
  if (env.TLS_CERT && env.TLS_KEY) return fileCertificates({ certFile: env.TLS_CERT, keyFile: env.TLS_KEY, names, now: deps.now, warn });
  return acmeCertificates({ db: deps.db, acme: { directory: env.ACME_DIRECTORY, email: env.ACME_EMAIL }, names, now: deps.now, say: (line) => console.log(line), warn });
}

/**
 * The server's HTTPS (start.ts, with DOMAIN): the ports opened first, since the ACME server validates the names
 * on HTTP_PORT; then the stored certificate, or one ordered now (a failure is said and tried again later).
 */
export async function startHttps(env: Env & { DOMAIN: string }, deps: Pick<Deps, 'db' | 'now' | 'metrics'>, apps: { dashboard: FastifyInstance; guest: FastifyInstance }): Promise<HttpsServers & { certificates: CertificateSource }> {
  const certificates = certificatesFor(env, deps);
  deps.metrics.provideCertificates(async () => certificates.daysLeft());
  const servers = await serveHttps({ env, db: deps.db, certificates, ...apps });
  await certificates.check().catch((err: Error) => console.error(`Certificat HTTPS : ${err.message}`));
  return { ...servers, certificates };
}
