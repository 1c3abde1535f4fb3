import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { FtpSrv } from 'ftp-srv';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedTimeToEpoch } from '@campsite/shared';
import { clients, jobs } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { DEFAULT_ADMIN } from '../../platform/settings/settings.repository';

const dir = mkdtempSync(join(tmpdir(), 'pms-ftp-'));
let ftp: FtpSrv;
let port: number;
let t: TestApp;
let clock: number;
let admin: string;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

/** A PMS export as the FTP server holds it, dated (its mtime) at `at`. */
function exportFile(name: string, rows: string[], at: number) {
  const path = join(dir, name);
  writeFileSync(path, iconv.encode(['N° client;Nom;Prénom;N° séjour;Arrivée;Départ;Emplacement', ...rows].join('\r\n'), 'win1252'));
  utimesSync(path, at, at);
}

const paris = (y: number, m: number, d: number, h: number, min: number) => zonedTimeToEpoch(y, m, d, h, min, 'Europe/Paris');

beforeAll(async () => {
  port = await freePort();
  ftp = new FtpSrv({ url: `ftp://127.0.0.1:${port}`, pasv_url: '127.0.0.1', pasv_min: 30000, pasv_max: 31000, greeting: 'PMS test', log: { info() {}, debug() {}, trace() {}, warn() {}, error() {}, child() { return this; } } as never });
  ftp.on('login', ({ username, password }, resolve, reject) => {
    if (username === 'pms' && password === 'secret') resolve({ root: dir });
    else reject(new Error('mauvais identifiants'));
  });
  await ftp.listen();
  clock = paris(2025, 6, 14, 9, 0);
  t = await testApp({ now: () => clock });
  admin = (await t.signIn({ super: 1 })).cookie;
});
afterAll(async () => {
  await t.close();
  await ftp.close();
});

const configure = (pms: Partial<typeof DEFAULT_ADMIN.config_pms>) =>
  t.post('dashboard/config/admin/update', { ...DEFAULT_ADMIN, config_pms: { ...DEFAULT_ADMIN.config_pms, name: 'inaxel', period: '1030', separator: ';', prefix: 'resa', ftp_host: `127.0.0.1:${port}`, ftp_user: 'pms', ftp_pass: 'secret', ...pms } }, admin);
const latest = async () => (await t.get('dashboard/imports/latest?kind=pms', admin)).json();
const lastHandling = async () => (await t.get('dashboard/config/admin/list', admin)).json().config_pms.last_handling;

describe('PMS gateway (FTP)', () => {
  it('fetches and imports the exports at the configured time each day, then records last_handling', async () => {
    exportFile('resa_20250614.csv', ['3001;Lefèvre;Élodie;8001;14/06/2025;21/06/2025;A12', '3002;Çelik;Zoé;8002;15/06/2025;22/06/2025;B3'], paris(2025, 6, 14, 6, 0));
    exportFile('autre.csv', ['3999;Autre;Fichier;8999;14/06/2025;21/06/2025;Z9'], paris(2025, 6, 14, 6, 0));
    expect((await configure({})).statusCode).toBe(200);

    // 09:00: the run of 10:30 is queued, nothing runs yet
    const [queued] = await t.deps.db.select().from(jobs).where(eq(jobs.kind, 'pms.import'));
    expect(queued.runAt).toBe(paris(2025, 6, 14, 10, 30));
    expect(await t.deps.jobs.runDue()).toBe(0);
    expect(await latest()).toBe(false);

    clock = paris(2025, 6, 14, 10, 31);
    expect(await t.deps.jobs.runDue()).toBe(1);
    const run = await latest();
    expect(run).toMatchObject({ kind: 'pms', source: 'ftp', status: 'done', total: 2, created: 4, failures: [] });
    const [c] = await t.deps.db.select().from(clients).where(eq(clients.clientNumber, '3001'));
    expect(c).toMatchObject({ lastname: 'Lefèvre', firstname: 'Élodie', location: 'A12' });
    expect(await t.deps.db.select().from(clients).where(eq(clients.clientNumber, '3999'))).toHaveLength(0);
    expect(await lastHandling()).toBe(clock);

    // the next day: only what changed since is fetched
    exportFile('resa_20250615.csv', ['3003;Müller;Hans;8003;20/06/2025;27/06/2025;C7'], paris(2025, 6, 15, 6, 0));
    clock = paris(2025, 6, 15, 10, 35);
    expect(await t.deps.jobs.runDue()).toBe(1);
    expect(await latest()).toMatchObject({ status: 'done', total: 1, created: 2 });

    clock = paris(2025, 6, 16, 10, 40);
    expect(await t.deps.jobs.runDue()).toBe(1);
    expect(await latest()).toMatchObject({ status: 'done', total: 0, message: 'Aucun nouveau fichier sur le serveur FTP' });
  });

  it('follows a new period, and records a failed connection as the last run', async () => {
    clock = paris(2025, 6, 17, 9, 0);
    await configure({ period: '0600', ftp_pass: 'faux' });
    const [queued] = await t.deps.db.select().from(jobs).where(eq(jobs.status, 'queued'));
    expect(queued).toMatchObject({ kind: 'pms.import', runAt: paris(2025, 6, 18, 6, 0) });
    const before = await lastHandling();
    clock = paris(2025, 6, 18, 6, 1);
    await t.deps.jobs.runDue();
    const run = await latest();
    expect(run.status).toBe('failed');
    expect(run.message).toMatch(new RegExp(`^Connexion au serveur FTP 127.0.0.1:${port} impossible : `));
    expect(await lastHandling()).toBe(before);
  });
});
