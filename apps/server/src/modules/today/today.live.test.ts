import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CHAT, accommodations, chat, deposits, zonedTimeToEpoch } from '@campsite/shared';
import { listenerName } from '../../db/client';
import { newId } from '../../lib/ids';
import { setEntry } from '../../platform/settings/settings.repository';
import { listening, openStream, type SseEvent, type StreamClient } from '../../testing/fixtures/chat';
import { makeSetup } from '../../testing/fixtures/inventories';
import { addFamily } from '../../testing/fixtures/today';
import { allFlags, testApp, type TestApp } from '../../testing/harness';
import { TODAY_CHANNEL } from './today.live';
import { dayBounds } from './today.service';

/**
 * The to-do list live, as behind a load balancer (issue 33): two server instances on one database
 * (PostgreSQL with TEST_DATABASE_URL, each its own pool and listener; else the embedded PGlite). A member's
 * stream on one instance hears, within seconds, what another member or a guest did through the other: the
 * topics its flags show, and no other.
 */
let t: TestApp;
let twin: Awaited<ReturnType<TestApp['twin']>>;
let one: string;
let two: string;
let admin: string;
const clock = zonedTimeToEpoch(2026, 8, 20, 10, 0, 'Europe/Paris');
const streams: StreamClient[] = [];
beforeAll(async () => {
  t = await testApp({ plan: 'premium', now: () => clock });
  twin = await t.twin();
  one = await listening(t.app);
  two = await twin.app.listen({ port: 0, host: '127.0.0.1' });
  admin = (await t.signIn(allFlags())).cookie;
  const setup = await makeSetup(t, admin, 'Mobil-home caution', ['Mobil-home Caution']);
  (await t.call(accommodations.updateDeposit, { id: setup._id, deposit: true }, admin)).answer();
  await setEntry(t.deps.db, 'deposit', { activate: true, amount: 15000, userId: 'a'.repeat(32), secret: 'S3cr3t-key-0123x', days: 7 });
}, 60_000);
afterAll(async () => {
  for (const s of streams) s.close();
  await twin?.close();
  await t?.close();
});

const PATH = 'dashboard/today/stream';
const open = async (base: string, cookie: string) => {
  const s = await openStream(base, PATH, cookie);
  streams.push(s);
  return s;
};
const ready = (s: StreamClient) => s.until((e) => e.some((x) => x.event === 'ready'));
/** The topics a stream heard after its `from`-th event. */
const heard = (s: StreamClient, from = 0) => s.events.slice(from).filter((e: SseEvent) => e.event === 'changed').flatMap((e) => JSON.parse(e.data).topics as string[]);
const hears = (s: StreamClient, topic: string, from = 0) => s.until(() => heard(s, from).includes(topic));
const family = () => addFamily(t.deps, { arrival: dayBounds(clock, t.deps.env.TIME_ZONE)[0], category: 'Mobil-home Caution', account: 'active' });

describe('the to-do list stream', () => {
  it('is an event stream for staff with a flag of the list, refused to others and to a reader that is not EventSource', async () => {
    const s = await open(one, admin);
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(s.headers['x-accel-buffering']).toBe('no');
    await ready(s);
    expect((await openStream(one, PATH, 'session-dashboard=faux')).status).toBe(401);
    expect((await openStream(one, PATH, (await t.signIn({ rubrics: 1, homepage: 1 })).cookie)).status).toBe(403);
    const plain = await t.get(PATH, admin);
    expect([plain.statusCode, plain.json().message]).toEqual([400, CHAT.streamOnly]);
  });

  it("carries what a member does on one instance to the others' lists on the other, each hearing only the topics of its flags", async () => {
    const desk = await open(two, admin);
    const users = await open(two, (await t.signIn({ users: 1 })).cookie);
    const mailer = await open(two, (await t.signIn({ emails: 1 })).cookie);
    await Promise.all([ready(desk), ready(users), ready(mailer)]);

    // a stay imported (a PMS, another member): the people
    const f = await family();
    await Promise.all([hears(desk, 'people'), hears(users, 'people')]);

    // a deposit asked from the first instance
    const mark = [desk.events.length, users.events.length, mailer.events.length];
    (await t.call(deposits.requestStay, { stay_number: f.stay }, admin)).answer();
    await hears(desk, 'deposits', mark[0]);

    // a guest writes: the members who read messages hear it
    const login = await t.post('webapp/account/login', { email: f.accountEmail, password: 'motdepasse-invite' });
    const guest = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
    (await t.call(chat.start, { subject: 'gas', message: 'Bouteille vide', key: `k-${newId()}` }, guest)).answer();
    await Promise.all([hears(desk, 'messages', mark[0]), hears(mailer, 'messages', mark[2])]);

    // what their flags do not show, they never heard of
    expect(heard(users, mark[1])).not.toContain('deposits');
    expect(heard(users)).not.toContain('messages');
    expect(heard(mailer)).not.toContain('deposits');
    expect(heard(mailer)).not.toContain('people');
  });

  // PostgreSQL only: an embedded database's listener never loses its connection
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('tells every stream to read again when its listening connection came back (pg_terminate_backend)', async () => {
    const s = await open(two, admin);
    const other = await open(one, admin);
    await Promise.all([ready(s), ready(other)]);
    const killed = (await t.deps.db.execute(
      sql`SELECT pg_terminate_backend(pid) AS gone FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${listenerName(TODAY_CHANNEL)}`,
    )) as unknown as { rows: unknown[] };
    expect(killed.rows.length).toBeGreaterThanOrEqual(2);
    await Promise.all([s, other].map((x) => x.until((e) => e.some((y) => y.event === 'sync'))));
    // and they listen again: a write after is heard on both
    const from = [s.events.length, other.events.length];
    await family();
    await Promise.all([hears(s, 'people', from[0]), hears(other, 'people', from[1])]);
  });
});
