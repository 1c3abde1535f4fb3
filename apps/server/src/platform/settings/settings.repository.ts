import { eq, inArray, sql } from 'drizzle-orm';
import type { AdminConfig, Lang } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { lockScope } from '../../db/locks';
import { configEntries } from '../../db/schema';

/** The general settings as stored (the wire shape adds plan and connexion from the admin settings). */
export interface GlobalSettings {
  establishment: string;
  sendmail: boolean;
  nbdays: number[];
  langs: Lang[];
  lang_default: Lang;
  background: string | null;
  welcome: { lang: Lang; welcome: string }[];
}

export const DEFAULT_GLOBAL: GlobalSettings = {
  establishment: 'Mon établissement',
  sendmail: false,
  nbdays: [],
  langs: ['fr'],
  lang_default: 'fr',
  background: null,
  welcome: [{ lang: 'fr', welcome: 'Bienvenue !' }],
};

export const DEFAULT_ADMIN: AdminConfig = {
  config_pms: {
    name: '',
    period: '',
    separator: ';',
    prefix: '',
    ftp_host: '',
    ftp_user: '',
    ftp_pass: '',
    intern_token: '',
    api_token: '',
    api_url: '',
    last_handling: null,
  },
  features: 'essentiel',
  active_connexion: true,
  application_ouverte: true,
  show_stay_dates: true,
  show_stay_location: true,
  config_emails: { default: '', inventories: '', bcc_inventories: false, services: '', bcc_services: false },
};

export async function getEntry<T>(db: Tx, key: string, fallback: T): Promise<T> {
  const rows = await db.select({ value: configEntries.value }).from(configEntries).where(eq(configEntries.key, key)).limit(1);
  return rows[0] ? ({ ...fallback, ...(rows[0].value as object) } as T) : fallback;
}

export async function getRawEntry<T>(db: Tx, key: string): Promise<T | null> {
  const rows = await db.select({ value: configEntries.value }).from(configEntries).where(eq(configEntries.key, key)).limit(1);
  return rows[0] ? (rows[0].value as T) : null;
}

/**
 * Locks one entry until the end of the transaction, before reading it to write it back: the scope lock
 * covers an entry not written yet, the row lock the atomic updates that do not take the scope
 * (the PMS gateway's last_handling).
 */
export async function lockEntry(tx: Tx, key: string) {
  await lockScope(tx, `config:${key}`);
  await tx.select({ key: configEntries.key }).from(configEntries).where(eq(configEntries.key, key)).for('update');
}

export async function setEntry(db: Tx, key: string, value: unknown) {
  await db
    .insert(configEntries)
    .values({ key, value })
    .onConflictDoUpdate({ target: configEntries.key, set: { value: sql`excluded.value` } });
}

export const getGlobalSettings = (db: Tx) => getEntry(db, 'global', DEFAULT_GLOBAL);
export const getAdminConfig = (db: Tx) => getEntry(db, 'admin', DEFAULT_ADMIN);

/** The general and administrator settings in one statement. */
export async function getSettings(db: Tx): Promise<{ global: GlobalSettings; admin: AdminConfig }> {
  const rows = await db.select().from(configEntries).where(inArray(configEntries.key, ['global', 'admin']));
  const value = (key: string) => rows.find((r) => r.key === key)?.value as object | undefined;
  return { global: { ...DEFAULT_GLOBAL, ...value('global') }, admin: { ...DEFAULT_ADMIN, ...value('admin') } };
}

/** The PMS gateway's last handling, in one statement: a settings form saved meanwhile keeps its other values. */
export async function setPmsLastHandling(db: Tx, time: number) {
  await db.execute(sql`UPDATE ${configEntries} SET value = jsonb_set(value, '{config_pms,last_handling}', to_jsonb(${time}::bigint)) WHERE key = 'admin'`);
}
