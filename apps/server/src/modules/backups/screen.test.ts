import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { BACKUPS, backups } from '@campsite/shared';
import { backupName } from '../../backup/files';
import { expect400 } from '../../testing/expect400';
import { allFlags, testApp, type TestApp } from '../../testing/harness';
import { readBackupSettings, writeLastBackup } from './backups.settings';
import { runningBackup } from './backups.service';

/** The super's backups screen and home warnings (issue 34): super only, list, start, download, settings. */
const at = (iso: string) => Date.parse(iso) / 1000;
let clock = at('2026-11-27T12:00:00Z');
let t: TestApp;
let dir: string;
let outside: string;
let superCookie: string;
let staffCookie: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'campsite-screen-'));
  outside = join(dir, '..', `secret-${Date.now()}.sql.gz`);
  writeFileSync(outside, 'pas pour vous');
  t = await testApp({ env: { BACKUP_DIR: dir, GUEST_URL: 'http://192.168.1.20:5174' }, now: () => clock });
  superCookie = (await t.signIn(allFlags())).cookie;
  staffCookie = (await t.signIn({ ...allFlags(), super: 0 })).cookie;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { force: true });
});

describe('backups screen', () => {
  it('refuses every call to staff without the super flag (403)', async () => {
    writeFileSync(join(dir, backupName(at('2026-11-26T03:00:00Z'))), 'x');
    for (const [def, input] of [
      [backups.state, undefined],
      [backups.warnings, undefined],
      [backups.start, undefined],
      [backups.settings, { hour: '04:00', daily: 3, weekly: 1 }],
    ] as const) expect((await t.call(def as never, input as never, staffCookie)).statusCode).toBe(403);
    expect((await t.get(`dashboard/backups/download/${backupName(at('2026-11-26T03:00:00Z'))}`, staffCookie)).statusCode).toBe(403);
    expect((await t.get('dashboard/backups/state')).statusCode).toBe(401);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(await readBackupSettings(t.deps)).toEqual({ hour: '03:00', daily: 7, weekly: 4 });
  });

  it('starts one backup in the background, not a second while it runs, and lists it newest first', { timeout: 120_000 }, async () => {
    const first = await t.call(backups.start, undefined, superCookie);
    const second = await t.call(backups.start, undefined, superCookie);
    expect(first.answer()).toEqual({ started: true });
    expect(second.answer()).toEqual({ started: false });
    expect((await t.call(backups.state, undefined, superCookie)).answer().running).toBe(true);
    await runningBackup(t.deps);
    const state = (await t.call(backups.state, undefined, superCookie)).answer();
    expect(state.running).toBe(false);
    expect(state.files.map((f) => f.name)).toEqual([backupName(clock), backupName(at('2026-11-26T03:00:00Z'))]);
    expect(state.files[0].bytes).toBeGreaterThan(1000);
    expect(state.last).toMatchObject({ at: clock, ok: true, name: backupName(clock) });
    expect(state.settings).toEqual({ hour: '03:00', daily: 7, weekly: 4 });
  });

  it('downloads a backup of the folder, streamed as it is', async () => {
    const res = await t.get(`dashboard/backups/download/${backupName(clock)}`, superCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${backupName(clock)}"`);
    expect(gunzipSync(res.rawPayload).toString()).toContain('PostgreSQL database dump');
  });

  it("serves no other file: '../', an encoded slash, a NUL byte, a name not listed", async () => {
    const secret = outside.split('/').at(-1)!;
    for (const name of [`..%2F${secret}`, `../${secret}`, `${backupName(clock)}%00`, `%00${backupName(clock)}`, 'notes.txt', `.${backupName(clock)}`]) {
      const res = await t.get(`dashboard/backups/download/${name}`, superCookie);
      expect(res.statusCode, name).toBe(404);
      expect(res.body).not.toContain('pas pour vous');
    }
    writeFileSync(join(dir, 'notes.txt'), 'à garder');
    expect((await t.get('dashboard/backups/download/notes.txt', superCookie)).statusCode).toBe(404);
  });

  it('saves the hour and retention, and refuses bad ones with a French 400 and nothing written', async () => {
    expect((await t.call(backups.settings, { hour: '01:30', daily: 3, weekly: 2 }, superCookie)).answer()).toEqual({ hour: '01:30', daily: 3, weekly: 2 });
    expect(await readBackupSettings(t.deps)).toEqual({ hour: '01:30', daily: 3, weekly: 2 });
    expect400(await t.post('dashboard/backups/settings', { hour: '25:00', daily: 3, weekly: 2 }, superCookie), 'hour', BACKUPS.hourInvalid);
    expect400(await t.post('dashboard/backups/settings', { hour: '02:00', daily: 0, weekly: 2 }, superCookie), 'daily', BACKUPS.dailyInvalid);
    expect400(await t.post('dashboard/backups/settings', { hour: '02:00', daily: 3, weekly: -1 }, superCookie), 'weekly', BACKUPS.weeklyInvalid);
    expect(await readBackupSettings(t.deps)).toEqual({ hour: '01:30', daily: 3, weekly: 2 });
  });
});

describe("super's home warnings", () => {
  it('says the guest app is plain HTTP outside localhost', { timeout: 120_000 }, async () => {
    expect((await t.call(backups.warnings, undefined, superCookie)).answer()).toEqual({ backup: null, insecure_guest_url: 'http://192.168.1.20:5174' });
    for (const url of ['https://camping.example', 'http://localhost:5174', 'http://127.0.0.1:5174']) {
      const other = await testApp({ env: { BACKUP_DIR: dir, GUEST_URL: url } });
      try {
        const cookie = (await other.signIn(allFlags())).cookie;
        expect((await other.call(backups.warnings, undefined, cookie)).answer().insecure_guest_url, url).toBeNull();
      } finally {
        await other.close();
      }
    }
  });

  it('says so too when the guest app was opened over plain HTTP on the network, without GUEST_URL', async () => {
    const other = await testApp({ env: { BACKUP_DIR: dir }, now: () => clock });
    const guest = await buildApp({ database: other.deps.database, env: other.deps.env, serves: 'guest' }, other.deps);
    try {
      const cookie = (await other.signIn(allFlags())).cookie;
      const warning = async () => (await other.call(backups.warnings, undefined, cookie)).answer().insecure_guest_url;
      const open = (host: string, url = '/fr') => guest.inject({ method: 'GET', url, headers: { host, accept: 'text/html,application/xhtml+xml' } });
      // this machine's own addresses are secure contexts, and calls to the API are not pages: nothing to say
      await open('localhost:3001');
      await open('127.0.0.1:3001');
      await guest.inject({ method: 'GET', url: '/api/webapp/config/list', headers: { host: '10.0.0.9:3001', accept: 'text/html' } });
      await new Promise((r) => setTimeout(r, 200));
      expect(await warning()).toBeNull();
      // a phone on the campsite's network
      await open('192.168.1.20:3001');
      await other.deps.cache.settle();
      await vi.waitFor(async () => expect(await warning()).toBe('http://192.168.1.20:3001'));
      // forgotten a week after the last page served so
      clock += 7 * 86_400;
      expect(await warning()).toBeNull();
      clock -= 7 * 86_400;
    } finally {
      await guest.close();
      await other.close();
    }
  });

  it('warns of a backup missing for 26 hours while the server ran, and of a failed one', async () => {
    const newest = clock;
    clock = newest + 26 * 3600 - 60;
    expect((await t.call(backups.warnings, undefined, superCookie)).answer().backup).toBeNull();
    clock = newest + 26 * 3600 + 60;
    expect((await t.call(backups.warnings, undefined, superCookie)).answer().backup).toEqual({ kind: 'missing', since: newest });
    await writeLastBackup(t.deps.db, { at: clock, ok: false, error: "Le dossier des sauvegardes n'existe pas." });
    expect((await t.call(backups.warnings, undefined, superCookie)).answer().backup).toEqual({ kind: 'failed', at: clock, error: "Le dossier des sauvegardes n'existe pas." });
  });

  it('does not call a backup missing on a server started less than 26 hours ago', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'campsite-empty-'));
    const fresh = await testApp({ env: { BACKUP_DIR: empty }, now: () => clock });
    try {
      const cookie = (await fresh.signIn(allFlags())).cookie;
      expect((await fresh.call(backups.warnings, undefined, cookie)).answer().backup).toBeNull();
    } finally {
      await fresh.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
