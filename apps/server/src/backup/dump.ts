import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { diskReason, folderBytes, roomRefusal, sizeText } from './disk';
import { backupName, listBackups, type BackupFile } from './files';

/**
 * What is backed up: the embedded database, through a snapshot of its files that its own thread takes
 * (Database.dumpDataDir), or a PostgreSQL server by its address.
 */
export type BackupSource =
  | { kind: 'pglite'; snapshot: (to: string) => Promise<Snapshot>; /** its files' folder, when on disk (the room a copy needs) */ dataDir?: string }
  | { kind: 'postgres'; url: string };
/** The embedded database's copy: its files in a folder (a data directory), or a tarball (in memory). */
type Snapshot = { dir: string } | { tarball: ArrayBuffer };

export interface BackupOptions {
  dir: string;
  /** epoch seconds (the server's clock: a journey's moved clock names the file as it sees the time) */
  now: () => number;
  /** a sentence for each step, in French (the console's progress) */
  onStep?: (sentence: string) => void;
}

const WORKER = new URL('./dump-worker.js', import.meta.url);

/** The backup being written into each folder. */
const running = new Map<string, Promise<BackupFile>>();

/**
 * Takes a backup into `dir`: PostgreSQL's plain SQL format, gzipped, one file named by the time. One at
 * a time in a process: a second call while one runs into the same folder gets the same file. The file appears whole (it is
 * written under another name, then renamed), so that a backup cut short is never taken for one.
 */
export function takeBackup(source: BackupSource, opts: BackupOptions): Promise<BackupFile> {
  const folder = resolve(opts.dir);
  let backup = running.get(folder);
  if (!backup) {
    backup = run(source, opts).finally(() => running.delete(folder));
    running.set(folder, backup);
  }
  return backup;
}

async function run(source: BackupSource, { dir, now, onStep = () => {} }: BackupOptions): Promise<BackupFile> {
  const folder = resolve(dir);
  let partial: string | undefined;
  try {
    mkdirSync(folder, { recursive: true });
    let at = now();
    // two backups within a second (a button pressed twice) get two names
    while (existsSync(join(folder, backupName(at)))) at++;
    const name = backupName(at);
    partial = join(folder, `.${name}.partial`);
    if (source.kind === 'pglite') {
      if (source.dataDir) {
        const refusal = await roomRefusal(folder, await folderBytes(source.dataDir), listBackups(folder)[0]?.bytes);
        if (refusal) throw new Error(refusal);
      }
      await dumpEmbedded(source.snapshot, join(folder, `.${name}.snapshot`), partial, onStep);
    } else await dumpPostgres(source.url, partial, onStep);
    renameSync(partial, join(folder, name));
    const file = listBackups(folder).find((b) => b.name === name)!;
    onStep(`Sauvegarde écrite : ${file.path} (${sizeText(file.bytes)}).`);
    return file;
  } catch (err) {
    if (partial) await rm(partial, { force: true });
    // the file system's refusal said in French (the raw error stays as the cause)
    const reason = diskReason(err, folder);
    throw reason ? new Error(reason, { cause: err }) : err;
  }
}

/**
 * The embedded database: its thread copies its files between two statements (a checkpoint and a file copy:
 * the only moment requests wait for it), then a thread of the backup's own opens that copy and dumps it
 * (docs/production.md, "Backups").
 */
async function dumpEmbedded(snapshot: (to: string) => Promise<Snapshot>, copyDir: string, file: string, onStep: (s: string) => void) {
  onStep('Instantané de la base de données intégrée…');
  // (removed by the thread pool: a synchronous removal of a season's files held the event loop seconds)
  await rm(copyDir, { recursive: true, force: true });
  let worker: Worker | undefined;
  try {
    // (inside the try: a copy cut short by a full disk is removed too)
    const copy = await snapshot(copyDir);
    onStep("Export SQL de l'instantané…");
    const thread = (worker = new Worker(WORKER, { workerData: { ...copy, file }, transferList: 'tarball' in copy ? [copy.tarball] : [] }));
    await new Promise<void>((done, fail) => {
      thread.on('message', (msg: { op: string; error?: string; code?: string }) => {
        if (msg.op === 'done') done();
        // the file system's code kept, for its French reason (run())
        if (msg.op === 'failed') fail(Object.assign(new Error(`La sauvegarde de la base de données intégrée a échoué : ${msg.error}`), { code: msg.code }));
      });
      thread.once('error', fail);
      thread.once('exit', (code) => fail(new Error(`La sauvegarde de la base de données intégrée s'est arrêtée (code ${code}).`)));
    });
  } finally {
    await worker?.terminate();
    await rm(copyDir, { recursive: true, force: true });
  }
}

/** The server's major version (15 for 15.20). */
async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    return Math.floor(Number(rows[0].server_version_num) / 10000);
  } finally {
    await client.end();
  }
}

/** Where Debian's postgresql-client-<major> puts its pg_dump (several majors can be installed side by side). */
export const pgDumpPath = (major: number) => `/usr/lib/postgresql/${major}/bin/pg_dump`;

/**
 * A PostgreSQL server: Debian's pg_dump of the server's own major version (an older one refuses a newer
 * server; a newer one writes settings the same server may not know), in one consistent snapshot
 * (pg_dump reads in a single repeatable-read transaction, while guests and staff keep writing).
 */
async function dumpPostgres(url: string, file: string, onStep: (s: string) => void) {
  const major = await serverMajor(url);
  const bin = pgDumpPath(major);
  if (!existsSync(bin)) {
    throw new Error(
      `La sauvegarde d'un serveur PostgreSQL ${major} demande son pg_dump (${bin}) : installez-le avec « apt install postgresql-client-${major} ».`,
    );
  }
  onStep(`Export SQL de PostgreSQL ${major} (pg_dump)…`);
  // --inserts: statements only, which backup/restore.ts runs into PostgreSQL or the embedded database alike
  // the password through the environment, not the command line that `ps` shows
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const child = spawn(bin, ['--no-owner', '--no-privileges', '--inserts', `--dbname=${address.href}`], { stdio: ['ignore', 'pipe', 'pipe'], env });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number>((done) => child.on('close', (code) => done(code ?? 1)));
  await pipeline(child.stdout, createGzip(), createWriteStream(file));
  const code = await exited;
  if (code !== 0) throw new Error(`pg_dump a échoué (code ${code}) : ${stderr.trim().split('\n').pop()}`);
}

/** What the server's database is, as a backup source. */
export function sourceOf(database: { kind: 'pglite' | 'postgres'; url?: string; dataDir?: string; snapshot?: (to: string) => Promise<Snapshot> }): BackupSource {
  if (database.kind === 'pglite') return { kind: 'pglite', snapshot: (to) => database.snapshot!(to), dataDir: database.dataDir };
  return { kind: 'postgres', url: database.url! };
}
