import type { Env } from '../env';

const portPart = (port: number) => (port === 443 ? '' : `:${port}`);

/** The guest app's address, for the links the server hands out (mails, deposits, reviews, chat). */
export const guestBase = (deps: { env: Pick<Env, 'GUEST_URL' | 'GUEST_PORT' | 'DOMAIN' | 'GUEST_DOMAIN' | 'HTTPS_PORT'> }) => {
  const { env } = deps;
  if (env.GUEST_URL) return env.GUEST_URL;
  // served over HTTPS by the server itself (https/serve.ts)
  if (env.GUEST_DOMAIN) return `https://${env.GUEST_DOMAIN}${portPart(env.HTTPS_PORT)}`;
  if (env.DOMAIN) return `https://${env.DOMAIN}:${env.GUEST_PORT}`;
  return `http://localhost:${env.GUEST_PORT}`;
};

/** The dashboard's address (Swikly's callback): on DOMAIN over HTTPS when the server serves it itself. */
export const dashboardBase = (env: Pick<Env, 'PORT' | 'DOMAIN' | 'HTTPS_PORT'>) => (env.DOMAIN ? `https://${env.DOMAIN}${portPart(env.HTTPS_PORT)}` : `http://localhost:${env.PORT}`);
