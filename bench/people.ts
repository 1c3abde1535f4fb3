// `npm run bench:people`: the people lists on a generated base of 100 000 clients, 150 000 stays and
// 60 000 guest users, the client inventories list over 20 000 of these stays, and the import of 10 000
// rows. A benchmark: it prints figures, it asserts nothing.
// PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (the 50 ms p99 target is PostgreSQL's).
import pg from 'pg';
import { testApp } from '../apps/server/src/testing/harness';
import { generatePeople, importGenerated } from '../apps/server/src/testing/fixtures/people';
import { readFileSync } from 'node:fs';
import { header, line, listen, measure } from './measure';

const SIZE = { clients: Number(process.env.BENCH_CLIENTS ?? 100_000), extraStays: 50_000, guests: 60_000, importRows: 10_000 };

const TARGETS = [
  { name: 'clients: arrival, 2 filters', path: '/api/dashboard/clients/list?sort=arrival&stays=with&client_type=tourist' },
  { name: 'clients: arrival desc, on site', path: '/api/dashboard/clients/list?sort=arrival&order=desc&on_site=1&users=with' },
  { name: 'clients: last name "lef"', path: '/api/dashboard/clients/list?lastname=lef' },
  { name: 'clients: last name "elo" ', path: '/api/dashboard/clients/list?lastname=%C3%A9lo&sort=edited_time&order=desc' },
  { name: 'search: "lef"', path: '/api/dashboard/search?q=lef' },
  { name: 'search: "ma" (many)', path: '/api/dashboard/search?q=ma' },
  { name: 'search: "jean lef"', path: '/api/dashboard/search?q=jean%20lef' },
  { name: 'search: phone "06 00 01"', path: '/api/dashboard/search?q=06%2000%2001' },
  { name: 'search: stay number', path: '/api/dashboard/search?q=512345' },
  { name: 'stays: arrival', path: '/api/dashboard/stays/list?sort=arrival' },
  { name: 'guest users: newest', path: '/api/webapp/users/list?sort=created_time&order=desc' },
  { name: 'inventories: latest deposit', path: '/api/dashboard/inventories/list' },
  { name: 'inventories: last name', path: '/api/dashboard/inventories/list?sort=lastname&order=asc' },
  { name: 'inventories: location desc', path: '/api/dashboard/inventories/list?sort=location&order=desc' },
  { name: 'inventories: arrival', path: '/api/dashboard/inventories/list?sort=arrival' },
  { name: 'inventories: client', path: '/api/dashboard/inventories/list?sort=client_number' },
];

/**
 * 20 000 stays with an arrival inventory, 16 000 of them a departure one too, a comment on a quarter of
 * them: the base of the client inventories list (issue 31: 0.4–0.5 s a page before its summary rows).
 */
async function generateInventories(t: Awaited<ReturnType<typeof testApp>>, now: number) {
  await t.deps.database.exec(`
    INSERT INTO inventories (id, stay_number, type, accommodation_name, setup, status, create_time, update_time)
    SELECT 'a' || i, (500000 + i)::text, 'arrival', CASE WHEN i % 3 = 0 THEN 'Cottage' END, '[]',
      (ARRAY['uncompleted','completed','warning','infos','error'])[1 + i % 5], ${now} - i, ${now} - i
    FROM generate_series(1, 20000) AS i`);
  await t.deps.database.exec(`
    INSERT INTO inventories (id, stay_number, type, accommodation_name, setup, status, create_time, update_time)
    SELECT 'd' || i, (500000 + i)::text, 'departure', CASE WHEN i % 3 = 0 THEN 'Cottage' END, '[]',
      (ARRAY['completed','warning','uncompleted'])[1 + i % 3], ${now} - i + 5000, ${now} - i + 5000
    FROM generate_series(1, 20000) AS i WHERE i % 5 <> 0`);
  await t.deps.database.exec(`
    INSERT INTO inventory_comments (id, inventory_id, comment, time)
    SELECT 'c' || i, 'a' || i, 'RAS', ${now} FROM generate_series(4, 20000, 4) AS i`);
  await t.deps.database.exec('VACUUM ANALYZE');
}

async function run(label: string, databaseUrl: string | undefined) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  // as `npm start` runs it: answers serialized without zod's validation
  const t = await testApp({ env: { NODE_ENV: 'production' }, plan: 'premium' });
  const { cookie } = await t.signIn({ users: 1, inventories: 1 });
  let at = performance.now();
  await generatePeople(t.deps, SIZE);
  await generateInventories(t, Math.floor(Date.now() / 1000));
  console.log(`\n${label}: ${SIZE.clients} clients, ${SIZE.clients + SIZE.extraStays} stays, ${SIZE.guests} guest users generated in ${((performance.now() - at) / 1000).toFixed(1)} s`);
  const base = await listen(t.app);
  if (process.env.BENCH_HOLD) return hold(t, base, cookie);
  console.log(header());
  // BENCH_ONLY=on,lef measures only the calls whose name holds one of these words
  const only = process.env.BENCH_ONLY?.split(',');
  for (const target of TARGETS.filter((x) => !only || only.some((w) => x.name.includes(w)))) {
    await line(target.name, base, target.path, { cookie });
    if (process.env.BENCH_CPU) await cpuLine(t, base + target.path, cookie);
  }
  at = performance.now();
  const imp = await importGenerated(t.deps, SIZE.importRows);
  console.log(`import of ${SIZE.importRows} rows (clients and stays): ${imp.seconds.toFixed(1)} s, ${imp.rps.toFixed(0)} rows/s`);
  await t.close();
}

/** CPU seconds (user + system) of each of these processes so far, from /proc (clock ticks of 1/100 s). */
function cpuOf(pids: number[]) {
  const cpu = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // a backend that ended meanwhile
    }
  }
  return cpu;
}

/** The PostgreSQL backends of the bench's database (the server's pool), this session's own left out. */
async function backends(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rows } = await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
  await admin.end();
  return rows.map((r) => Number(r.pid));
}

/**
 * BENCH_CPU=1 (PostgreSQL on this machine): the CPU time a request of the server's process and of its
 * PostgreSQL backends, over another measured run; steadier than latencies on a shared machine. A backend
 * opened during the run counts whole; one closed during it is lost (said on the line).
 */
async function cpuLine(t: Awaited<ReturnType<typeof testApp>>, url: string, cookie: string) {
  const before = cpuOf(await backends(t.url!));
  const server = process.cpuUsage();
  const r = await measure(url, { cookie });
  const used = process.cpuUsage(server);
  const after = cpuOf(await backends(t.url!));
  let database = 0;
  for (const [pid, seconds] of after) database += seconds - (before.get(pid) ?? 0);
  const lost = [...before.keys()].filter((pid) => !after.has(pid)).length;
  const requests = r.rps * Number(process.env.BENCH_SECONDS ?? 5);
  const ms = (seconds: number) => ((seconds * 1000) / requests).toFixed(2);
  console.log(`  CPU a request: server ${ms((used.user + used.system) / 1e6)} ms, PostgreSQL ${ms(database)} ms (${r.rps.toFixed(0)} req/s${lost ? `, ${lost} backends closed during the run` : ''})`);
}

/**
 * BENCH_HOLD=1: the base generated, the server stays up for a profile or EXPLAIN (its address, cookie and
 * database printed) until SIGINT, then closes and exits, so that `node --cpu-prof` writes its profile.
 */
async function hold(t: Awaited<ReturnType<typeof testApp>>, base: string, cookie: string) {
  console.log(JSON.stringify({ base, cookie, database: t.url }));
  await new Promise((done) => process.once('SIGINT', done));
  await t.close();
  process.exit(0);
}

// read before the PGlite run, which unsets it for its own test app
const postgres = process.env.TEST_DATABASE_URL;
if (process.env.BENCH_DB !== 'postgres') await run('PGlite (embedded)', undefined);
if (postgres) await run('PostgreSQL', postgres);
process.exit(0);
