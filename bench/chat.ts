// `npm run bench:chat`: the message stream's fan-out, a benchmark (it prints figures, it asserts nothing).
// 1 000 event streams open on one server (staff tabs, each its own staff member, so that the per-person
// cap of streams does not close them; each receives every message, the worst case), then one guest
// message through the API: the time from the call to the last stream that received it, over a few rounds.
// On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
import { request, Agent } from 'node:http';
import { PERMISSIONS, type Permissions } from '@campsite/shared';
import { createSession } from '../apps/server/src/http/session';
import { newId } from '../apps/server/src/lib/ids';
import { insertUser } from '../apps/server/src/modules/users/users.repository';
import { addGuest } from '../apps/server/src/testing/fixtures/people';
import { testApp, type TestApp } from '../apps/server/src/testing/harness';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/** Opens a stream; `onMessage(text)` is called for each 'message' event's data. */
function open(base: string, path: string, cookie: string, onMessage: (data: string) => void): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/api/${path}`, { agent, headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`${path}: ${res.statusCode}`));
      let buffer = '';
      let ready = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: ready') && !ready) {
            ready = true;
            resolve(() => req.destroy());
          }
          if (block.includes('event: message')) onMessage(block.slice(block.indexOf('data: ') + 6));
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function staffCookies(t: TestApp, n: number) {
  const permissions = Object.fromEntries(PERMISSIONS.map((p) => [p, p === 'emails' ? 1 : 0])) as Permissions;
  const now = t.deps.now();
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = newId();
    await insertUser(t.deps.db, { id, lastname: 'Bench', firstname: `Agent${i}`, email: `agent${i}@bench.test`, username: `agent${i}`, passwordHash: 'x', avatar: null, permissions, createdTime: now, editedTime: now });
    cookies.push(`session-dashboard=${await createSession(t.deps, 'dashboard', id)}`);
  }
  return cookies;
}

async function round(t: TestApp, conversation: string, guestCookie: string, receivers: number, i: number) {
  const text = `bench-${i}-${Date.now()}`;
  let got = 0;
  const done = new Promise<number>((resolve) => waiters.set(text, () => ++got === receivers && resolve(performance.now())));
  const started = performance.now();
  const res = await t.post('webapp/chat/send', { conversation, message: text, key: `bench-${newId()}` }, guestCookie);
  if (res.statusCode !== 200) throw new Error(res.body);
  const answered = performance.now();
  const last = await done;
  return { answered: answered - started, last: last - started };
}
const waiters = new Map<string, () => void>();
const onMessage = (data: string) => {
  const text = (JSON.parse(data) as { message: string }).message;
  waiters.get(text)?.();
};

async function run(label: string, databaseUrl?: string) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const t = await testApp();
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await addGuest(t.deps, { email: 'writer@bench.test', password: 'vacances-2025' });
  const login = await t.post('webapp/account/login', { email: 'writer@bench.test', password: 'vacances-2025' });
  const guestCookie = String([login.headers['set-cookie']].flat()[0]).split(';')[0];
  const conversation = (await t.post('webapp/chat/start', { subject: 'gas', message: 'start', key: `bench-${newId()}` }, guestCookie)).json().conversation._id as string;

  const cookies = await staffCookies(t, STREAMS);
  const openedAt = performance.now();
  const closers: (() => void)[] = [];
  for (let i = 0; i < cookies.length; i += 100) closers.push(...(await Promise.all(cookies.slice(i, i + 100).map((c) => open(base, 'webapp/conversations/stream', c, onMessage)))));
  const openMs = performance.now() - openedAt;
  const times: { answered: number; last: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) times.push(await round(t, conversation, guestCookie, STREAMS, i));
  const sorted = times.map((x) => x.last).sort((a, b) => a - b);
  console.log(
    `${label.padEnd(10)} ${STREAMS} staff streams opened in ${openMs.toFixed(0)} ms;` +
      ` one message: answered in ${(times.reduce((s, x) => s + x.answered, 0) / ROUNDS).toFixed(1)} ms, last stream reached in median ${sorted[Math.floor(ROUNDS / 2)].toFixed(1)} ms, worst ${sorted[ROUNDS - 1].toFixed(1)} ms (${ROUNDS} rounds)`,
  );
  for (const c of closers) c();
  await t.close();
}

// read before the PGlite run, which unsets it for its own server
const POSTGRES = process.env.TEST_DATABASE_URL;
if (process.env.BENCH_DB !== 'postgres') await run('PGlite');
if (POSTGRES) await run('PostgreSQL', POSTGRES);
agent.destroy();
