import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, imports, stays, users, webappUsers } from '@campsite/shared';
import { clients as clientsTable, dashboardUsers, webappUsers as webappTable } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { addClient, addGuest } from '../../testing/fixtures/people';

/**
 * The permission matrix of every people call (calls.md 'Clients, stays', 'Guest app users', and the staff
 * calls users/list, find, insert, update), read from the contract itself so that a call added later is
 * checked too: no session 401, a guest session 401 (whatever cookie or header carries it), a staff member
 * without the flag 403 before any input is read, the flag lets the call through.
 */

let t: TestApp;
let guest: string;
let noFlag: { cookie: string; userId: string };
let withFlag: { cookie: string; userId: string };

const CALLS = [...Object.values(clients), ...Object.values(stays), ...Object.values(imports), ...Object.values(webappUsers), users.list, users.find, users.insert, users.update];
// these also serve the e-mail and notification screens (their own flags)
const SHARED = new Set(['dashboard/clients/find-many', 'webapp/users/find-many-by-clients']);

beforeAll(async () => {
  t = await testApp();
  await addClient(t.deps, { client_number: '77' });
  await addGuest(t.deps, { clientNumber: '77', email: 'invite@exemple.fr', password: 'vacances-2025' });
  const login = await t.post('webapp/account/login', { email: 'invite@exemple.fr', password: 'vacances-2025' });
  expect(login.statusCode).toBe(200);
  guest = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
  // every flag but users (and super, which opens the staff calls too)
  noFlag = await t.signIn({ homepage: 1, rubrics: 1, activities: 1, services: 1, reviews: 1, stats: 1, emails: 1, inventories: 1, deposits: 1, notifications: 1, params: 1 }, 'sansdroit');
  withFlag = await t.signIn({ users: 1 }, 'accueil');
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const send = (def: { method: 'GET' | 'POST'; path: string }, headers: Headers, input: Record<string, unknown> = {}) =>
  t.app.inject({
    method: def.method,
    url: `/api/${def.path}${def.method === 'GET' && Object.keys(input).length ? `?${new URLSearchParams(input as Record<string, string>)}` : ''}`,
    headers,
    ...(def.method === 'POST' ? { payload: input } : {}),
  });

async function counts() {
  return {
    clients: (await t.deps.db.select().from(clientsTable)).length,
    guests: (await t.deps.db.select().from(webappTable)).length,
    staff: (await t.deps.db.select().from(dashboardUsers)).length,
  };
}

describe('people calls: who reaches them', () => {
  it('covers every call of the sections', () => {
    expect(CALLS.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        'dashboard/clients/list', 'dashboard/clients/find', 'dashboard/clients/find-many', 'dashboard/clients/search', 'dashboard/clients/import',
        'dashboard/stays/list', 'dashboard/stays/find', 'dashboard/stays/find-by-client', 'dashboard/stays/search',
        'webapp/users/list', 'webapp/users/find', 'webapp/users/find-by-client', 'webapp/users/find-by-stay', 'webapp/users/find-many-by-clients',
        'webapp/users/search', 'webapp/users/send-email', 'dashboard/upload/file',
        'dashboard/users/list', 'dashboard/users/find', 'dashboard/users/insert', 'dashboard/users/update',
      ]),
    );
  });

  it('refuses without a session (401) and with a guest session by cookie or header (401), writing nothing', async () => {
    const before = await counts();
    const token = guest.split('=')[1];
    for (const def of CALLS) {
      for (const headers of [{}, { cookie: guest }, { cookie: `session-dashboard=${token}` }, { authorization: `Bearer ${token}` }] as Headers[]) {
        const res = await send(def, headers);
        expect({ path: def.path, headers, status: res.statusCode }).toEqual({ path: def.path, headers, status: 401 });
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a staff member without the users flag (403), writing nothing', async () => {
    const before = await counts();
    for (const def of CALLS) {
      if (SHARED.has(def.path)) continue;
      // users/find and users/update are open for one's own account: another's is refused
      const input =
        def === users.find ? { id: withFlag.userId }
        : def === users.update ? { id: withFlag.userId, lastname: 'Pirate', firstname: 'Jean', email: 'pirate@exemple.fr', username: 'pirate', password: 'motdepasse-pirate' }
        : {};
      const res = await send(def, { cookie: noFlag.cookie }, input);
      expect({ path: def.path, status: res.statusCode }).toEqual({ path: def.path, status: 403 });
    }
    for (const path of SHARED) {
      const def = CALLS.find((c) => c.path === path)!;
      expect((await send(def, { cookie: noFlag.cookie }, { clients: ['77'] })).statusCode).toBe(200);
    }
    expect(await counts()).toEqual(before);
    const [other] = await t.deps.db.select().from(dashboardUsers).where(eq(dashboardUsers.id, withFlag.userId));
    expect(other).toMatchObject({ username: 'accueil', lastname: 'Test' });
  });

  it('lets the users flag through: an answer, or a French 400 for the empty input, writing nothing', async () => {
    const before = await counts();
    for (const def of CALLS) {
      const res = await send(def, { cookie: withFlag.cookie });
      expect({ path: def.path, ok: [200, 400].includes(res.statusCode) }).toEqual({ path: def.path, ok: true });
      if (res.statusCode === 400) expect({ path: def.path, message: res.json().message }).toEqual({ path: def.path, message: expect.stringMatching(/^[A-ZÉÈ][^]*[a-zéèêàç ).!]$/) });
    }
    expect(await counts()).toEqual(before);
  });
});
