import { Writable } from 'node:stream';
import { Client } from 'basic-ftp';
import type { PmsConfig } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { newId } from '../../lib/ids';
import { dailyAt, parseHour, type HandlerResult, type Job, type Scheduler } from '../../jobs';
import { getAdminConfig, setPmsLastHandling } from '../../platform/settings/settings.repository';
import { decodeBytes } from './header.parse';
import { insertImport } from './imports.repository';
import { createImport, runImport, type ImportFile } from './imports.run';

/**
 * The PMS gateway (002 §3 config_pms): every day at the configured period (hhmm, the establishment's
 * time), the server fetches the PMS's CSV exports from its FTP server, imports them like a reservations
 * import, and records last_handling. Each run leaves an import row (kind 'pms') that the administrator
 * settings show as the last run and its result. See docs/people.md.
 */
export const NO_NEW_FILE = 'Aucun nouveau fichier sur le serveur FTP';

/** A configured gateway: a PMS, an FTP host and a period. */
const configured = (pms: PmsConfig) => !!(pms.name && pms.ftp_host && parseHour(pms.period));

/**
 * The settings each scheduler last read. The next run is computed when a run ends, inside the
 * scheduler's transaction, where reading the database again would wait for that very transaction on the
 * embedded PGlite (one connection): the run has just read the settings, so they are taken from here.
 */
const lastRead = new WeakMap<Scheduler, PmsConfig>();

export async function readPms(deps: Deps, db: Tx = deps.db): Promise<PmsConfig> {
  const pms = (await getAdminConfig(db)).config_pms;
  lastRead.set(deps.jobs, pms);
  return pms;
}

/** When the gateway runs next: the configured period of each day, or never while it is not configured. */
export const pmsNext = (deps: Deps) => async (after: number) => {
  const pms = lastRead.get(deps.jobs) ?? (await readPms(deps));
  if (!configured(pms)) return null;
  const h = parseHour(pms.period)!;
  return dailyAt(h.hour, h.minute, deps.env.TIME_ZONE)(after);
};

/** One run of the gateway (the recurring job of imports.jobs.ts). */
export async function runPms(deps: Deps, job: Job<Record<string, never>>): Promise<HandlerResult> {
  const pms = await readPms(deps);
  if (!configured(pms)) return;
  const id = newId();
  let files: ImportFile[];
  try {
    files = await fetchExports(pms);
  } catch (err) {
    await insertImport(deps.db, {
      id, kind: 'pms', source: 'ftp', status: 'failed', createdTime: deps.now(), finishedTime: deps.now(),
      message: `Connexion au serveur FTP ${pms.ftp_host} impossible : ${err instanceof Error ? err.message : String(err)}`,
    });
    throw err; // retried with back-off by the scheduler
  }
  if (!files.length) {
    await insertImport(deps.db, { id, kind: 'pms', source: 'ftp', status: 'done', createdTime: deps.now(), finishedTime: deps.now(), message: NO_NEW_FILE });
  } else {
    await deps.db.transaction((tx) => createImport(tx, deps, id, 'pms', files, { source: 'ftp', delimiter: pms.separator || ';' }));
    if (!(await runImport(deps, id, job.signal))) return { again: deps.now() };
  }
  await setPmsLastHandling(deps.db, deps.now());
}

/** 'host', 'host:port' or 'ftp://host:port' */
function hostPort(text: string): { host: string; port: number } {
  const m = /^(?:ftp:\/\/)?([^:/]+)(?::(\d+))?\/?$/.exec(text.trim());
  if (!m) throw new Error(`adresse FTP invalide « ${text} »`);
  return { host: m[1], port: m[2] ? Number(m[2]) : 21 };
}

/**
 * The CSV files of the FTP server's directory whose names start with the configured prefix (all CSV
 * files without a prefix), newest last; those not changed since the last handling are left out.
 */
export async function fetchExports(pms: PmsConfig): Promise<ImportFile[]> {
  const client = new Client(30_000);
  try {
    await client.access({ ...hostPort(pms.ftp_host), user: pms.ftp_user || 'anonymous', password: pms.ftp_pass || 'anonymous', secure: false });
    const candidates = (await client.list()).filter(
      (f) => f.isFile && f.name.toLowerCase().startsWith((pms.prefix || '').toLowerCase()) && /\.(csv|txt)$/i.test(f.name),
    );
    // a plain LIST gives no reliable date: ask each file's modification time (MDTM) when it is missing
    // (one command at a time on the control connection)
    const dated: { name: string; time?: number }[] = [];
    for (const f of candidates) dated.push({ name: f.name, time: (f.modifiedAt ?? (await client.lastMod(f.name).catch(() => undefined)))?.getTime() });
    const list = dated
      .filter((f) => !pms.last_handling || f.time === undefined || f.time / 1000 > pms.last_handling)
      .sort((a, b) => (a.time ?? 0) - (b.time ?? 0) || a.name.localeCompare(b.name));
    const files: ImportFile[] = [];
    for (const f of list) {
      const chunks: Buffer[] = [];
      await client.downloadTo(
        new Writable({
          write(chunk: Buffer, _enc, done) {
            chunks.push(chunk);
            done();
          },
        }),
        f.name,
      );
      files.push({ label: f.name, text: decodeBytes(Buffer.concat(chunks)) });
    }
    return files;
  } finally {
    client.close();
  }
}
