// `npm run bench:peer`: our content reads side by side with Directus 11.3.5 and a bare Fastify route, on the
// same data, in one run. A benchmark run by hand (it prints figures and asserts nothing), never in CI.
//
// - ours: the server as `npm start` runs it (apps/server/dist, NODE_ENV=production; `npm run build:server`
//   first), once on PostgreSQL (a fresh database `bench_peer_ours`) and once on PGlite (a fresh data dir),
//   loaded through its API with the peer's booklet: 1 000 pages, 4 translations, one section of ~1 KB of HTML
//   per language;
// - Directus: installed and loaded by ../shared/bench/peer-directus/setup.sh (started here if it is not running);
// - bare: a Fastify route answering the bytes of our answers from memory, in its own process.
// Reads run interleaved (each read: ours PG, ours PGlite, Directus, bare, then again), 10 connections,
// a warm-up then a measured run, ids and offsets rotating; the table shows medians of the rounds.
// Environment: BENCH_SECONDS (8), BENCH_WARMUP (2), BENCH_ROUNDS (3), BENCH_PG (postgres://postgres@127.0.0.1:5432),
// DIRECTUS_URL (http://127.0.0.1:8055), PEER_DIR (as setup.sh), BENCH_TSX=1 to run ours through tsx instead of dist,
// BENCH_READS=one,fifty to measure only those reads, BENCH_CACHE_OFF=1 to add our server on PostgreSQL with the answer cache off (ANSWER_CACHE=off),
// BENCH_NODE_ARGS to pass node options to our servers (e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof" for a profile).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import sharp from 'sharp';

const ROOT = join(import.meta.dirname, '..');
const TMP = join(ROOT, '.tmp/bench-peer');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PG_SERVER = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432';
const DIRECTUS = process.env.DIRECTUS_URL ?? 'http://127.0.0.1:8055';
const DIRECTUS_TOKEN = 'peer-bench-static-token-0123456789';
const PEER_HARNESS = join(ROOT, '../shared/bench/peer-directus');
const PORT = Number(process.env.BENCH_PORT ?? 3550);
const ADMIN_PASSWORD = 'bench-peer-admin';
const N_PAGES = 1000;
const LANGS = ['en', 'de', 'fr', 'nl'];

type Read = 'one' | 'fifty' | 'all';
const ONLY = (process.env.BENCH_READS ?? '').split(',').filter(Boolean);
const READS: { read: Read; label: string }[] = [
  { read: 'one' as const, label: 'one page by id (guest)' },
  { read: 'fifty' as const, label: '50 pages with translations (guest list)' },
  { read: 'all' as const, label: "the dashboard's page list (1 000 pages, summary)" },
].filter((r) => ONLY.length === 0 || ONLY.includes(r.read));

interface Target {
  name: string;
  base: string;
  /** our server's data: the staff cookie and the pages' ids */
  data?: { cookie: string; ids: string[] };
  path(read: Read): () => string;
  headers(read: Read): Record<string, string>;
  pid?: number;
}

interface Result {
  rps: number;
  p99: number;
  bytes: number;
  errors: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rotate = (make: (n: number) => string) => {
  let n = 0;
  return () => make(n++);
};

async function waitFor(url: string, seconds = 120): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > seconds * 1000) throw new Error(`${url} did not answer in ${seconds} s`);
    await sleep(100);
  }
}

// ---------------------------------------------------------------- our server

const children: ChildProcess[] = [];
const stopChildren = () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
};
process.on('exit', stopChildren);

function startOurs(name: string, port: number, env: Record<string, string>, root = ROOT) {
  const dist = join(root, 'apps/server/dist/main.js');
  const viaTsx = process.env.BENCH_TSX === '1' || !existsSync(dist);
  // as `npm run serve` starts it (package.json)
  const extra = ['--max-semi-space-size=32', ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const args = [...extra, ...(viaTsx ? ['--import', 'tsx', join(root, 'apps/server/src/main.ts')] : [dist])];
  const log = openSync(join(TMP, `${name}.log`), 'w');
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), GUEST_PORT: String(port + 1), HOST: '127.0.0.1', SEED: 'none', ADMIN_PASSWORD, ...env },
    stdio: ['ignore', log, log],
  });
  children.push(child);
  return { child, viaTsx };
}

async function request(base: string, path: string, body: unknown, cookie?: string) {
  const res = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} → ${res.status} ${await res.text()}`);
  return { json: await res.json(), res };
}

const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ';
/** The peer's HTML of one page in one language (setup-schema.mjs). */
function html(lang: string, i: number) {
  let s = `<h1>${lang.toUpperCase()} page ${i}</h1>`;
  let p = 0;
  while (s.length < 1000) s += `<p>${lang}:${i}:${p++} ${LOREM}</p>`;
  return s.slice(0, 1024);
}

/** The peer's booklet through our API: 4 languages, 1 000 pages, each with one section in each language. */
async function load(base: string): Promise<{ cookie: string; ids: string[] }> {
  const { res } = await request(base, 'dashboard/users/login', { login: 'admin', password: ADMIN_PASSWORD });
  const cookie = String(res.headers.get('set-cookie')).split(';')[0];
  await request(
    base,
    'dashboard/config/global/update',
    { sendmail: false, establishment: 'Camping du banc', nbdays: [], langs: LANGS, lang_default: 'fr', background: null, welcome: [{ lang: 'fr', welcome: 'Bienvenue' }] },
    cookie,
  );
  const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#1d4e89' } }).png().toBuffer();
  const file = (await request(base, 'dashboard/files/insert', { name: 'i.png', type: 'image/png', data: png.toString('base64') }, cookie)).json;
  const icon = (await request(base, 'dashboard/icons/insert', { name: 'Info', type: 'lineal', theme: 'blank', icon: file }, cookie)).json;
  const ids: string[] = [];
  for (let start = 1; start <= N_PAGES; start += 10) {
    const batch = [];
    for (let i = start; i < start + 10; i++) {
      batch.push(
        request(
          base,
          'webapp/pages/insert',
          {
            category: null,
            sections: [{ icon: icon._id, translations: LANGS.map((lang) => ({ lang, title: `${lang.toUpperCase()} section ${i}`, html: html(lang, i) })) }],
            translations: LANGS.map((lang) => ({ lang, name: `${lang.toUpperCase()} name of page ${i}` })),
          },
          cookie,
        ),
      );
    }
    for (const r of await Promise.all(batch)) ids.push(r.json._id);
  }
  return { cookie, ids };
}

function oursTarget(name: string, base: string, cookie: string, ids: string[], pid?: number): Target {
  return {
    name,
    base,
    pid,
    data: { cookie, ids },
    path: (read) =>
      read === 'one'
        ? rotate((n) => `/api/webapp/pages/find?id=${ids[n % ids.length]}`)
        : read === 'fifty'
          ? rotate((n) => `/api/webapp/pages/list?limit=50&page=${(n % 20) + 1}`)
          : () => '/api/webapp/pages/list?nocover=1&nosections=1',
    // the peer's bench asks compressed answers only of the staff list; the same here
    headers: (read): Record<string, string> => (read === 'all' ? { cookie, 'accept-encoding': 'gzip, deflate, br' } : {}),
  };
}

// ---------------------------------------------------------------- the peer and the bare route

async function directusTarget(): Promise<Target> {
  try {
    await waitFor(`${DIRECTUS}/server/ping`, 1);
  } catch {
    if (!existsSync(join(PEER_HARNESS, 'start.sh'))) throw new Error(`Directus does not answer on ${DIRECTUS}: run ${PEER_HARNESS}/setup.sh`);
    console.log('starting Directus (../shared/bench/peer-directus/start.sh)');
    const r = spawnSync('bash', [join(PEER_HARNESS, 'start.sh')], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`Directus did not start: run ${PEER_HARNESS}/setup.sh first`);
  }
  const fields = 'fields=*,translations.*';
  return {
    name: 'Directus 11.3.5',
    base: DIRECTUS,
    path: (read) =>
      read === 'one'
        ? rotate((n) => `/items/pages/${(n % N_PAGES) + 1}?${fields}`)
        : read === 'fifty'
          ? rotate((n) => `/items/pages?limit=50&offset=${(n % 20) * 50}&sort=id&${fields}`)
          : () => '/items/pages?limit=-1&sort=id&fields=id,slug,sort,category,translations.languages_code,translations.name',
    headers: (read): Record<string, string> => (read === 'all' ? { authorization: `Bearer ${DIRECTUS_TOKEN}`, 'accept-encoding': 'gzip, deflate, br' } : {}),
  };
}

async function bareTarget(ours: Target, port: number): Promise<Target> {
  const bodies: Record<string, string> = {};
  for (const { read } of READS) {
    const res = await fetch(ours.base + ours.path(read)(), { headers: { ...ours.headers(read), 'accept-encoding': 'identity' } });
    bodies[read] = await res.text();
  }
  const file = join(TMP, 'bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/bare-server.ts'), String(port), file], { cwd: ROOT, stdio: 'inherit' });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/one`, 30);
  return { name: 'bare Fastify', base, path: (read) => () => `/${read}`, headers: () => ({}) };
}

// ---------------------------------------------------------------- measuring

function run(target: Target, read: Read, seconds: number): Promise<Result> {
  const next = target.path(read);
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.base,
        connections: 10,
        duration: seconds,
        headers: target.headers(read),
        requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
      },
      (err, r) =>
        err
          ? reject(err)
          : resolve({
              rps: r.requests.average,
              p99: r.latency.p99,
              bytes: r.throughput.average / Math.max(1, r.requests.average),
              errors: r.errors + r.non2xx + r.timeouts,
            }),
    );
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const group = (n: number) => Math.round(n).toLocaleString('fr-FR').replace(/\u202f|\u00a0/g, ' ');
const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`);

function rssMb(pid: number | undefined): string {
  if (!pid) return '?';
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return `${Math.round(kb / 1024)} MB`;
  } catch {
    return '?';
  }
}

async function main() {
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  console.log(`bench:peer — ${SECONDS} s runs after ${WARMUP} s of warm-up, ${ROUNDS} rounds interleaved, 10 connections`);
  console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  const freshDatabase = async (name: string) => {
    const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    return `${PG_SERVER}/${name}`;
  };
  const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
  const targets: Target[] = [];
  const starts: string[] = [];
  let port = PORT;
  const oursOn = async (name: string, env: Record<string, string>, opts: { data?: { cookie: string; ids: string[] }; root?: string } = {}) => {
    if (port === PORT + 4) port += 2; // the bare route's port
    const at = port;
    port += 2;
    const { child, viaTsx } = startOurs(name.replace(/\W+/g, '-'), at, env, opts.root);
    const took = await waitFor(`http://127.0.0.1:${at}/api/webapp/config/version`);
    starts.push(`${name}: first answer ${ms(took)} after spawn (${viaTsx ? 'tsx' : 'dist'})`);
    const started = Date.now();
    const data = opts.data ?? (await load(`http://127.0.0.1:${at}`));
    if (!opts.data) console.log(`${name}: ${data.ids.length} pages loaded through the API in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return oursTarget(name, `http://127.0.0.1:${at}`, data.cookie, data.ids, child.pid);
  };
  const pgUrl = await freshDatabase('bench_peer_ours');
  const first = await oursOn('ours on PostgreSQL', { DATABASE_URL: pgUrl });
  targets.push(first);
  if (!skip.has('pglite')) targets.push(await oursOn('ours on PGlite', { DATA_DIR: join(TMP, 'pglite') }));
  // other configurations of our server on the same data: "name:KEY=value KEY=value;name2:…"
  const variants = (process.env.BENCH_VARIANTS ?? '').split(';').filter(Boolean);
  if (process.env.BENCH_CACHE_OFF === '1') variants.push('cache off:ANSWER_CACHE=off');
  for (const v of variants) {
    const [name, settings = ''] = v.split(':');
    const env = Object.fromEntries(settings.split(' ').filter(Boolean).map((kv) => kv.split('=') as [string, string]));
    targets.push(await oursOn(`ours on PostgreSQL, ${name}`, { DATABASE_URL: pgUrl, ...env }, { data: first.data }));
  }
  // the server as it was, from another checkout (its own database, loaded the same way)
  if (process.env.BENCH_BEFORE) {
    targets.push(await oursOn('before, on PostgreSQL', { DATABASE_URL: await freshDatabase('bench_peer_before') }, { root: process.env.BENCH_BEFORE }));
  }
  if (!skip.has('directus')) targets.push(await directusTarget());
  if (!skip.has('bare')) targets.push(await bareTarget(first, PORT + 4));
  for (const s of starts) console.log(s);

  const results = new Map<string, Result[]>();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const { read } of READS) {
      for (const t of targets) {
        if (WARMUP > 0) await run(t, read, WARMUP);
        const r = await run(t, read, SECONDS);
        const key = `${t.name}|${read}`;
        results.set(key, [...(results.get(key) ?? []), r]);
        console.log(`  round ${round} ${read.padEnd(5)} ${t.name.padEnd(32)} ${group(r.rps).padStart(7)} req/s  p99 ${ms(r.p99).padStart(7)}  ${(r.bytes / 1024).toFixed(1)} KB${r.errors ? `  ${r.errors} errors` : ''}`);
      }
    }
  }

  const med = (t: Target, read: Read) => {
    const rs = results.get(`${t.name}|${read}`) ?? [];
    return { rps: median(rs.map((r) => r.rps)), p99: median(rs.map((r) => r.p99)), bytes: median(rs.map((r) => r.bytes)) };
  };
  const directus = targets.find((t) => t.name.startsWith('Directus'));
  const pglite = targets.find((t) => t.name === 'ours on PGlite');
  const ratios = directus ? ['ours on PostgreSQL ÷ Directus', ...(pglite ? ['ours on PGlite ÷ Directus'] : [])] : [];
  console.log(`\n| read | ${[...targets.map((t) => t.name), ...ratios].join(' | ')} |`);
  console.log(`|---|${[...targets, ...ratios].map(() => '---|').join('')}`);
  for (const { read, label } of READS) {
    const cells = targets.map((t) => {
      const m = med(t, read);
      return `${group(m.rps)} req/s, p99 ${ms(m.p99)}`;
    });
    const d = directus ? med(directus, read).rps : 0;
    const ratioCells = directus ? [first, ...(pglite ? [pglite] : [])].map((t) => `${(med(t, read).rps / d).toFixed(1)}×`) : [];
    console.log(`| ${label} | ${[...cells, ...ratioCells].join(' | ')} |`);
  }
  console.log(`\nanswer sizes (KB on the wire): ${READS.map(({ read }) => `${read}: ${targets.map((t) => `${t.name} ${(med(t, read).bytes / 1024).toFixed(1)}`).join(', ')}`).join('; ')}`);
  console.log(`resident memory after the run: ${targets.filter((t) => t.pid).map((t) => `${t.name} ${rssMb(t.pid)}`).join(', ')}`);
  console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(stopChildren);
