import { request } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CORE, OPERATOR, operatorCalls } from '@campsite/shared';
import { CROSS_ORIGIN_REFUSED } from '../../http/session';
import { runSiteCommand } from '../cli';
import { SITE_TEXTS } from '../dispatch';
import { eventually, http, onDatabase, setUpSitesWorld, type Answer, type SitesWorld } from '../../testing/fixtures/sites';
import { MAX_PER_PAIR } from '../../platform/throttle/sign-in';

// The operator console of a multi-site installation, over real HTTP on the dashboards' port: its host
// name (OPERATOR_HOST) reaches the operators' server, any other the campsites (docs/multisite.md).
const CONSOLE = 'console.camping.test';
let w: SitesWorld;
setUpSitesWorld((world) => (w = world), { OPERATOR_HOST: CONSOLE });

type Opts = { body?: unknown; cookie?: string };
/** An answer whose JSON the test reads as it comes (the assertions check its shape). */
type Read = Omit<Answer, 'json'> & { json(): any };
const op = (method: 'GET' | 'POST', path: string, opts?: Opts): Promise<Read> => http(w.server.ports.dashboard, CONSOLE, method, path, opts);
const dash = (host: string, method: 'GET' | 'POST', path: string, opts?: Opts): Promise<Read> => http(w.server.ports.dashboard, host, method, path, opts);
const guest = (host: string, method: 'GET' | 'POST', path: string, opts?: Opts): Promise<Read> => http(w.server.ports.guest, host, method, path, opts);

/** A suspend asked with the operator's cookie by a page of `origin` (node:http: the fixture sends no Origin). */
const fromPage = (origin: string, cookie: string) =>
  new Promise<{ status: number; json(): any }>((resolve, reject) => {
    const body = JSON.stringify({ id: 1 });
    const req = request(
      {
        host: '127.0.0.1',
        port: w.server.ports.dashboard,
        method: 'POST',
        path: '/api/operator/sites/suspend',
        headers: { host: CONSOLE, origin, cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const cookieOf = (headers: Record<string, string | string[] | undefined>) => String([headers['set-cookie']].flat()[0]);

async function signIn(login: string, password: string) {
  const res = await op('POST', 'operator/login', { body: { login, password } });
  expect(res.status, res.text).toBe(200);
  expect(res.json()).toEqual({ login });
  return cookieOf(res.headers).split(';')[0];
}

async function staffSignIn(host: string, password: string) {
  const res = await dash(host, 'POST', 'dashboard/users/login', { body: { login: 'admin', password } });
  expect(res.json()).toMatchObject({ username: 'admin' });
  return cookieOf(res.headers).split(';')[0];
}

const LAC = { dashboard: 'admin.lac.camping.test', guest: 'lac.camping.test' };

describe('the operator console', () => {
  let password: string;
  let cookie: string;
  let lac: { id: number; password: string };

  it('adds an operator with the command, its password printed once on one line', async () => {
    const [line, ...rest] = await runSiteCommand(w.server.control, w.env, ['operator', 'add', 'Ariane']);
    expect(rest).toEqual([]);
    const found = line.match(/^login: ariane password: (\S{12,})$/);
    expect(found, line).not.toBeNull();
    password = found![1];
    await expect(runSiteCommand(w.server.control, w.env, ['operator', 'add', 'ariane'])).rejects.toThrow("Un exploitant a déjà l'identifiant « ariane ».");
    await expect(runSiteCommand(w.server.control, w.env, ['operator', 'add', 'a b'])).rejects.toThrow("L'identifiant « a b » n'est pas valide");
  });

  it('refuses every operator call without a session, and serves none of them on a campsite host name', async () => {
    await w.add({ dashboardHost: 'admin.pins.camping.test', guestHost: 'pins.camping.test' });
    expect((await op('GET', 'operator/session')).json()).toBe(false);
    const closed = Object.values(operatorCalls).filter((c) => c.access === 'operator');
    expect(closed.length).toBe(7);
    for (const c of closed) {
      const res = await op(c.method, c.path, c.method === 'POST' ? { body: {} } : undefined);
      expect({ call: c.path, status: res.status, message: res.json().message }).toEqual({ call: c.path, status: 401, message: CORE.notSignedIn });
    }
    // a campsite's host name knows nothing of them, and the console knows nothing of a campsite's calls
    await eventually(async () => expect((await dash('admin.pins.camping.test', 'GET', 'dashboard/users/session')).status).toBe(200));
    expect((await dash('admin.pins.camping.test', 'GET', 'operator/session')).status).toBe(404);
    expect((await op('GET', 'dashboard/users/session')).status).toBe(404);
    // nor the console on the guests' port
    expect((await guest(CONSOLE, 'GET', 'operator/session')).json()).toMatchObject({ statusCode: 404, message: SITE_TEXTS.unknown });
  });

  it('signs an operator in with an HttpOnly, SameSite=Strict cookie of its own, and out', async () => {
    expect((await op('POST', 'operator/login', { body: { login: 'ariane', password: 'pas-le-bon' } })).json()).toBe(false);
    const res = await op('POST', 'operator/login', { body: { login: 'ARIANE', password } });
    expect(res.json()).toEqual({ login: 'ariane' });
    const set = cookieOf(res.headers);
    expect(set).toMatch(/^session-operator=/);
    // plain HTTP here (no proxy): no HSTS, which a browser would keep a year
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/SameSite=Strict/);
    const once = set.split(';')[0];
    expect((await op('GET', 'operator/session', { cookie: once })).json()).toEqual({ login: 'ariane' });
    // the operator's cookie opens nothing on a campsite
    expect((await dash('admin.pins.camping.test', 'GET', 'dashboard/users/list', { cookie: once })).status).toBe(401);
    // a write carrying the cookie from a page of another origin (a campsite's, on the same parent domain) is refused
    const forged = await fromPage('http://pins.camping.test', once);
    expect(forged.status).toBe(403);
    expect(forged.json()).toMatchObject({ message: CROSS_ORIGIN_REFUSED });
    expect((await op('POST', 'operator/logout', { body: {}, cookie: once })).json()).toBe(true);
    expect((await op('GET', 'operator/sites/list', { cookie: once })).status).toBe(401);
    const bad = await op('POST', 'operator/login', { body: { login: '', password: '' } });
    expect(bad.status).toBe(400);
    expect(bad.json().fields).toMatchObject({ login: CORE.loginRequired, password: CORE.passwordRequired });
    cookie = await signIn('ariane', password);
  });

  it('creates a site served on its host names at once, its super signing in with the password answered once', async () => {
    expect((await dash(LAC.dashboard, 'GET', 'dashboard/users/session')).status).toBe(404);
    const res = await op('POST', 'operator/sites/insert', { cookie, body: { dashboard_host: LAC.dashboard.toUpperCase(), guest_host: LAC.guest, demo: true, plan: 'premium' } });
    expect(res.status, res.text).toBe(200);
    const made = res.json();
    expect(made).toMatchObject({ site: { dashboard_host: LAC.dashboard, guest_host: LAC.guest, plan: 'premium', state: 'active' }, login: 'admin' });
    lac = { id: made.site._id, password: made.password };
    // no restart, no wait: this instance reloaded its map before answering
    const staff = await staffSignIn(LAC.dashboard, lac.password);
    expect((await dash(LAC.dashboard, 'GET', 'dashboard/config/admin/list', { cookie: staff })).json()).toMatchObject({ features: 'premium' });
    expect(((await guest(LAC.guest, 'GET', 'webapp/groups/list')).json() as unknown[]).length).toBeGreaterThan(0);
  });

  it('refuses a bad site with a French 400 and creates nothing', async () => {
    const before = (await op('GET', 'operator/sites/list', { cookie })).json().length;
    const cases: [unknown, string][] = [
      [{ dashboard_host: 'http://x.test', guest_host: 'y.test' }, OPERATOR.hostInvalid],
      [{ dashboard_host: 'x.test' }, OPERATOR.hostRequired],
      [{ dashboard_host: 'x.test', guest_host: 'y.test', plan: 'gold' }, OPERATOR.planInvalid],
      [{ dashboard_host: 'x.test', guest_host: 'y.test', database_url: 'mysql://x' }, OPERATOR.databaseUrlInvalid],
      [{ dashboard_host: 'autre.camping.test', guest_host: LAC.guest }, `Le nom d'hôte « ${LAC.guest} » est déjà celui d'un autre site.`],
      [{ dashboard_host: CONSOLE, guest_host: 'y.test' }, OPERATOR.hostIsConsole],
      [{ dashboard_host: 'x.test', guest_host: 'x.test' }, "Le tableau de bord et l'application client ont besoin de deux noms d'hôte différents."],
    ];
    for (const [body, message] of cases) {
      const res = await op('POST', 'operator/sites/insert', { cookie, body });
      expect({ body, status: res.status, message: res.json().message }).toEqual({ body, status: 400, message });
    }
    expect((await op('GET', 'operator/sites/list', { cookie })).json()).toHaveLength(before);
    expect((await op('POST', 'operator/sites/plan', { cookie, body: { id: 999999, plan: 'premium' } })).json()).toBe(false);
  });

  it("lists the sites with their health, and says which database does not answer while the list still answers", async () => {
    // one database that does not exist, one server that accepts the connection and never answers
    const sockets: Socket[] = [];
    const mute = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((r) => mute.listen(0, '127.0.0.1', r));
    const port = (mute.address() as AddressInfo).port;
    await w.server.control.pool.query(
      `INSERT INTO sites (dashboard_host, guest_host, database_url, created_at) VALUES
         ('admin.absent.camping.test', 'absent.camping.test', $1, 0), ('admin.muet.camping.test', 'muet.camping.test', $2, 0)`,
      [onDatabase(`${w.prefix}absent`), `postgres://postgres@127.0.0.1:${port}/muet`],
    );
    const list = (await op('GET', 'operator/sites/list', { cookie })).json() as { dashboard_host: string; health: Record<string, unknown> }[];
    const lacRow = list.find((s) => s.dashboard_host === LAC.dashboard)!;
    expect(lacRow.health).toMatchObject({ answers: true, jobs_waiting: expect.any(Number), failed_mails: 0, last_backup: null });
    expect(lacRow.health.schema_version).toMatch(/^\d{4}.*\.sql$/);
    // it answered requests just now (this instance's, not written yet)
    expect(lacRow.health.last_request).toBeGreaterThan(Date.now() / 1000 - 120);
    expect(list.find((s) => s.dashboard_host === 'admin.absent.camping.test')!.health).toEqual({ answers: false, error: `${OPERATOR.databaseSilent} : elle n'existe pas.` });
    expect(list.find((s) => s.dashboard_host === 'admin.muet.camping.test')!.health).toEqual({ answers: false, error: `${OPERATOR.databaseSilent} (aucune réponse en 2 secondes).` });
    mute.close();
    for (const socket of sockets) socket.destroy();
  });

  it("sets a site's plan, suspends and resumes it: its host names follow within seconds", async () => {
    expect((await op('POST', 'operator/sites/plan', { cookie, body: { id: lac.id, plan: 'essentiel' } })).json()).toMatchObject({ _id: lac.id, plan: 'essentiel' });
    await eventually(async () => expect((await guest(LAC.guest, 'GET', 'webapp/config/public')).json()).toMatchObject({ features: 'essentiel' }));

    expect((await op('POST', 'operator/sites/suspend', { cookie, body: { id: lac.id } })).json()).toMatchObject({ state: 'suspended' });
    await eventually(async () => expect((await guest(LAC.guest, 'GET', 'webapp/groups/list')).json()).toEqual({ statusCode: 503, code: 'SUSPENDED', message: SITE_TEXTS.suspended }));
    expect((await dash(LAC.dashboard, 'GET', 'dashboard/users/session')).status).toBe(503);

    expect((await op('POST', 'operator/sites/resume', { cookie, body: { id: lac.id } })).json()).toMatchObject({ state: 'active' });
    await eventually(async () => expect((await dash(LAC.dashboard, 'GET', 'dashboard/users/session')).status).toBe(200));
    const bad = await op('POST', 'operator/sites/suspend', { cookie, body: { id: 'un' } });
    expect(bad.status).toBe(400);
    expect(bad.json().message).toBe(OPERATOR.unknownSite);
  });

  it("brings a campsite's 'Oui, ça m'intéresse !' to the console: which site, who, when, what", async () => {
    const staff = await staffSignIn(LAC.dashboard, lac.password);
    const sent = await dash(LAC.dashboard, 'POST', 'dashboard/upsell/request', { cookie: staff, body: { what: 'Cautions' } });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json()).toBe(true);
    const empty = await dash(LAC.dashboard, 'POST', 'dashboard/upsell/request', { cookie: staff, body: { what: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.json().message).toBe(OPERATOR.upsellWhatRequired);
    const list = (await op('GET', 'operator/upsells/list', { cookie })).json();
    expect(list).toEqual([{ _id: expect.any(Number), site: lac.id, dashboard_host: LAC.dashboard, who: expect.stringContaining('(admin)'), what: 'Cautions', created_at: expect.any(Number) }]);
    expect(list[0].created_at).toBeGreaterThan(Date.now() / 1000 - 120);
  });

  it('publishes the OpenAPI document of the operator calls on its host name', async () => {
    const doc = (await op('GET', '/api/openapi.json')).json();
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(expect.arrayContaining(Object.values(operatorCalls).map((c) => `/api/${c.path}`)));
    expect(paths.every((p) => p.startsWith('/api/operator/'))).toBe(true);
    expect(doc.paths['/api/operator/sites/list'].get.security).toEqual([{ operatorSession: [] }]);
  });

  it('throttles sign-in as it does the staff: past the limit even the right password waits', async () => {
    const [line] = await runSiteCommand(w.server.control, w.env, ['operator', 'add', 'basile']);
    const right = line.split(' password: ')[1];
    for (let i = 0; i < MAX_PER_PAIR; i++) expect((await op('POST', 'operator/login', { body: { login: 'basile', password: `faux-${i}` } })).json()).toBe(false);
    const refused = await op('POST', 'operator/login', { body: { login: 'Basile', password: right } });
    expect(refused.status).toBe(429);
    expect(refused.json().message).toBe(CORE.tooManyAttempts);
    expect(refused.headers['retry-after']).toBeDefined();
    // the other operator is not concerned
    await signIn('ariane', password);
  });
});
