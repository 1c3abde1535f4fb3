import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { SITE_CARE, type SiteTask } from '@campsite/shared';
import { sizeText } from '../../backup/disk';
import { takeBackup } from '../../backup/dump';
import { listBackups, timeOfName, type BackupFile } from '../../backup/files';
import { BACKUP_BUSY, lockBackups } from '../../backup/lock';
import { restoreBackup } from '../../backup/restore';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import type { Env } from '../../env';
import { COLUMNS, toSite, type Control, type Site, type SiteRow, type SiteState } from '../control';
import { SiteError } from '../sites';
import { silentReason } from './health';

/**
 * A site's backup, restore or move (docs/multisite.md, "Operator console"), whether the console or
 * `npm run site` asks: one at a time per site across instances (a lease row of `site_tasks`, and the
 * backups' advisory lock on the site's own database, which its nightly backup takes too), its progress
 * written to the control database so that every instance's console shows it.
 */

type Kind = SiteTask['kind'];

/** A task's lease: renewed every RENEW_MS while it runs; one whose instance died runs out after LEASE_S. */
const LEASE_S = 60;
const RENEW_MS = 10_000;

const now = () => Math.floor(Date.now() / 1000);

/** The folder of a site's backups: BACKUP_DIR/sites/<id> (the same name and format as a single site's). */
export const siteBackupDir = (env: Pick<Env, 'BACKUP_DIR'>, id: number) => join(env.BACKUP_DIR, 'sites', String(id));

export function siteBackups(env: Pick<Env, 'BACKUP_DIR'>, id: number): BackupFile[] {
  return listBackups(siteBackupDir(env, id));
}

/** One of the site's backups by its name, or a refusal: never a path outside its folder. */
export function siteBackup(env: Pick<Env, 'BACKUP_DIR'>, id: number, name: string): BackupFile {
  const file = timeOfName(name) === null ? undefined : siteBackups(env, id).find((b) => b.name === name);
  if (!file) throw new SiteError(SITE_CARE.fileUnknown(name));
  return file;
}

/** A database address as shown: its password left out. */
export function withoutPassword(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

type TaskRow = { site_id: number; kind: Kind; state: SiteTask['state']; step: string; file: string | null; started_at: string; ended_at: string | null; lease_until: string };

const toTask = (r: TaskRow): SiteTask => {
  // its instance stopped without ending it: said so, and another may start
  const lost = r.state === 'running' && Number(r.lease_until) < now();
  return {
    site: r.site_id,
    kind: r.kind,
    state: lost ? 'failed' : r.state,
    step: lost ? SITE_CARE.interrupted : r.step,
    file: r.file,
    started_at: Number(r.started_at),
    ended_at: r.ended_at === null ? null : Number(r.ended_at),
  };
};

export async function siteTask(control: Control, id: number): Promise<SiteTask | null> {
  const { rows } = await control.pool.query<TaskRow>('SELECT * FROM site_tasks WHERE site_id = $1', [id]);
  return rows[0] ? toTask(rows[0]) : null;
}

/** Takes the site's lease for a task, atomically; null when another runs (its lease not run out). */
async function claim(control: Control, id: number, kind: Kind): Promise<SiteTask | null> {
  const at = now();
  const { rows } = await control.pool.query<TaskRow>(
    `INSERT INTO site_tasks (site_id, kind, state, step, file, started_at, ended_at, lease_until) VALUES ($1, $2, 'running', $3, NULL, $4, NULL, $5)
     ON CONFLICT (site_id) DO UPDATE SET kind = $2, state = 'running', step = $3, file = NULL, started_at = $4, ended_at = NULL, lease_until = $5
       WHERE site_tasks.state <> 'running' OR site_tasks.lease_until < $4
     RETURNING *`,
    [id, kind, SITE_CARE.started[kind], at, at + LEASE_S],
  );
  return rows[0] ? toTask(rows[0]) : null;
}

export interface TaskParts {
  control: Control;
  env: Env;
  /** this instance's map of sites, reloaded after a change of a site's row (the others hear the notification) */
  reload?: () => Promise<void>;
  /** each step's sentence (the command prints them) */
  say?: (sentence: string) => void;
}

export type TaskRequest = { kind: 'backup' } | { kind: 'restore'; file: string } | { kind: 'move'; databaseUrl: string };

/**
 * Starts a task on a site: what can be refused at once (a task running, a file unknown, a new database not
 * empty) is refused before anything changes; `done` is the work itself, in the background for the console.
 */
export async function startTask(parts: TaskParts, site: Site, request: TaskRequest): Promise<{ task: SiteTask; done: Promise<SiteTask> }> {
  const { control, env } = parts;
  if (request.kind === 'restore') siteBackup(env, site.id, request.file);
  if (request.kind === 'move') await checkNewDatabase(site, request.databaseUrl);
  const task = await claim(control, site.id, request.kind);
  if (!task) throw new SiteError(SITE_CARE.busy);
  let file: string | null = null;
  const write = (sql: string, values: unknown[]) => control.pool.query(sql, [site.id, ...values]).then(() => undefined);
  let writing = Promise.resolve();
  const say = (sentence: string) => {
    parts.say?.(sentence);
    writing = writing.then(() => write('UPDATE site_tasks SET step = $2, file = $3 WHERE site_id = $1', [sentence, file])).catch(() => {});
  };
  const renew = setInterval(() => void write('UPDATE site_tasks SET lease_until = $2 WHERE site_id = $1', [now() + LEASE_S]).catch(() => {}), RENEW_MS);
  renew.unref();
  const work = async () => {
    if (request.kind === 'backup') {
      const made = await backupSite(site, env, say);
      file = made.name;
      return SITE_CARE.backupWritten(made.name, sizeText(made.bytes));
    }
    if (request.kind === 'restore') {
      file = request.file;
      return restoreSite(parts, site, siteBackup(env, site.id, request.file), say);
    }
    return moveSite(parts, site, request.databaseUrl, (name) => (file = name), say);
  };
  const done = work().then(
    (last) => ({ state: 'done' as const, step: last }),
    (err: Error) => ({ state: 'failed' as const, step: failure(err) }),
  ).then(async (end) => {
    clearInterval(renew);
    await writing;
    const { rows } = await control.pool.query<TaskRow>(
      'UPDATE site_tasks SET state = $2, step = $3, file = $4, ended_at = $5 WHERE site_id = $1 RETURNING *',
      [site.id, end.state, end.step, file, now()],
    );
    if (end.state === 'done') parts.say?.(end.step);
    // (no row: the site was removed meanwhile, its tasks with it)
    return rows[0] ? toTask(rows[0]) : { ...task, ...end, file, ended_at: now() };
  });
  return { task, done };
}

/**
 * A failure's French sentence: the backups' and restores' own are French already; a connection lost or
 * refused by PostgreSQL (whose own text is English and may quote values) is said as the console's health says it.
 */
function failure(err: Error): string {
  // the error itself, not its causes: a French sentence wrapping PostgreSQL's refusal is kept
  const { code, severity } = err as { code?: unknown; severity?: unknown };
  const raw = typeof code === 'string' && (typeof severity === 'string' || /^E[A-Z]+$/.test(code));
  return raw && !(err instanceof SiteError) ? `La base de données ne répond pas${silentReason(err)}` : err.message;
}

/** Records the outcome in the site's own database (`backups.last`), as its nightly backup does: its health shows it. */
async function recordLastBackup(url: string, value: { at: number; ok: boolean; name?: string; bytes?: number; error?: string }) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query(`INSERT INTO config (key, value) VALUES ('backups.last', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [JSON.stringify(value)]);
  } finally {
    await client.end().catch(() => {});
  }
}

/** pg_dump of the site's database into its folder, under the backups' lock of that database. */
async function backupSite(site: Site, env: Env, say: (s: string) => void): Promise<BackupFile> {
  const release = await lockBackups({ kind: 'postgres', url: site.databaseUrl });
  if (!release) throw new SiteError(BACKUP_BUSY);
  try {
    return await backupLocked(site, env, say);
  } finally {
    await release();
  }
}

async function backupLocked(site: Site, env: Env, say: (s: string) => void): Promise<BackupFile> {
  try {
    const file = await takeBackup({ kind: 'postgres', url: site.databaseUrl }, { dir: siteBackupDir(env, site.id), now, onStep: say });
    await recordLastBackup(site.databaseUrl, { at: now(), ok: true, name: file.name, bytes: file.bytes }).catch(() => {});
    return file;
  } catch (err) {
    await recordLastBackup(site.databaseUrl, { at: now(), ok: false, error: (err as Error).message }).catch(() => {});
    throw err;
  }
}

async function setSite(parts: TaskParts, id: number, change: { state: SiteState } | { databaseUrl: string }): Promise<Site> {
  const [column, value] = 'state' in change ? ['state', change.state] : ['database_url', change.databaseUrl];
  const { rows } = await parts.control.pool.query<SiteRow>(`UPDATE sites SET ${column} = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [id, value]);
  await parts.reload?.();
  return toSite(rows[0]);
}

/**
 * Suspends the site (every instance answers 503 within seconds: the row's notification), runs `work`
 * under the backups' lock of its database, then gives it back its state before (a site the operator had
 * suspended stays so), whether the work succeeded or not.
 */
async function whileSuspended<T>(parts: TaskParts, site: Site, say: (s: string) => void, work: () => Promise<T>): Promise<T> {
  const release = await lockBackups({ kind: 'postgres', url: site.databaseUrl });
  if (!release) throw new SiteError(BACKUP_BUSY);
  try {
    await setSite(parts, site.id, { state: 'suspended' });
    say(SITE_CARE.suspendedFor);
    try {
      return await work();
    } finally {
      if (site.state === 'active') {
        await setSite(parts, site.id, { state: 'active' });
        say(SITE_CARE.resumedAfter);
      } else say(SITE_CARE.keptSuspended);
    }
  } finally {
    await release();
  }
}

/** Brings a restored database to this version (a backup of an older one), on a connection of its own. */
async function migrateUrl(url: string): Promise<string[]> {
  const database = await openDatabase({ url, max: 1 });
  try {
    return await migrate(database);
  } finally {
    await database.close();
  }
}

/** The site's database replaced by one of its backups, in one transaction (a failure leaves it as it was). */
async function restoreSite(parts: TaskParts, site: Site, file: BackupFile, say: (s: string) => void): Promise<string> {
  // a damaged file is found before the site is suspended (the restore itself runs in one transaction)
  say(SITE_CARE.checkingFile);
  try {
    await pipeline(createReadStream(file.path), createGunzip(), new Writable({ write: (_chunk, _enc, next) => next() }));
  } catch (err) {
    throw new SiteError(SITE_CARE.fileDamaged(file.name), { cause: err });
  }
  await whileSuspended(parts, site, say, async () => {
    await restoreBackup(file.path, { url: site.databaseUrl }, { force: true, onProgress: say });
    say(SITE_CARE.migratingRestored);
    await migrateUrl(site.databaseUrl);
  });
  return SITE_CARE.restored(file.name);
}

/** How many tables the database holds (refused: not empty), or why it does not answer. */
async function checkNewDatabase(site: Site, url: string) {
  if (url === site.databaseUrl) throw new SiteError(SITE_CARE.sameDatabase);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  let tables: number;
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'",
    );
    tables = rows[0].n;
  } catch (err) {
    throw new SiteError(SITE_CARE.targetSilent(silentReason(err)));
  } finally {
    await client.end().catch(() => {});
  }
  if (tables) throw new SiteError(SITE_CARE.targetNotEmpty(tables));
}

/**
 * Moves the site to another PostgreSQL database: suspended, a backup of it taken (kept in its folder),
 * restored into the new database (empty), migrated, the control row switched, its state given back. The
 * old database is left as it is. A failure before the switch leaves the site on its old database.
 */
async function moveSite(parts: TaskParts, site: Site, url: string, named: (file: string) => void, say: (s: string) => void): Promise<string> {
  await whileSuspended(parts, site, say, async () => {
    const file = await backupLocked(site, parts.env, say);
    named(file.name);
    await restoreBackup(file.path, { url }, { onProgress: say });
    say(SITE_CARE.migratingRestored);
    await migrateUrl(url);
    await setSite(parts, site.id, { databaseUrl: url });
  });
  return `${SITE_CARE.switched} ${SITE_CARE.oldLeft(withoutPassword(site.databaseUrl))}`;
}
