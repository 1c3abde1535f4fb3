import { beforeAll, describe, expect, it } from 'vitest';
import { contract, CORE, type CallDef } from '@campsite/shared';
import { callUrl } from '@campsite/shared/client';
import { DEMO_GUEST_PASSWORD } from '../seed/people';
import { eventually, http, onDatabaseQuery, setUpSitesWorld, type SitesWorld } from '../testing/fixtures/sites';

// Nothing crosses sites: every call of the contract, sent to site B's host names with site A's staff session
// and A's ids, finds nothing of A (docs/multisite.md). A has the demo, B is empty.
let w: SitesWorld;
setUpSitesWorld((world) => (w = world), { JOBS: 'off' });

const A = { dashboard: 'admin.pins.camping.test', guest: 'pins.camping.test' };
const B = { dashboard: 'admin.dunes.camping.test', guest: 'dunes.camping.test' };

const calls = Object.values(contract).flatMap((resource) => Object.values(resource) as CallDef[]);
/** A live stream never ends by itself: its refusal is checked, not its content. */
const isStream = (def: CallDef) => /\/stream$/.test(def.path);
/** Query parameters that name a thing by its id: given A's ids. */
const ID_PARAMS = /^(_?id|ids|category|group|page|list|animation|theme|icon|file|client|stay|guest|service|benefit|inventory|review|deposit|conversation|user)$/;

let cookieA = '';
let idsOfA: string[] = [];
let sampleOfA: string[] = [];
let nameOfA = '';
let siteA: { databaseUrl: string };

beforeAll(async () => {
  const a = await w.add({ dashboardHost: A.dashboard, guestHost: A.guest, demo: true });
  siteA = a.site;
  await w.add({ dashboardHost: B.dashboard, guestHost: B.guest });
  await eventually(async () => expect((await http(w.server.ports.dashboard, B.dashboard, 'GET', 'dashboard/users/session')).status).toBe(200));
  const login = await http(w.server.ports.dashboard, A.dashboard, 'POST', 'dashboard/users/login', { body: { login: 'admin', password: a.password } });
  cookieA = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
  // every id of A's tables (24 hex characters, random: one found in B's answer came from A)
  const tables = await onDatabaseQuery<{ table_name: string }>(
    a.site.databaseUrl,
    "SELECT table_name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'id' AND data_type = 'text' ORDER BY table_name",
  );
  for (const { table_name } of tables) {
    const rows = await onDatabaseQuery<{ id: string }>(a.site.databaseUrl, `SELECT id FROM "${table_name}"`);
    idsOfA.push(...rows.map((r) => r.id).filter((id) => /^[0-9a-f]{24}$/.test(id)));
    if (rows[0]) sampleOfA.push(rows[0].id);
  }
  idsOfA = [...new Set(idsOfA)];
  sampleOfA = sampleOfA.filter((id) => /^[0-9a-f]{24}$/.test(id));
  const [entry] = await onDatabaseQuery<{ name: string }>(a.site.databaseUrl, "SELECT value->>'establishment' AS name FROM config WHERE key = 'global'");
  nameOfA = entry.name;
}, 120_000);

describe("site A's session and ids on site B's host names", () => {
  it('A has content to find (the demo), and its session works on its own host name', async () => {
    expect(idsOfA.length).toBeGreaterThan(50);
    expect(nameOfA).not.toBe('Mon établissement');
    expect((await http(w.server.ports.dashboard, A.dashboard, 'GET', 'dashboard/users/list', { cookie: cookieA })).status).toBe(200);
  });

  it("answers every call of A with A's own session, on the apps every site shares, without a server error", { timeout: 120_000 }, async () => {
    const failed: string[] = [];
    for (const def of calls.filter((d) => !isStream(d) && d.access !== 'guest' && !/(logout|delete|reset|erase|restore)/.test(d.path))) {
      const port = def.path.startsWith('webapp/') && def.access === 'public' ? w.server.ports.guest : w.server.ports.dashboard;
      const host = port === w.server.ports.guest ? A.guest : A.dashboard;
      const res = await http(port, host, def.method, callUrl(def, undefined, { id: sampleOfA[0] }), { ...(def.method === 'POST' ? { body: {} } : {}), cookie: cookieA });
      if (res.status >= 500) failed.push(`${def.method} ${def.path}: ${res.status} ${res.text.slice(0, 120)}`);
    }
    expect(failed).toEqual([]);
  });

  it("refuses every staff and guest call: A's session is nobody on B", async () => {
    const refused: string[] = [];
    for (const def of calls.filter((d) => d.access !== 'public')) {
      const port = def.access === 'guest' ? w.server.ports.guest : w.server.ports.dashboard;
      const host = def.access === 'guest' ? B.guest : B.dashboard;
      const url = callUrl(def, undefined, { id: sampleOfA[0] });
      const res = await http(port, host, def.method, url, { ...(def.method === 'POST' ? { body: {} } : {}), cookie: cookieA });
      if (res.status !== 401 || (res.json() as { message: string }).message !== CORE.notSignedIn) refused.push(`${def.method} ${def.path}: ${res.status}`);
    }
    expect(refused).toEqual([]);
  });

  it("answers every public read with B's content only, whichever of A's ids it is given", async () => {
    const leaks: string[] = [];
    for (const def of calls.filter((d) => d.access === 'public' && d.method === 'GET' && !isStream(d))) {
      const shape = (def.query as unknown as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      const idKeys = Object.keys(shape).filter((k) => ID_PARAMS.test(k));
      for (const id of idKeys.length || /:\w+/.test(def.path) ? sampleOfA : [undefined]) {
        const query = Object.fromEntries(idKeys.map((k) => [k, id]));
        const res = await http(w.server.ports.guest, B.guest, 'GET', callUrl(def, query, { id: id ?? '' }), { cookie: cookieA });
        if (res.status >= 500) leaks.push(`${def.path}: ${res.status}`);
        const found = idsOfA.find((a) => res.text.includes(a));
        if (found) leaks.push(`${def.path} (${JSON.stringify(query)}): answers A's ${found}`);
        if (res.text.includes(nameOfA)) leaks.push(`${def.path}: answers A's name`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("gives A's guest session nothing either: every operation of B's OpenAPI document answers as without it", { timeout: 240_000 }, async () => {
    const [guestRow] = await onDatabaseQuery<{ email: string }>(siteA.databaseUrl, 'SELECT email FROM webapp_users WHERE activate AND password_hash IS NOT NULL ORDER BY email LIMIT 1');
    const login = await http(w.server.ports.guest, A.guest, 'POST', 'webapp/account/login', { body: { email: guestRow.email, password: DEMO_GUEST_PASSWORD } });
    const guestCookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
    expect(guestCookie).toMatch(/^session-webapp=.+/);
    expect((await http(w.server.ports.guest, A.guest, 'GET', 'webapp/account/me', { cookie: guestCookie })).status).toBe(200);
    const doc = (await http(w.server.ports.dashboard, B.dashboard, 'GET', '/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => (m === 'get' || m === 'post') && !/\/stream$/.test(path))
        .map((m) => ({ method: m.toUpperCase() as 'GET' | 'POST', path: path.replace(/\{[^}]+\}/g, sampleOfA[0]) })),
    );
    expect(operations.length).toBeGreaterThan(200);
    const markers = [...idsOfA, nameOfA, guestRow.email];
    const leaks: string[] = [];
    for (const op of operations) {
      const ask = (cookie?: string) => http(w.server.ports.guest, B.guest, op.method, op.path, { ...(op.method === 'POST' ? { body: {} } : {}), cookie });
      const [bare, withA] = [await ask(), await ask(guestCookie)];
      if (withA.status !== bare.status) leaks.push(`${op.method} ${op.path}: ${withA.status} with A's guest session, ${bare.status} without`);
      const found = markers.find((m) => withA.text.includes(m));
      if (found) leaks.push(`${op.method} ${op.path}: answers A's ${found}`);
    }
    expect(leaks).toEqual([]);
  });
});
