import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { CORE, OPERATOR, SITE_CARE, siteCareCalls } from '@campsite/shared';
import { migrationFiles } from '../../db/migrate';
import { startPostgresCluster, type PostgresCluster } from '../../testing/postgres-cluster';
import { eventually, http, onDatabase, onDatabaseQuery, setUpSitesWorld, type Answer, type SitesWorld } from '../../testing/fixtures/sites';
import { runSiteCommand } from '../cli';
import { findSite } from '../control';
import { addOperator } from './accounts';
import { withoutPassword } from './site-tasks';

// The operator's care of the sites over real HTTP (docs/multisite.md, "Operator console"): a site's
// backups, its restore, the rolling migration of every site, and a move to a second PostgreSQL server.
const CONSOLE = 'console.camping.test';
const BACKUP_DIR = mkdtempSync(join(tmpdir(), 'campsite-care-'));
afterAll(() => rmSync(BACKUP_DIR, { recursive: true, force: true }));
let w: SitesWorld;
setUpSitesWorld((world) => (w = world), { OPERATOR_HOST: CONSOLE, BACKUP_DIR });

type Read = Omit<Answer, 'json'> & { json(): any };
const op = (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Read> => http(w.server.ports.dashboard, CONSOLE, method, path, { body, cookie });
const PINS = { dashboard: 'admin.pins.camping.test', guest: 'pins.camping.test' };
let cookie: string;
let pins: { id: number; url: string; password: string };

/** A value of the site's own database that the staff's settings keep (the test's mark of "what it holds"). */
const mark = (value: string) =>
  onDatabaseQuery(pins.url, "INSERT INTO config (key, value) VALUES ('care.mark', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value", [JSON.stringify(value)]);
const markOf = async (url: string) => (await onDatabaseQuery<{ value: string }>(url, "SELECT value FROM config WHERE key = 'care.mark'"))[0]?.value;

/** The site's last task once it ended. */
async function ended(id: number) {
  let answer: any;
  await eventually(async () => {
    answer = (await op('GET', `operator/sites/backups/list?id=${id}`)).json();
    expect(answer.task?.state).not.toBe('running');
  });
  return answer as { task: { state: string; step: string; file: string | null }; files: { name: string; bytes: number }[] };
}

describe("the operator's care of the sites", () => {
  it('backs a site up in the background, one at a time, and hands the file out', async () => {
    const { password } = await addOperator(w.server.control, 'ariane');
    const res = await http(w.server.ports.dashboard, CONSOLE, 'POST', 'operator/login', { body: { login: 'ariane', password } });
    cookie = String([res.headers['set-cookie']].flat()[0]).split(';')[0];
    const added = await w.add({ dashboardHost: PINS.dashboard, guestHost: PINS.guest });
    pins = { id: added.site.id, url: added.site.databaseUrl, password: added.password };
    await mark('avant');

    // none of the new calls without a session
    for (const c of Object.values(siteCareCalls)) {
      const anon: Read = await http(w.server.ports.dashboard, CONSOLE, c.method, c.path, c.method === 'POST' ? { body: {} } : {});
      expect({ call: c.path, status: anon.status, message: anon.json().message }).toEqual({ call: c.path, status: 401, message: CORE.notSignedIn });
    }
    // two presses at once: one backup, the other refused in French
    const both = await Promise.all([op('POST', 'operator/sites/backup', { id: pins.id }), op('POST', 'operator/sites/backup', { id: pins.id })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.json().message).toBe(SITE_CARE.busy);
    expect(both.find((r) => r.status === 200)!.json()).toMatchObject({ site: pins.id, kind: 'backup', state: 'running' });

    const { task, files } = await ended(pins.id);
    expect(task.state, task.step).toBe('done');
    expect(files).toHaveLength(1);
    expect(task.step).toMatch(/^Fichier campsite-.*\.sql\.gz écrit/);
    expect(files[0].name).toMatch(/^campsite-\d{4}-\d{2}-\d{2}T\d{6}Z\.sql\.gz$/);
    expect(task.file).toBe(files[0].name);
    const download = await new Promise<Buffer>((resolve, reject) => {
      void import('node:http').then(({ get }) =>
        get(
          { host: '127.0.0.1', port: w.server.ports.dashboard, path: `/api/operator/sites/backups/download?id=${pins.id}&name=${files[0].name}`, headers: { host: CONSOLE, cookie } },
          (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => (r.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`download ${r.statusCode}`))));
          },
        ).on('error', reject),
      );
    });
    expect(download.length).toBe(files[0].bytes);
    const sql = gunzipSync(download).toString('utf8');
    expect(sql).toContain('CREATE TABLE public.config');
    expect(sql).toContain('"avant"');
    // a task whose instance stopped (its lease ran out) says so, and another may start
    await w.server.control.pool.query("UPDATE site_tasks SET state = 'running', lease_until = 0 WHERE site_id = $1", [pins.id]);
    expect((await op('GET', `operator/sites/backups/list?id=${pins.id}`)).json().task).toMatchObject({ state: 'failed', step: SITE_CARE.interrupted });
    expect((await op('POST', 'operator/sites/backup', { id: pins.id })).status).toBe(200);
    expect((await ended(pins.id)).files).toHaveLength(2);
    // the site's health shows it, as its nightly backup would
    const listed = (await op('GET', 'operator/sites/list')).json().find((s: { _id: number }) => s._id === pins.id);
    expect(listed.health.last_backup).toMatchObject({ ok: true });
  });

  it('refuses bad input and files outside the site folder in French, changing nothing', async () => {
    const bad = await op('POST', 'operator/sites/restore', { id: pins.id });
    expect(bad.status).toBe(400);
    expect(bad.json().fields).toMatchObject({ file: SITE_CARE.fileRequired });
    for (const file of ['../../etc/passwd', 'campsite-2020-01-01T000000Z.sql.gz']) {
      const res = await op('POST', 'operator/sites/restore', { id: pins.id, file });
      expect({ status: res.status, message: res.json().message }).toEqual({ status: 400, message: SITE_CARE.fileUnknown(file) });
    }
    expect((await op('GET', `operator/sites/backups/download?id=${pins.id}&name=..%2F..%2Fcontrol`)).status).toBe(400);
    expect((await op('POST', 'operator/sites/backup', { id: 9999 })).json()).toBe(false);
    expect((await op('GET', 'operator/sites/backups/list?id=x')).status).toBe(400);
    expect((await op('POST', 'operator/sites/move', { id: pins.id, database_url: 'mysql://x' })).json().fields).toMatchObject({ database_url: OPERATOR.databaseUrlInvalid });
    // a database that is not empty (the control database) is refused before the site is touched
    const full = await op('POST', 'operator/sites/move', { id: pins.id, database_url: w.env.CONTROL_DATABASE_URL });
    expect(full.json().message).toMatch(/^La nouvelle base n’est pas vide \(\d+ tables\)/);
    expect((await op('POST', 'operator/sites/move', { id: pins.id, database_url: pins.url })).json().message).toBe(SITE_CARE.sameDatabase);
    expect((await findSite(w.server.control, PINS.dashboard))).toMatchObject({ state: 'active', databaseUrl: pins.url });
    expect(await markOf(pins.url)).toBe('avant');
    // a staff session of a campsite opens none of them
    expect((await http(w.server.ports.dashboard, PINS.dashboard, 'POST', 'operator/sites/backup', { body: { id: pins.id } })).status).toBe(404);
  });

  it('restores a site from one of its backups, suspended meanwhile, then served again', async () => {
    const { files } = (await op('GET', `operator/sites/backups/list?id=${pins.id}`)).json();
    await mark('après');
    // a file cut short (a copy that did not end) is found before the site is touched
    const whole = readFileSync(join(BACKUP_DIR, 'sites', String(pins.id), files[0].name));
    const cut = 'campsite-2020-01-01T000000Z.sql.gz';
    writeFileSync(join(BACKUP_DIR, 'sites', String(pins.id), cut), whole.subarray(0, whole.length >> 1));
    expect((await op('POST', 'operator/sites/restore', { id: pins.id, file: cut })).status).toBe(200);
    expect((await ended(pins.id)).task).toMatchObject({ state: 'failed', step: SITE_CARE.fileDamaged(cut) });
    expect(await markOf(pins.url)).toBe('après');
    expect((await findSite(w.server.control, PINS.dashboard))?.state).toBe('active');

    const started = await op('POST', 'operator/sites/restore', { id: pins.id, file: files[0].name });
    expect(started.json()).toMatchObject({ kind: 'restore', state: 'running', step: SITE_CARE.started.restore });
    const { task } = await ended(pins.id);
    expect(task).toMatchObject({ state: 'done', step: SITE_CARE.restored(files[0].name), file: files[0].name });
    expect(await markOf(pins.url)).toBe('avant');
    expect((await findSite(w.server.control, PINS.dashboard))?.state).toBe('active');
    // its super signs in on its host name: the restored database serves it
    let staff = '';
    await eventually(async () => {
      const res: Read = await http(w.server.ports.dashboard, PINS.dashboard, 'POST', 'dashboard/users/login', { body: { login: 'admin', password: pins.password } });
      expect(res.json()).toMatchObject({ username: 'admin' });
      staff = String([res.headers['set-cookie']].flat()[0]).split(';')[0];
    });
    // and sees the site's own backups folder, the console's, with none of another site's
    const own: Read = await http(w.server.ports.dashboard, PINS.dashboard, 'GET', 'dashboard/backups/state', { cookie: staff });
    const listed: Read = await op('GET', `operator/sites/backups/list?id=${pins.id}`);
    expect(own.json().files.map((f: { name: string }) => f.name)).toEqual(listed.json().files.map((f: { name: string }) => f.name));
    expect(own.json().files.length).toBe(3);
  });

  it('migrates every site one after the other, a failure recorded with its reason and the others done', async () => {
    // a site on a database never migrated, and one whose database is gone
    const bare = await w.createDatabase('bare');
    const at = Math.floor(Date.now() / 1000);
    await w.server.control.pool.query(
      "INSERT INTO sites (dashboard_host, guest_host, database_url, created_at) VALUES ('admin.nu.camping.test', 'nu.camping.test', $1, $3), ('admin.parti.camping.test', 'parti.camping.test', $2, $3)",
      [bare, onDatabase(`${w.prefix}gone`), at],
    );
    expect((await op('GET', 'operator/migrations/status')).json()).toBe(false);
    const both = await Promise.all([op('POST', 'operator/migrations/start', {}), op('POST', 'operator/migrations/start', {})]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)!.json().message).toBe(SITE_CARE.migrationRunning);
    expect(both.find((r) => r.status === 200)!.json()).toMatchObject({ state: 'running', total: 3, done: 0 });
    let run: any;
    await eventually(async () => {
      run = (await op('GET', 'operator/migrations/status')).json();
      expect(run.state).toBe('done');
    });
    expect(run).toMatchObject({ total: 3, done: 3, interrupted: false, current_host: null });
    expect(run.failures).toEqual([{ site: expect.any(Number), host: 'admin.parti.camping.test', reason: "Sa base ne répond pas : elle n'existe pas." }]);
    const [version] = await onDatabaseQuery<{ name: string }>(bare, 'SELECT max(name) AS name FROM _migrations');
    expect(version.name).toBe(migrationFiles().at(-1));
    // a run whose instance stopped shows as interrupted, and starts again
    await w.server.control.pool.query("UPDATE site_migrations SET state = 'running', done = 1, lease_until = 0");
    expect((await op('GET', 'operator/migrations/status')).json()).toMatchObject({ state: 'running', interrupted: true, done: 1 });
    expect((await op('POST', 'operator/migrations/start', {})).status).toBe(200);
    await eventually(async () => expect((await op('GET', 'operator/migrations/status')).json()).toMatchObject({ state: 'done', done: 3, interrupted: false }));

    // the command does the same, and says the failure (exit code 1)
    const lines: string[] = [];
    await expect(runSiteCommand(w.server.control, w.env, ['migrate'], (l) => lines.push(l))).rejects.toThrow('2 sur 3 sites à jour ; 1 en échec.');
    expect(lines).toEqual([
      '1/3 admin.pins.camping.test : à jour',
      '2/3 admin.nu.camping.test : à jour',
      "3/3 admin.parti.camping.test : Sa base ne répond pas : elle n'existe pas.",
    ]);
    // its backup fails with the same French reason, recorded on its task
    const gone = run.failures[0].site;
    expect((await op('POST', 'operator/sites/backup', { id: gone })).status).toBe(200);
    expect((await ended(gone)).task).toMatchObject({ state: 'failed', step: "La base de données ne répond pas : elle n'existe pas." });
    await w.server.control.pool.query("DELETE FROM sites WHERE dashboard_host IN ('admin.nu.camping.test', 'admin.parti.camping.test')");
  });

  describe('on a second PostgreSQL server', () => {
    let second: PostgresCluster;
    afterAll(async () => second?.destroy(), 60_000);

    it('moves a site there with the command, served by its host name afterwards, the old database left as it was', async () => {
      second = await startPostgresCluster();
      const target = await second.createDatabase('pins_moved');
      await mark('déménagé');
      const lines = await runSiteCommand(w.server.control, w.env, ['backup', PINS.guest]);
      expect(lines.at(-1)).toMatch(/^Fichier campsite-.*\.sql\.gz écrit \(\d+(,\d)? [KMG]o\)\.$/);
      const moved = await runSiteCommand(w.server.control, w.env, ['move', PINS.dashboard, target]);
      expect(moved.at(-1)).toBe(`${SITE_CARE.switched} ${SITE_CARE.oldLeft(withoutPassword(pins.url))}`);
      expect((await findSite(w.server.control, PINS.dashboard))).toMatchObject({ databaseUrl: target, state: 'active' });
      expect(await markOf(target)).toBe('déménagé');
      // the old database is still there, as it was
      expect(await markOf(pins.url)).toBe('déménagé');
      // its super signs in by its host name: the session is written on the second server
      await eventually(async () => {
        const res = await http(w.server.ports.dashboard, PINS.dashboard, 'POST', 'dashboard/users/login', { body: { login: 'admin', password: pins.password } });
        expect(res.json()).toMatchObject({ username: 'admin' });
        const [sessions] = await onDatabaseQuery<{ n: number }>(target, 'SELECT count(*)::int AS n FROM sessions');
        expect(sessions.n).toBeGreaterThan(0);
      });
      // a second move into a database that now holds the site is refused
      await expect(runSiteCommand(w.server.control, w.env, ['move', PINS.dashboard, pins.url])).rejects.toThrow(/^La nouvelle base n’est pas vide/);
    }, 60_000);
  });
});
