import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp, makeDeps } from './app';
import { DataDirLockedError, openDatabase } from './db/client';
import type { OpenedDataDir } from './db/embedded/open';
import { pgErrorOf, safeErrorMessage } from './db/errors';
import { migrate, migrationFiles, MigrationError } from './db/migrate';
import { ConfigError, readEnv } from './env';
import { installLastResort } from './http/errors';
import { serveBackups } from './backup/socket';
import { backupNow } from './modules/backups/public';
import { firstStart } from './seed';
import type { HttpsServers } from './https/serve';
import { startSites } from './sites/start';

const PREPARING = process.env.CAMPSITE_PREPARE === '1';

/**
 * A new embedded database is created, migrated and seeded by a child process, this same program run with
 * CAMPSITE_PREPARE=1: PGlite's initdb takes some 600 MB that a process does not give back to the system
 * (a server started on a new directory stayed at 560 MB resident, one restarted at 270 MB); the child's
 * memory goes with it.
 */
function prepareInChild(env: ReturnType<typeof readEnv>) {
  if (PREPARING || env.DATABASE_URL || existsSync(join(resolve(env.DATA_DIR), 'pg'))) return;
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, CAMPSITE_PREPARE: '1' },
  });
  if (child.status !== 0) process.exit(child.status ?? 1);
}

/** `early`: the data directory's database, started by main.ts while this module loaded. */
async function main(early: Promise<OpenedDataDir> | undefined) {
  const env = readEnv();
  // many campsites in one installation (docs/multisite.md): another server, chosen here only
  if (env.SITES === 'on') return startSites(env);
  prepareInChild(env);
  let database;
  try {
    database = env.DATABASE_URL ? await reachPostgres(env.DATABASE_URL) : await openDatabase({ dataDir: env.DATA_DIR, opened: early });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let applied: string[];
  try {
    applied = await migrate(database);
  } catch (err) {
    if (!(err instanceof MigrationError)) throw err;
    // one line, and the database given back (its lock, the embedded directory's) before the exit
    console.error(err.message);
    await database.close().catch(() => {});
    process.exit(1);
  }
  // an upgrade says what it changed (a new database's migrations, every file, are not news)
  if (applied.length && applied.length < migrationFiles().length) console.log(`  Base de données mise à jour : ${applied.length === 1 ? 'migration' : `${applied.length} migrations`} ${applied.join(', ')}.`);
  const deps = makeDeps({ database, env });
  // this machine's clock corrected by the database's, read now and every 10 s (jobs/scheduler.ts)
  await deps.jobs.followDatabaseClock();
  const first = await firstStart(deps);
  if (first.password) {
    console.log(`\n  Compte administrateur créé : identifiant « admin », mot de passe « ${first.password} »`);
    console.log('  (affiché une seule fois ; définissez ADMIN_PASSWORD pour le choisir)\n');
  }
  if (PREPARING) {
    await database.close();
    process.exit(0);
  }
  const dashboard = await buildApp({ database, env, serves: 'dashboard', logger: true }, deps);
  const guest = await buildApp({ database, env, serves: 'guest', logger: true }, deps);
  // no error of one request ends the process (http/errors.ts)
  installLastResort(dashboard.log);
  let https: HttpsServers | undefined;
  try {
    // loaded only with a domain: acme-client and its HTTP client are half a second of every start (docs/performance.md)
    if (env.DOMAIN) https = await (await import('./https')).startHttps({ ...env, DOMAIN: env.DOMAIN }, deps, { dashboard, guest });
    else {
      await dashboard.listen({ port: env.PORT, host: env.HOST });
      await guest.listen({ port: env.GUEST_PORT, host: env.HOST });
    }
  } catch (err) {
    // a failed start gives back what it took: the ports already opened, the database and its lock
    await Promise.allSettled([dashboard.close(), guest.close()]);
    await database.close();
    const code = (err as NodeJS.ErrnoException).code;
    const port = (err as { port?: number }).port;
    const names = env.DOMAIN ? 'HTTPS_PORT et HTTP_PORT' : 'PORT et GUEST_PORT';
    const which = port ?? (env.DOMAIN ? `${env.HTTPS_PORT} ou ${env.HTTP_PORT}` : `${env.PORT} ou ${env.GUEST_PORT}`);
    console.error(
      code === 'EADDRINUSE'
        ? `Le port ${which} est déjà utilisé par un autre programme : arrêtez-le, ou choisissez ${names}.`
        : code === 'EACCES'
          ? `Le port ${which} est réservé à l'administrateur du système : lancez le service avec la capacité CAP_NET_BIND_SERVICE (deploy/campsite.service), ou choisissez ${names} au-dessus de 1024.`
          : `Impossible d'ouvrir les ports ${env.DOMAIN ? `${env.HTTPS_PORT} et ${env.HTTP_PORT}` : `${env.PORT} et ${env.GUEST_PORT}`} : ${(err as Error).message}`,
    );
    process.exit(1);
  }
  console.log(`  Tableau de bord : ${https?.dashboardUrl ?? `http://localhost:${env.PORT}`}`);
  console.log(`  Application client : ${https?.guestUrl ?? `http://localhost:${env.GUEST_PORT}`}`);
  if (env.JOBS === 'on') await deps.jobs.start();
  console.log(`  Base de données : ${database.kind === 'pglite' ? `PGlite dans ${env.DATA_DIR}` : 'PostgreSQL'}`);
  // `npm run backup` cannot open the embedded database while this server holds it: it asks here
  const backups =
    database.kind === 'pglite'
      ? await serveBackups(env.DATA_DIR, (onStep) => backupNow(deps, onStep)).catch((err: Error) => {
          console.error(`« npm run backup » ne pourra pas joindre ce serveur (${err.message}) : arrêtez le serveur pour sauvegarder avec « npm run backup », ou attendez la sauvegarde de la nuit.`);
          return undefined;
        })
      : undefined;

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    backups?.close();
    await https?.close();
    await Promise.allSettled([dashboard.close(), guest.close(), deps.jobs.stop()]);
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Network failures and a server not ready yet: the database may come up later, the server waits for it. */
const NOT_YET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', '57P03', '57P01']);

/**
 * Opens PostgreSQL and waits until it answers: a server started while its database is down (a reboot
 * that started it first, a restart of the database) says so in French and tries again on a back-off
 * (0.5 s doubling, at most 5 s), then comes up when the database does. Other refusals (a wrong password,
 * no such database) are said once and end the start.
 */
async function reachPostgres(url: string) {
  const where = (() => {
    try {
      const u = new URL(url);
      return `${u.hostname}:${u.port || 5432}${u.pathname}`;
    } catch {
      return 'DATABASE_URL';
    }
  })();
  for (let attempt = 0; ; attempt++) {
    const database = await openDatabase({ url });
    try {
      await database.exec('SELECT 1');
      if (attempt > 0) console.log(`  La base de données (DATABASE_URL, ${where}) répond : démarrage.`);
      return database;
    } catch (err) {
      await database.close().catch(() => {});
      const code = String(pgErrorOf(err)?.code ?? (err as { code?: unknown }).code ?? '');
      const message = safeErrorMessage(err);
      const waiting = NOT_YET.has(code) || /Connection terminated|timeout/i.test(message);
      if (!waiting) {
        console.error(`La base de données de DATABASE_URL (${where}) refuse la connexion : ${message}. Vérifiez DATABASE_URL.`);
        process.exit(1);
      }
      const seconds = Math.min(5, 0.5 * 2 ** attempt);
      console.error(`La base de données de DATABASE_URL (${where}) ne répond pas (${message}) : nouvel essai dans ${String(seconds).replace('.', ',')} s.`);
      await new Promise((r) => setTimeout(r, seconds * 1000));
    }
  }
}

/** The server's start after main.ts (which started the embedded database on an existing directory). */
export function start(early?: Promise<OpenedDataDir>) {
  main(early).catch((err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
}
