// `npm run bench:services`: the booking engine's read and write (issue 22). A benchmark: it prints figures,
// it asserts nothing. A benefit of 30 minutes offered by 5 workers from 08:00 to 20:00, with 1 000 bookings
// already in the coming 30 days; measured with 10 connections:
// - the free slots of the benefit over 30 days (the guest app's read: the window's slots kept until the next
//   write, the clock applied per request, issue 31);
// - a guest's booking (lock of the 5 workers' rows, the day's bookings read, the slot computed, the insert
//   and its mail job queued), each request on the next free slot: one guest on the 10 connections (their
//   bookings also wait on the guest's row lock, the per-guest ceiling), then ten guests.
// Each beside a bare Fastify route answering the same bytes. PGlite always; PostgreSQL too with TEST_DATABASE_URL.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance } from 'fastify';
import { localDays, zonedTimeToEpoch } from '../packages/shared/src';
import { serviceReservations } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/lib/ids';
import { ALL_YEAR, addStayingGuest, dailyHours, makeBenefit, makeService, makeWorker } from '../apps/server/src/testing/fixtures/services';
import { testApp } from '../apps/server/src/testing/harness';
import { machinePace } from './measure';

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon');
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

/**
 * autocannon in a process of its own (in the server's it would take half of the one thread it measures); POSTs
 * take the next body each, with its own cookie when it names one (`{ cookie, body }`: each request as another guest).
 */
async function measure(url: string, headers: Record<string, string>, bodies: (string | { cookie: string; body: string })[] | null, seconds = DURATION) {
  const file = `/tmp/bench-services-${process.pid}.json`;
  writeFileSync(file, JSON.stringify(bodies ?? []));
  const script = `
    const autocannon = require(${JSON.stringify(AUTOCANNON)});
    const bodies = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'));
    let i = 0;
    const post = bodies.length > 0;
    autocannon({
      url: ${JSON.stringify(url)}, connections: 10, duration: ${seconds},
      method: post ? 'POST' : 'GET',
      headers: Object.assign(${JSON.stringify(headers)}, post ? { 'content-type': 'application/json' } : {}),
      requests: post ? [{ setupRequest: (req) => {
        const next = bodies[i++ % bodies.length];
        return typeof next === 'string' ? Object.assign(req, { body: next }) : Object.assign(req, { body: next.body, headers: Object.assign({}, req.headers, { cookie: next.cookie }) });
      } }] : undefined,
    }, (err, r) => process.stdout.write(JSON.stringify(r)));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  // the server's CPU time a request (this process: the server and, for PGlite, its database): steadier than
  // latencies on a machine shared with other work
  const cpu = process.cpuUsage();
  await new Promise((done) => child.on('exit', done));
  const used = process.cpuUsage(cpu);
  const r = JSON.parse(out) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number };
  const cpuMs = (used.user + used.system) / 1000 / Math.max(1, r.requests.total);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, cpuMs };
}

async function bareOf(method: 'GET' | 'POST', body: string) {
  const bare = Fastify();
  bare.route({ method, url: '/*', handler: async (_req, reply) => reply.type('application/json').send(body) });
  return { bare, url: await listen(bare) };
}

const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);

async function run(label: string, databaseUrl: string | undefined) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  // as `npm start` runs it: answers serialized without zod's validation
  const t = await testApp({ plan: 'premium', env: { NODE_ENV: 'production' } });
  const tz = t.deps.env.TIME_ZONE;
  const staff = (await t.signIn({ services: 1 })).cookie;
  const s = await makeService(t, staff);
  const b = await makeBenefit(t, staff, s._id, { duration_hour: 0, duration_minute: 30, simultaneous: 1, open_hours: [dailyHours('08:00', '20:00')] });
  const workers: { _id: string }[] = [];
  for (let i = 0; i < 5; i++) workers.push(await makeWorker(t, staff, s._id, [b._id], { firstname: `Moniteur ${i}`, working_hours: [dailyHours('08:00', '20:00')] }));
  // 1 000 bookings in the coming 30 days: the first 7 slots of each day, for every worker (7 × 5 × 30 = 1 050)
  const now = Math.floor(Date.now() / 1000);
  const days = localDays(now + 86400, 30, tz);
  const rows = days.flatMap((d) =>
    workers.flatMap((w) =>
      Array.from({ length: 7 }, (_, k) => {
        const start = zonedTimeToEpoch(d.year, d.month, d.day, 8 + Math.floor(k / 2), (k % 2) * 30, tz);
        return { id: newId(), service: s._id, worker: w._id, benefit: b._id, start, end: start + 1800, answers: [], source: 'dashboard' as const, createdTime: now };
      }),
    ),
  );
  for (let i = 0; i < rows.length; i += 500) await t.deps.db.insert(serviceReservations).values(rows.slice(i, i + 500));
  // a guest staying the whole month, whom the per-guest day ceiling does not stop (issue 29): the bench books every place
  const { id: guestId } = await addStayingGuest(t.deps, { email: 'bench@example.test', arrival: now - 86400, departure: now + 32 * 86400 });
  const ceiling = { id: s._id, open_dates: ALL_YEAR, open_hours: [dailyHours('08:00', '20:00')], duration_hour: 0, duration_minute: 30, interval_hour: 0, interval_minute: 0, limit_end: 0, guest_day_places: 1000, translations: [{ lang: 'fr', location: 'Ponton' }] };
  if ((await t.post('dashboard/services/update-duration', ceiling, staff)).statusCode !== 200) throw new Error('ceiling refused');
  const cookieOf = async (email: string) => String([(await t.post('webapp/account/login', { email, password: 'vacances-2025' })).headers['set-cookie']].flat()[0]).split(';')[0];
  const cookie = await cookieOf('bench@example.test');
  // ten other guests staying the month: each connection's bookings as another guest (they contend for the workers only)
  const guests: string[] = [];
  for (let i = 0; i < 10; i++) {
    await addStayingGuest(t.deps, { email: `bench-${i}@example.test`, arrival: now - 86400, departure: now + 32 * 86400 });
    guests.push(await cookieOf(`bench-${i}@example.test`));
  }
  const base = await listen(t.app);
  console.log(`\n${label}: 5 workers, ${rows.length} bookings in 30 days (guest ${guestId.slice(0, 6)}…), machine pace ${machinePace().toFixed(0)} ms`);
  console.log(`${'call (10 connections)'.padEnd(40)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'CPU ms'.padStart(9)}${'bare req/s'.padStart(12)}${'bare CPU'.padStart(10)}  ratio`);

  const slotsPath = `/api/webapp/services/slots?benefit=${b._id}&from=${now + 86400}&days=30`;
  const slotsBody = await (await fetch(base + slotsPath)).text();
  const free = JSON.parse(slotsBody) as { start: number; places: number | null }[];
  // BENCH_ONLY=book: the booking alone (a CPU profile of the write, `node --cpu-prof --import tsx`)
  if (process.env.BENCH_ONLY !== 'book') {
    await measure(base + slotsPath, {}, null, 2);
    const read = await measure(base + slotsPath, {}, null);
    const bareRead = await bareOf('GET', slotsBody);
    const bareReadRun = await measure(bareRead.url + slotsPath, {}, null);
    await bareRead.bare.close();
    console.log(`${`free slots, 30 days (${free.length} slots, ${(slotsBody.length / 1024).toFixed(0)} KB)`.padEnd(40)}${fmt(read.rps)}${fmt(read.p50, 1)}${fmt(read.p99, 1)}${fmt(read.cpuMs, 2)}${fmt(bareReadRun.rps).padStart(12)}${fmt(bareReadRun.cpuMs, 2).padStart(10)}  ${(read.rps / bareReadRun.rps).toFixed(2)}${read.errors ? `  (${read.errors} errors)` : ''}`);

    // the read as it was before issue 31 (and as it is after every write): the cache emptied before each request, one at a time
    const missTimes: number[] = [];
    const missCpu = process.cpuUsage();
    for (let i = 0; i < 50; i++) {
      t.deps.cache.changed();
      const t0 = performance.now();
      await fetch(base + slotsPath).then((r) => r.text());
      missTimes.push(performance.now() - t0);
    }
    const missUsed = process.cpuUsage(missCpu);
    missTimes.sort((a, b) => a - b);
    console.log(`${'  the same after a write (1 connection)'.padEnd(40)}${fmt(1000 / (missTimes.reduce((a, b) => a + b, 0) / 50))}${fmt(missTimes[25], 1)}${fmt(missTimes[49], 1)}${fmt((missUsed.user + missUsed.system) / 1000 / 50, 2)}`);
  }

  // one body per free place, in order, so that every request books (neighbours contend for the same workers)
  const bodies = free.flatMap((f) => Array.from({ length: f.places ?? 1 }, () => JSON.stringify({ benefit: b._id, start: f.start, identity: 'Bench' })));
  const sample = await t.post('webapp/services/book', JSON.parse(bodies.pop()!), cookie);
  // the first half of the places for the one guest, the second for the ten
  const half = Math.floor(bodies.length / 2);
  const write = await measure(`${base}/api/webapp/services/book`, { cookie }, bodies.slice(0, half));
  const many = await measure(`${base}/api/webapp/services/book`, {}, bodies.slice(half).map((body, i) => ({ cookie: guests[i % guests.length], body })));
  if (process.env.BENCH_ONLY === 'book') {
    console.log(`a guest books: ${write.rps.toFixed(0)} req/s, p50 ${write.p50} ms, p99 ${write.p99} ms, ${write.cpuMs.toFixed(2)} ms CPU`);
    console.log(`ten guests book: ${many.rps.toFixed(0)} req/s, p50 ${many.p50} ms, p99 ${many.p99} ms, ${many.cpuMs.toFixed(2)} ms CPU${many.errors ? ` (${many.errors} refused or failed)` : ''}`);
    return t.close();
  }
  const bareWrite = await bareOf('POST', sample.body);
  const bareWriteRun = await measure(`${bareWrite.url}/api/webapp/services/book`, {}, bodies);
  await bareWrite.bare.close();
  const writeLine = (name: string, r: typeof write) =>
    console.log(`${name.padEnd(40)}${fmt(r.rps)}${fmt(r.p50, 1)}${fmt(r.p99, 1)}${fmt(r.cpuMs, 2)}${fmt(bareWriteRun.rps).padStart(12)}${fmt(bareWriteRun.cpuMs, 2).padStart(10)}  ${(r.rps / bareWriteRun.rps).toFixed(2)}${r.errors ? `  (${r.errors} refused or failed)` : ''}`);
  writeLine('a guest books the next free place', write);
  writeLine('ten guests book the next free places', many);
  await t.close();
}

const POSTGRES = process.env.TEST_DATABASE_URL;
if (process.env.BENCH_DB !== 'postgres') await run('PGlite (embedded)', undefined);
if (POSTGRES) await run('PostgreSQL', POSTGRES);
process.exit(0);
