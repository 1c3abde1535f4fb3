import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORE } from '@campsite/shared';
import { escapeHtml } from '../lib/html';
import { eventually, http, onDatabaseQuery, setUpSitesWorld, type SitesWorld } from '../testing/fixtures/sites';
import { runSiteCommand } from './cli';
import { serveSites } from './serve';
import { CHANGES_CHANNEL } from '../db/changes';
import { listenerName } from '../db/client';
import { SITE_TEXTS } from './dispatch';
import { textsFor } from './sites.texts';

// Two campsites served by one process, each on its own PostgreSQL database, chosen by the host name of
// real HTTP requests to the real ports (docs/multisite.md). The host names share a parent domain, as a
// vendor's would, so that a cookie could travel between them.
let w: SitesWorld;
setUpSitesWorld((world) => (w = world));

const A = { dashboard: 'admin.pins.camping.test', guest: 'pins.camping.test' };
const B = { dashboard: 'admin.dunes.camping.test', guest: 'dunes.camping.test' };

const dash = (host: string, method: 'GET' | 'POST', path: string, opts?: { body?: unknown; cookie?: string }) => http(w.server.ports.dashboard, host, method, path, opts);
const guest = (host: string, method: 'GET' | 'POST', path: string, opts?: { body?: unknown; cookie?: string }) => http(w.server.ports.guest, host, method, path, opts);

async function signIn(host: string, password: string): Promise<string> {
  const res = await dash(host, 'POST', 'dashboard/users/login', { body: { login: 'admin', password } });
  expect(res.status).toBe(200);
  expect(res.json()).toMatchObject({ username: 'admin' });
  const cookie = String([res.headers['set-cookie']].flat()[0]).split(';')[0];
  expect(cookie).toMatch(/^session-dashboard=/);
  return cookie;
}

/** A rubric and its category 'Piscine' (which makes its page), through site `host`'s own API. */
async function publishPage(host: string, cookie: string) {
  const data = (await sharp({ create: { width: 64, height: 64, channels: 4, background: '#2a6f97' } }).png().toBuffer()).toString('base64');
  const post = async (path: string, body: unknown) => {
    const res = await dash(host, 'POST', path, { body, cookie });
    expect(res.status, res.text).toBe(200);
    return res.json() as { _id: string };
  };
  const file = await post('dashboard/files/insert', { name: 'icone.png', type: 'image/png', data });
  const icon = await post('dashboard/icons/insert', { name: 'Soleil', type: 'lineal', theme: 'blank', icon: file });
  const group = await post('webapp/groups/insert', { icon: icon._id, translations: [{ lang: 'fr', name: 'Infos pratiques' }] });
  return post('webapp/categories/insert', { group: group._id, type: 'page', icon: icon._id, translations: [{ lang: 'fr', name: 'Piscine' }] });
}

/** A live stream (server-sent events) held open: its status, its first data, all it said so far, and its end. */
function openStream(port: number, host: string, path: string, cookie: string) {
  return new Promise<{ status: number; firstData: Promise<string>; said: () => string; ended: Promise<void>; close: () => void }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host, cookie, accept: 'text/event-stream' } }, (res) => {
      let said = '';
      res.on('data', (c: Buffer) => (said += c.toString('utf8')));
      const firstData = new Promise<string>((r) => res.once('data', (c: Buffer) => r(c.toString('utf8'))));
      const ended = new Promise<void>((r) => res.once('close', () => r()));
      resolve({ status: res.statusCode ?? 0, firstData, said: () => said, ended, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('many campsites in one server', () => {
  let passwordA: string;
  let passwordB: string;
  let urlA: string;
  beforeAll(async () => {
    // A: a database created on the control database's server; B: a database given by its address
    const a = await w.add({ dashboardHost: A.dashboard, guestHost: A.guest });
    const b = await w.add({ dashboardHost: B.dashboard.toUpperCase(), guestHost: B.guest, databaseUrl: await w.createDatabase('dunes'), plan: 'premium' });
    expect(a.login).toBe('admin');
    expect(b.site).toMatchObject({ dashboardHost: B.dashboard, plan: 'premium', state: 'active' });
    passwordA = a.password;
    passwordB = b.password;
    urlA = a.site.databaseUrl;
    await eventually(async () => expect((await dash(B.dashboard, 'GET', 'dashboard/users/session')).status).toBe(200));
  }, 60_000);

  it('serves two sites, each from its own database, by the host name of the request', async () => {
    // a host name as browsers may send it: any case, a final dot, a port
    expect((await dash(`${A.dashboard.toUpperCase()}.`, 'GET', 'dashboard/users/session')).status).toBe(200);
    // each super signs in on its own host name only
    const cookieA = await signIn(A.dashboard, passwordA);
    expect((await dash(B.dashboard, 'POST', 'dashboard/users/login', { body: { login: 'admin', password: passwordA } })).json()).toBe(false);

    const category = await publishPage(A.dashboard, cookieA);
    const onA = await guest(A.guest, 'GET', `webapp/pages/find-by-category?category=${category._id}`);
    expect(onA.status).toBe(200);
    expect(onA.json()).toMatchObject({ category: category._id });
    // B's guests see nothing of it: neither the page nor the rubric
    const onB = await guest(B.guest, 'GET', `webapp/pages/find-by-category?category=${category._id}`);
    expect(onB.status === 404 || onB.json() === false, onB.text).toBe(true);
    expect((await guest(A.guest, 'GET', 'webapp/groups/list')).json()).toHaveLength(1);
    expect((await guest(B.guest, 'GET', 'webapp/groups/list')).json()).toEqual([]);
  });

  it("tells each site's live streams of that site's writes only, on every instance, with no connection listening per site", async () => {
    const second = await serveSites({ ...w.env, PORT: 0, GUEST_PORT: 0 });
    try {
      const cookieB = await signIn(B.dashboard, passwordB);
      const [a, b, bElsewhere] = await Promise.all([
        openStream(w.server.ports.dashboard, A.dashboard, '/api/dashboard/today/stream', await signIn(A.dashboard, passwordA)),
        openStream(w.server.ports.dashboard, B.dashboard, '/api/dashboard/today/stream', cookieB),
        openStream(second.ports.dashboard, B.dashboard, '/api/dashboard/today/stream', cookieB),
      ]);
      expect([await a.firstData, await b.firstData, await bElsewhere.firstData].every((d) => d.includes('event: ready'))).toBe(true);
      // an accommodation type made on B through the first instance: its trigger announces 'types'
      const made = await dash(B.dashboard, 'POST', 'dashboard/accommodations/insert', { cookie: cookieB, body: { name: 'Mobil-home', categories: [] } });
      expect(made.status, made.text).toBe(200);
      const changed = 'event: changed\ndata: {"topics":["types"]}';
      await eventually(async () => expect(b.said()).toContain(changed));
      // the second instance's stream of B hears it too, through the control database
      await eventually(async () => expect(bElsewhere.said()).toContain(changed));
      expect(a.said()).not.toContain('changed');
      // the streams' hubs listen on no connection of the sites' databases
      const listening = await onDatabaseQuery<{ n: number }>(w.env.CONTROL_DATABASE_URL!, "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname LIKE $1 AND application_name LIKE 'campsite-listener%'", [`${w.prefix}%`]);
      expect(listening[0].n).toBe(4);
      for (const s of [a, b, bElsewhere]) s.close();
    } finally {
      await second.close();
    }
  });

  it("forgets a site's cached answers on every instance before a write's answer leaves, with no connection listening per site", async () => {
    const second = await serveSites({ ...w.env, PORT: 0, GUEST_PORT: 0 });
    try {
      const onSecond = (path: string) => http(second.ports.guest, A.guest, 'GET', path);
      const before = (await onSecond('webapp/groups/list')).json() as unknown[];
      // read twice: the second answer comes from the second instance's cache
      expect((await onSecond('webapp/groups/list')).json()).toEqual(before);
      const cookieA = await signIn(A.dashboard, passwordA);
      await publishPage(A.dashboard, cookieA);
      // at once, not eventually: the write answered after the second instance forgot A's answers
      expect((await onSecond('webapp/groups/list')).json()).toHaveLength(before.length + 1);
      // the instances listen on the control database, one connection each: no cache listens on a site's database
      const listening = await onDatabaseQuery<{ n: number }>(urlA, 'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [listenerName(CHANGES_CHANNEL)]);
      expect(listening[0].n).toBe(0);
    } finally {
      await second.close();
    }
  });

  it("refuses site A's session cookie on B's host name, on the same parent domain", async () => {
    const cookieA = await signIn(A.dashboard, passwordA);
    expect((await dash(A.dashboard, 'GET', 'dashboard/users/session', { cookie: cookieA })).json()).toMatchObject({ username: 'admin' });
    expect((await dash(B.dashboard, 'GET', 'dashboard/users/session', { cookie: cookieA })).json()).toBe(false);
    const list = await dash(B.dashboard, 'GET', 'dashboard/users/list', { cookie: cookieA });
    expect(list.status).toBe(401);
    expect(list.json()).toMatchObject({ message: CORE.notSignedIn });
  });

  it('answers a plain 404 page to a host name no site has, and to a guest host on the dashboard port', async () => {
    const unknown = await dash('nulle-part.camping.test', 'GET', '/');
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/text\/html/);
    expect(unknown.text).toContain(escapeHtml(SITE_TEXTS.unknown));
    expect((await dash(A.guest, 'GET', 'dashboard/users/session')).status).toBe(404);
    // a load balancer's probe by address: the process answers
    const probe = await dash('127.0.0.1', 'GET', '/api/health');
    expect(probe.status).toBe(200);
    expect(probe.json()).toEqual({ status: 'ok', sites: w.server.map.size });
    // a reverse proxy's question before a certificate (on-demand TLS): yes for a site's names only
    const known = (domain: string) => dash('127.0.0.1', 'GET', `/api/sites/known?domain=${encodeURIComponent(domain)}`);
    expect((await known(A.dashboard)).status).toBe(200);
    expect((await known(A.guest.toUpperCase())).status).toBe(200);
    expect((await known('nulle-part.camping.test')).status).toBe(404);
    expect((await known('')).status).toBe(404);
    expect((await guest(A.dashboard, 'GET', 'webapp/groups/list')).status).toBe(404);
  });

  it("gives the plan of the control database, which the site's administrator screen cannot change", async () => {
    const cookieA = await signIn(A.dashboard, passwordA);
    const cookieB = await signIn(B.dashboard, passwordB);
    const adminA = await dash(A.dashboard, 'GET', 'dashboard/config/admin/list', { cookie: cookieA });
    expect(adminA.json()).toMatchObject({ features: 'essentiel' });
    expect((await dash(B.dashboard, 'GET', 'dashboard/config/admin/list', { cookie: cookieB })).json()).toMatchObject({ features: 'premium' });
    expect((await guest(B.guest, 'GET', 'webapp/config/public')).json()).toMatchObject({ features: 'premium' });

    // the screen saves its other settings with the plan it shows; asking for another plan is refused
    const settings = adminA.json() as Record<string, unknown>;
    const refused = await dash(A.dashboard, 'POST', 'dashboard/config/admin/update', { body: { ...settings, features: 'premium', show_stay_dates: false }, cookie: cookieA });
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({ message: CORE.planByOperator });
    const saved = await dash(A.dashboard, 'POST', 'dashboard/config/admin/update', { body: { ...settings, show_stay_dates: false }, cookie: cookieA });
    expect(saved.json()).toMatchObject({ features: 'essentiel', show_stay_dates: false });

    // the operator's command changes it, and the site follows within seconds
    expect(await runSiteCommand(w.server.control, w.env, ['plan', A.guest, 'premium'])).toEqual([`${A.dashboard} : formule premium.`]);
    await eventually(async () => expect((await guest(A.guest, 'GET', 'webapp/config/public')).json()).toMatchObject({ features: 'premium' }));
    expect((await dash(A.dashboard, 'GET', 'dashboard/config/admin/list', { cookie: cookieA })).json()).toMatchObject({ features: 'premium' });
  });

  it('serves within seconds a site added by the command while the server runs, and runs its jobs', async () => {
    const host = { dashboard: 'admin.lac.camping.test', guest: 'lac.camping.test' };
    expect((await dash(host.dashboard, 'GET', 'dashboard/users/session')).status).toBe(404);
    // the command's function, as `npm run site -- add … --demo` runs it: one line with the super's password
    const printed = await runSiteCommand(w.server.control, w.env, ['add', host.dashboard, host.guest, await w.createDatabase('lac'), '--demo']);
    expect(printed).toEqual([expect.stringMatching(/^login: admin password: \S{12}$/)]);
    await eventually(async () => expect((await dash(host.dashboard, 'GET', 'dashboard/users/session')).status).toBe(200));
    await signIn(host.dashboard, printed[0].split(' password: ')[1]);
    // the demo's booklet is there, and only there
    expect(((await guest(host.guest, 'GET', 'webapp/groups/list')).json() as unknown[]).length).toBeGreaterThan(0);
    expect((await guest(B.guest, 'GET', 'webapp/groups/list')).json()).toEqual([]);

    // its jobs run: a guest's sign-up is mailed by its own scheduler, with its host name in the link
    const lac = w.server.map.find('guest', 'lac.camping.test')!;
    const [client] = await onDatabaseQuery<{ code: string }>(lac.databaseUrl, 'SELECT activation_code AS code FROM clients ORDER BY client_number LIMIT 1');
    const signup = await guest('lac.camping.test', 'POST', 'webapp/account/signup', {
      body: { code: client.code, email: 'julie.martin@example.org', password: 'vacances-2026', firstname: 'Julie', lastname: 'Martin' },
    });
    expect(signup.json()).toEqual({ ok: true });
    // no SMTP_URL: the site's scheduler writes the mail in the site's own outbox
    const outbox = join(w.env.DATA_DIR, 'sites', String(lac.id), 'outbox');
    let mail = '';
    await eventually(async () => {
      const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
      expect(files).toHaveLength(1);
      mail = readFileSync(join(outbox, files[0]), 'utf8');
    });
    expect(mail).toContain('julie.martin@example.org');
    expect(mail.replace(/=\r?\n/g, '')).toContain('https://lac.camping.test/');
    for (const other of [A.guest, B.guest]) {
      const site = w.server.map.find('guest', other)!;
      expect(existsSync(join(w.env.DATA_DIR, 'sites', String(site.id), 'outbox'))).toBe(false);
    }
  });

  it('answers 503 with its sentence while a site is suspended, and serves it again once resumed', async () => {
    const cookieB = await signIn(B.dashboard, passwordB);
    const live = await openStream(w.server.ports.dashboard, B.dashboard, '/api/dashboard/today/stream', cookieB);
    expect(live.status).toBe(200);
    expect(await live.firstData).toContain('ready');
    expect(await runSiteCommand(w.server.control, w.env, ['suspend', B.dashboard])).toEqual([`${B.dashboard} : suspendu.`]);
    // the live stream of the dashboard's home ends: its reconnection meets the 503
    await live.ended;
    await eventually(async () => expect((await dash(B.dashboard, 'GET', 'dashboard/users/session', { cookie: cookieB })).status).toBe(503));
    const api = await guest(B.guest, 'GET', 'webapp/groups/list');
    expect(api.status).toBe(503);
    expect(api.json()).toEqual({ statusCode: 503, code: 'SUSPENDED', message: SITE_TEXTS.suspended });
    const page = await guest(B.guest, 'GET', '/');
    expect(page.status).toBe(503);
    expect(page.text).toContain(SITE_TEXTS.suspendedTitle);
    // a guest reads it in the language chosen on the device
    const german = await guest(B.guest, 'GET', '/fr', { cookie: 'lang=de' });
    expect(german.text).toContain('<html lang="de">');
    expect(german.text).toContain(textsFor('de').suspended);
    expect((await guest(B.guest, 'GET', 'webapp/groups/list', { cookie: 'lang=nl' })).json()).toMatchObject({ message: textsFor('nl').suspended });
    // staff read French whatever their device says
    expect((await dash(B.dashboard, 'GET', '/', { cookie: 'lang=de' })).text).toContain(escapeHtml(SITE_TEXTS.suspended));
    // the other sites go on
    expect((await guest(A.guest, 'GET', 'webapp/groups/list')).status).toBe(200);

    expect(await runSiteCommand(w.server.control, w.env, ['resume', B.guest])).toEqual([`${B.dashboard} : actif.`]);
    await eventually(async () => expect((await dash(B.dashboard, 'GET', 'dashboard/users/session', { cookie: cookieB })).json()).toMatchObject({ username: 'admin' }));
  });

  it('lists the sites, and refuses a host name already taken or malformed with one French line', async () => {
    const lines = await runSiteCommand(w.server.control, w.env, ['list']);
    expect(lines).toHaveLength(w.server.map.size);
    expect(lines[1]).toMatch(new RegExp(`^\\d+\\t${B.dashboard}\\t${B.guest}\\tpremium\\t(actif|suspendu)\\tpostgres://`));
    await expect(runSiteCommand(w.server.control, w.env, ['add', 'autre.camping.test', A.guest])).rejects.toThrow(`Le nom d'hôte « ${A.guest} » est déjà celui d'un autre site.`);
    await expect(runSiteCommand(w.server.control, w.env, ['add', 'http://x.test', 'y.test'])).rejects.toThrow("n'est pas un nom d'hôte valide");
    await expect(runSiteCommand(w.server.control, w.env, ['plan', A.guest, 'gold'])).rejects.toThrow('Formule inconnue « gold » : essentiel ou premium.');
    expect(await runSiteCommand(w.server.control, w.env, ['list'])).toEqual(lines);
  });
});
