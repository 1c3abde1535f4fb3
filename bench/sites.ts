// `npm run bench:sites` (issue 35): many campsites in one installation, a benchmark (it prints figures, it
// asserts nothing). BENCH_SITES sites (200) are added to a new control database on a PostgreSQL server of the
// bench's own (Debian's, max_connections 400, fsync off as in the tests; BENCH_SITES_SERVER=postgres://…
// names another), each with its database created,
// migrated and given one page; two instances (SITES=on, `main.ts` as `npm start` runs it) serve them. Then:
// one page by id on one site, then on pages spread over every site (each request's Host picks its site),
// 10 connections across both instances; the instances' memory; the connections PostgreSQL holds for them.
// Everything it made is dropped at the end.
import { request } from 'node:http';
import { Agent } from 'node:http';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { readEnv } from '../apps/server/src/env';
import { openControl } from '../apps/server/src/sites/control';
import { addSite } from '../apps/server/src/sites/sites';
import { startMigrations } from '../apps/server/src/sites/operator/rolling-migration';
import { run, stopAll } from '../apps/server/src/testing/processes';
import { freePort } from '../apps/server/src/testing/outage';
import { startPostgresCluster } from '../apps/server/src/testing/postgres-cluster';

const SITES = Number(process.env.BENCH_SITES ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 10;
const cluster = process.env.BENCH_SITES_SERVER ? undefined : await startPostgresCluster(['max_connections=400']);
const server = process.env.BENCH_SITES_SERVER ?? cluster!.url();
const stamp = Date.now().toString(36);
const prefix = `bench_site_${stamp}_`;
const controlName = `bench_control_${stamp}`;
const at = (name: string) => Object.assign(new URL(server), { pathname: `/${name}` }).href;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

interface Answer {
  status: number;
  body: string;
  cookie?: string;
}
const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS * 2 });
function send(port: number, host: string, method: string, path: string, body?: unknown, cookie?: string) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { host, ...(payload ? { 'content-type': 'application/json', origin: `http://${host}` } : {}), ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: text, cookie: String(res.headers['set-cookie'] ?? '').split(';')[0] || undefined }));
      },
    );
    req.on('error', reject).end(payload);
  });
}

const created: string[] = [];
const instances: { pid: number; dashboard: number; guest: number }[] = [];
try {
  await admin.query(`CREATE DATABASE ${controlName}`);
  created.push(controlName);
  const env = readEnv({ SITES: 'on', CONTROL_DATABASE_URL: at(controlName), SEED: 'none', SITES_SCHEME: 'http', LOG_LEVEL: 'error' });
  const control = openControl(at(controlName));
  // the control database's migrations, as an instance applies them at its start
  const { migrateControl } = await import('../apps/server/src/sites/control');
  await migrateControl(control);

  console.log(`bench:sites — ${SITES} sites on one PostgreSQL server, 2 instances, ${CONNECTIONS} connections, ${SECONDS} s a run; load ${load()}`);
  const added = Date.now();
  const sites: { host: string; guest: string; login: string; password: string }[] = [];
  for (let i = 0; i < SITES; i++) {
    const made = await addSite(control, env, { dashboardHost: `s${i}.bench.test`, guestHost: `app${i}.bench.test`, databasePrefix: prefix });
    created.push(`${prefix}${made.site.id}`);
    sites.push({ host: made.site.dashboardHost, guest: made.site.guestHost, login: made.login, password: made.password });
    if ((i + 1) % 50 === 0) console.log(`  ${i + 1} sites added (${((Date.now() - added) / 1000).toFixed(0)} s)`);
  }
  const addSeconds = (Date.now() - added) / 1000;
  console.log(`adding ${SITES} sites (database created, every migration applied, super account): ${addSeconds.toFixed(0)} s, ${((addSeconds / SITES) * 1000).toFixed(0)} ms a site; load ${load()}`);
  await control.close();

  for (let n = 0; n < 2; n++) {
    const [dashboard, guest] = [await freePort(), await freePort()];
    const child = run(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      SITES: 'on',
      CONTROL_DATABASE_URL: at(controlName),
      SITES_SCHEME: 'http',
      PORT: String(dashboard),
      GUEST_PORT: String(guest),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      DATA_DIR: `.tmp/bench-sites-${stamp}-${n}`,
      DATABASE_URL: undefined,
    });
    await child.line(/Mode multi-sites/);
    instances.push({ pid: child.child.pid!, dashboard, guest });
  }

  // one page on each site, through its own dashboard (sign-in, insert), and the guest app opened
  const pages: string[] = [];
  for (const [i, s] of sites.entries()) {
    const port = instances[i % 2].dashboard;
    const login = await send(port, s.host, 'POST', '/api/dashboard/users/login', { login: s.login, password: s.password });
    if (login.status !== 200 || !login.cookie) throw new Error(`sign-in on ${s.host}: ${login.status} ${login.body}`);
    const page = await send(port, s.host, 'POST', '/api/webapp/pages/insert', { translations: [{ lang: 'fr', name: `Bienvenue au camping ${i}` }] }, login.cookie);
    if (page.status !== 200) throw new Error(`page on ${s.host}: ${page.status} ${page.body}`);
    pages.push(JSON.parse(page.body)._id);
  }

  /** CONNECTIONS loops for SECONDS, each request to the next instance in turn and to the site `pick` chooses. */
  async function measure(label: string, pick: (n: number) => number) {
    const latencies: number[] = [];
    let errors = 0;
    let n = 0;
    const end = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < end) {
          const k = n++;
          const i = pick(k);
          const started = performance.now();
          const answer = await send(instances[k % 2].guest, sites[i].guest, 'GET', `/api/webapp/pages/find?id=${pages[i]}`);
          latencies.push(performance.now() - started);
          if (answer.status !== 200) errors++;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(1);
    console.log(`${label.padEnd(44)} ${String(Math.round(latencies.length / SECONDS)).padStart(6)} req/s  p50 ${q(0.5).padStart(6)} ms  p99 ${q(0.99).padStart(6)} ms${errors ? `  (${errors} not 200)` : ''}; load ${load()}`);
    return Number(q(0.99));
  }
  // warm: every site opened on both instances once
  /** The connections PostgreSQL holds for both instances (their sites' and the control database's). */
  const held = async () =>
    Number((await admin.query<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname LIKE 'bench\\_site\\_${stamp}\\_%' OR datname = $1`, [controlName])).rows[0].n);
  await measure('warm-up (every site, both instances)', (k) => k % SITES);
  const one = await measure('one page by id, one site', () => 0);
  let peak = 0;
  const sampler = setInterval(() => void held().then((n) => (peak = Math.max(peak, n)), () => {}), 250);
  const spread = await measure(`one page by id, spread over ${SITES} sites`, (k) => Math.floor(((k * 7919) % SITES)));
  clearInterval(sampler);
  console.log(`connections during the spread run: at most ${peak}`);
  console.log(`spread p99 / one-site p99: ${(spread / one).toFixed(2)} (goal: within 20 %)`);

  for (const [n, inst] of instances.entries()) {
    const status = readFileSync(`/proc/${inst.pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    console.log(`instance ${n + 1}: resident ${(kb('VmRSS') / 1024).toFixed(0)} MB, peak ${(kb('VmHWM') / 1024).toFixed(0)} MB (goal: under 1 GB)`);
  }
  console.log(`connections PostgreSQL holds for both instances after the runs: ${await held()} (goal: under 300 in all)`);

  // the operator's rolling migration of every site (the console's, `npm run site -- migrate`), while both
  // instances serve: each site's migrations checked under its lock (a release's new ones would apply here)
  const console2 = openControl(at(controlName));
  const migrating = Date.now();
  const { done } = await startMigrations(console2);
  const rolled = await done;
  console.log(`rolling migration of ${rolled.total} sites (nothing to apply, every site checked): ${((Date.now() - migrating) / 1000).toFixed(1)} s, ${rolled.failures.length} failed; load ${load()}`);
  await console2.close();
} finally {
  await stopAll();
  agent.destroy();
  for (const name of created.reverse()) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((err: Error) => console.error(`${name}: ${err.message}`));
  await admin.end();
  await cluster?.destroy();
}
