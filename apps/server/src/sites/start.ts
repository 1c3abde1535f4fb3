import pino from 'pino';
import type { Env } from '../env';
import { installLastResort } from '../http/errors';
import { serveSites } from './serve';

/** `SITES=on` (start.ts): the multi-site server, its console lines, its stop on SIGINT/SIGTERM. */
export async function startSites(env: Env) {
  let server;
  try {
    server = await serveSites(env, { logger: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Le port ${env.PORT} ou ${env.GUEST_PORT} est déjà utilisé par un autre programme : arrêtez-le, ou choisissez PORT et GUEST_PORT.`
        : `Impossible de démarrer le mode multi-sites (base de contrôle CONTROL_DATABASE_URL) : ${(err as Error).message}`,
    );
    process.exit(1);
  }
  // no error of one request ends the process (http/errors.ts)
  installLastResort(pino({ level: env.LOG_LEVEL }));
  console.log(`  Mode multi-sites : ${server.map.size} site${server.map.size > 1 ? 's' : ''} dans la base de contrôle (« npm run site -- list »)`);
  console.log(`  Tableaux de bord sur le port ${server.ports.dashboard}, applications client sur le port ${server.ports.guest}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
