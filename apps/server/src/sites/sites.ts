import pg from 'pg';
import { WELCOME } from '@campsite/shared';
import { makeDeps } from '../app';
import { openDatabase } from '../db/client';
import { safeErrorMessage } from '../db/errors';
import { migrate } from '../db/migrate';
import type { Env } from '../env';
import type { Plan } from '../http/deps';
import { prepareWelcome, type WelcomeOutcome } from '../modules/welcome/public';
import { firstStart } from '../seed';
import { COLUMNS, toSite, type Control, type Site, type SiteRow } from './control';
import { siteEnv } from './site-env';

/** A refusal of `npm run site` (or of the console, later): its message is the one French line shown. */
export class SiteError extends Error {}

/** A host name as requests carry it: lower-case letters, digits and hyphens, labels joined by dots. */
const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export function hostName(value: string, what: string): string {
  const host = value.trim().toLowerCase().replace(/\.$/, '');
  if (!HOST.test(host)) throw new SiteError(`${what} « ${value} » n'est pas un nom d'hôte valide (lettres, chiffres, tirets et points, sans port ni « http:// »).`);
  return host;
}

export interface NewSite {
  dashboardHost: string;
  guestHost: string;
  /** its database; none: `<prefix><id>` created on the control database's server */
  databaseUrl?: string;
  demo?: boolean;
  plan?: Plan;
  /** the name of a created database before the site's id (tests give their own, to stay apart) */
  databasePrefix?: string;
  /** the manager's address: the super account's e-mail, sent a link to choose its password once the site exists */
  managerEmail?: string;
}

/** A new site and the password of its super account 'admin', to be shown once. */
export interface AddedSite {
  site: Site;
  login: string;
  password: string;
  /** with `managerEmail`: whether the first e-mail to the manager left, in French */
  mail?: WelcomeOutcome;
}

const LOGIN = 'admin';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Adds a site: its database (created when none is given), migrated, seeded with its super account (and
 * the demo with `demo`), then its row in the control database, the last step, so that no instance serves
 * a site half made. A failure after the database was created drops it again.
 */
export async function addSite(control: Control, env: Env, input: NewSite): Promise<AddedSite> {
  const dashboardHost = hostName(input.dashboardHost, "L'adresse du tableau de bord");
  const guestHost = hostName(input.guestHost, "L'adresse de l'application client");
  if (dashboardHost === guestHost) throw new SiteError("Le tableau de bord et l'application client ont besoin de deux noms d'hôte différents.");
  const managerEmail = input.managerEmail?.trim();
  if (managerEmail !== undefined && (!EMAIL.test(managerEmail) || managerEmail.length > 100)) throw new SiteError(WELCOME.managerEmailInvalid(managerEmail));
  await refuseTakenHosts(control, [dashboardHost, guestHost]);
  const { rows } = await control.pool.query<{ id: number }>("SELECT nextval('sites_id_seq')::int AS id");
  const id = rows[0].id;
  let databaseUrl = input.databaseUrl;
  let created: string | undefined;
  if (!databaseUrl) {
    created = `${input.databasePrefix ?? 'campsite_'}${id}`;
    databaseUrl = await createDatabase(control.url, created);
  }
  try {
    const manager = managerEmail ? { email: managerEmail, dashboardUrl: `${env.SITES_SCHEME}://${dashboardHost}` } : undefined;
    const prepared = await prepareDatabase(env, { id, databaseUrl, guestHost }, input.demo === true, manager);
    const inserted = await control.pool.query<SiteRow>(
      // next_job_at now: an instance opens it at once to queue its recurring jobs and run what the demo queued
      `INSERT INTO sites (id, dashboard_host, guest_host, database_url, plan, state, created_at, next_job_at) VALUES ($1, $2, $3, $4, $5, 'active', $6, $6) RETURNING ${COLUMNS}`,
      [id, dashboardHost, guestHost, databaseUrl, input.plan ?? 'essentiel', Math.floor(Date.now() / 1000)],
    );
    const site = toSite(inserted.rows[0]);
    // the site exists now (a failure above dropped it): its manager may be told
    const mail = prepared.welcome ? await prepared.welcome() : undefined;
    return { site, login: LOGIN, password: prepared.password, ...(mail ? { mail } : {}) };
  } catch (err) {
    if (created) await dropDatabase(control.url, created).catch(() => {});
    // two adds of one host name at once: the unique index refuses the second
    if ((err as { code?: string }).code === '23505') throw new SiteError('Un autre site utilise déjà ce nom d\'hôte.');
    throw err;
  }
}

async function refuseTakenHosts(control: Control, hosts: string[]) {
  const { rows } = await control.pool.query<{ host: string }>(
    'SELECT h AS host FROM unnest($1::text[]) h WHERE EXISTS (SELECT 1 FROM sites WHERE h IN (dashboard_host, guest_host))',
    [hosts],
  );
  if (rows[0]) throw new SiteError(`Le nom d'hôte « ${rows[0].host} » est déjà celui d'un autre site.`);
}

/**
 * Migrates the site's database and makes its super account; answers that account's password and, with a
 * manager, the send of their first e-mail (its link already in the database).
 */
async function prepareDatabase(
  env: Env,
  site: Pick<Site, 'id' | 'databaseUrl' | 'guestHost'>,
  demo: boolean,
  manager?: { email: string; dashboardUrl: string },
): Promise<{ password: string; welcome?: () => Promise<WelcomeOutcome> }> {
  const database = await openDatabase({ url: site.databaseUrl, max: 2 });
  try {
    await database.exec('SELECT 1').catch((err) => {
      throw new SiteError(`La base de données du site ne répond pas : ${safeErrorMessage(err)}.`);
    });
    await migrate(database);
    const deps = makeDeps({ database, env: { ...siteEnv(env, site), SEED: demo ? 'demo' : 'none' } });
    const first = await firstStart(deps);
    if (!first.password) throw new SiteError("La base de données donnée a déjà des comptes : elle est celle d'un autre site ? Donnez une base vide.");
    if (!manager) return { password: first.password };
    const send = await prepareWelcome(deps, { ...manager, login: LOGIN });
    const welcome = async () => {
      try {
        return await send();
      } finally {
        deps.mailer.close?.();
      }
    };
    return { password: first.password, welcome };
  } finally {
    await database.close();
  }
}

const onDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Creates the database `name` on the server of `serverUrl`; answers its address. */
async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } catch (err) {
    if ((err as { code?: string }).code === '42P04') throw new SiteError(`La base de données « ${name} » existe déjà : donnez l'adresse d'une base vide.`);
    throw err;
  } finally {
    await admin.end();
  }
  return onDatabase(serverUrl, name);
}

export async function dropDatabase(serverUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
