import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailRecipients, prestayEmails, pushSubscriptions } from '../../db/schema';
import { readRows } from '../../db/rows';
import { testApp, type TestApp } from '../../testing/harness';
import { addClient, addGuest, addStay } from '../../testing/fixtures/people';

/**
 * A client erased (issue 20, GDPR): the file, its stays, the guest accounts of the file or of its stays,
 * and everything that named them, in one transaction; the guests are signed out; the audit log keeps who
 * erased which number. Checked by reading every table of the database for anything of theirs. A failure
 * half-way (a trigger refusing the last delete) leaves everything as it was.
 */
let t: TestApp;
let staff: { cookie: string; userId: string; username: string };
let reader: string;
let guestCookie: string;
let needles: string[];
const EMAIL = 'zorglub.efface@example.fr';
const PARTICIPANT = 'ado.zorglub@example.fr';

beforeAll(async () => {
  t = await testApp();
  staff = await t.signIn({ users: 1 });
  reader = (await t.signIn({ stats: 1 })).cookie;
  await addClient(t.deps, { client_number: 'Z8001', lastname: 'Zorglubéa', firstname: 'Oscarine', email1: EMAIL, phone1: '06 99 88 77 66' });
  const s1 = await addStay(t.deps, { client_number: 'Z8001', stay_number: 'SZ8001A', location: 'Emplacement-Zorglub' });
  const s2 = await addStay(t.deps, { client_number: 'Z8001', stay_number: 'SZ8001B', arrival: t.deps.now() + 30 * 86400 });
  const primary = await addGuest(t.deps, { clientNumber: 'Z8001', stayNumber: s1, email: EMAIL, lastname: 'Zorglubéa', password: 'vacances-2025' });
  // a participant of the second stay, whose account names the stay but not the client
  const teen = await addGuest(t.deps, { clientNumber: null, stayNumber: s2, email: PARTICIPANT, lastname: 'Zorglubéa', notification: true });
  const login = await t.post('webapp/account/login', { email: EMAIL, password: 'vacances-2025' });
  guestCookie = String(login.headers['set-cookie']).split(';')[0];
  // a mail sent to them, one waiting, the pre-stay bookkeeping of a stay, wrong sign-ins on their address
  expect((await t.post('dashboard/clients/send-code', { client_number: 'Z8001' }, staff.cookie)).statusCode).toBe(200);
  await t.deps.db.insert(prestayEmails).values({ stayNumber: 'SZ8001B', nbdays: 7, campaignId: null, createdTime: t.deps.now() });
  await t.post('webapp/account/login', { email: PARTICIPANT, password: 'pas-le-bon' });
  // someone else, who stays
  await addClient(t.deps, { client_number: 'K9001', lastname: 'Voisin', email1: 'voisin@example.fr' });
  await addStay(t.deps, { client_number: 'K9001', stay_number: 'SK9001' });
  await addGuest(t.deps, { clientNumber: 'K9001', email: 'voisin@example.fr' });
  needles = ['Z8001', 'SZ8001', 'Zorglub', EMAIL, PARTICIPANT, primary, teen, '06 99 88 77 66'];
});
afterAll(() => t.close());

/** Every row of every table (but the audit log and the migrations) whose text holds one of the needles, as 'table: n'. */
async function traces(): Promise<string[]> {
  const tables = await readRows<{ name: string }>(t.deps.db, sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`);
  const found: string[] = [];
  for (const { name } of tables) {
    if (name === 'audit_log' || name === '_migrations') continue;
    const patterns = needles.map((n) => `%${n.toLowerCase()}%`);
    const [{ n }] = await readRows<{ n: number }>(t.deps.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)} x WHERE lower(x::text) LIKE ANY(${sql.param(patterns)}::text[])`);
    if (Number(n) > 0) found.push(`${name}: ${n}`);
  }
  return found;
}

const erase = (cookie: string, client_number = 'Z8001') => t.post('dashboard/clients/delete', { client_number }, cookie);

describe('erasing a client', () => {
  it('403 without the users flag, false for an unknown client; nothing changes', async () => {
    const before = await traces();
    expect((await erase(reader)).statusCode).toBe(403);
    expect((await erase(staff.cookie, 'nobody')).json()).toBe(false);
    expect(await traces()).toEqual(before);
  });

  it('a failure half-way leaves everything: file, stays, accounts, their session', async () => {
    const before = await traces();
    expect(before).toEqual(expect.arrayContaining([expect.stringMatching(/^clients: 1$/), expect.stringMatching(/^stays: 2$/), expect.stringMatching(/^webapp_users: 2$/)]));
    // the last statement of the erasure is refused by the database
    await t.deps.db.execute(sql.raw(`CREATE FUNCTION refuse_client_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused' USING ERRCODE = 'check_violation'; END $$`));
    await t.deps.db.execute(sql.raw('CREATE TRIGGER refuse_client_delete BEFORE DELETE ON clients FOR EACH ROW EXECUTE FUNCTION refuse_client_delete()'));
    const res = await erase(staff.cookie);
    expect(res.statusCode).toBe(400);
    await t.deps.db.execute(sql.raw('DROP TRIGGER refuse_client_delete ON clients'));
    await t.deps.db.execute(sql.raw('DROP FUNCTION refuse_client_delete()'));
    expect(await traces()).toEqual(before);
    expect((await t.get('webapp/account/me', guestCookie)).json()).toMatchObject({ email: EMAIL });
    expect(await t.deps.db.select().from(auditLog)).toEqual([]);
  });

  it('removes the file, its stays, its accounts and everything naming them in one call, signs the guests out, and logs it', async () => {
    const sent = await t.deps.db.select().from(emailRecipients);
    expect(sent.length).toBeGreaterThan(0);
    const res = await erase(staff.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe(true);
    expect(await traces()).toEqual([]);
    expect((await t.get('webapp/account/me', guestCookie)).json()).toBe(false);
    expect(await t.deps.db.select().from(pushSubscriptions)).toEqual([]);
    // the mail history keeps its rows and counts, without the person; the mail not sent yet is cancelled
    const after = await t.deps.db.select().from(emailRecipients);
    expect(after).toHaveLength(sent.length);
    expect(after.every((r) => r.email === '' && r.status === 'cancelled')).toBe(true);
    const [entry] = (await t.get('dashboard/audit/list', (await t.signIn({ super: 1 })).cookie)).json().rows;
    expect(entry).toMatchObject({
      actor: { _id: staff.userId, username: staff.username },
      target: { _id: 'Z8001', username: 'Z8001', kind: 'client' },
      changes: ['erasure'],
      detail: { stays: { from: 2, to: 0 }, accounts: { from: 2, to: 0 } },
    });
    // the neighbour is untouched
    const neighbour = (await t.post('dashboard/clients/find', { client_number: 'K9001' }, staff.cookie)).json();
    expect(neighbour.stays).toHaveLength(1);
    expect(neighbour.users).toHaveLength(1);
    expect((await erase(staff.cookie)).json()).toBe(false);
  });
});

