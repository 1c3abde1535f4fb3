// `npm run bench:stats`: the statistics reads over a year of visits (issue 25). A benchmark: it prints
// figures, it asserts nothing. One million visits over the twelve months before now (a campsite's season,
// full in summer), written as the guest app records them; then, on PGlite always and on PostgreSQL with
// TEST_DATABASE_URL:
// - the reads counted live on the raw log (the state before the hourly rollup job has run once);
// - the rollup job catching up the whole year (each of its runs, and its longest statement pair);
// - the same reads on the rollup (only today counted live), one at a time, then under 10 connections.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { addDays, dayOf, statsPeriod } from '../packages/shared/src';
import { demoScreens, insertSeasonVisits } from '../apps/server/src/seed/statistics';
import { rollUp } from '../apps/server/src/modules/stats/rollup.run';
import { bookletFixture } from '../apps/server/src/testing/fixtures/booklet';
import { testApp, type TestApp } from '../apps/server/src/testing/harness';

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon');
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const VISITS = Number(process.env.BENCH_VISITS ?? 1_000_000);
/** PER_MONTH of seed/statistics.ts adds up to about 27 900 views a year at scale 1 */
const SCALE = VISITS / 27_900;

async function measure(url: string, cookie: string) {
  const script = `
    require(${JSON.stringify(AUTOCANNON)})({ url: ${JSON.stringify(url)}, connections: 10, duration: ${DURATION}, headers: { cookie: ${JSON.stringify(cookie)} } },
      (err, r) => process.stdout.write(JSON.stringify(r)));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  await new Promise((done) => child.on('exit', done));
  const r = JSON.parse(out) as { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number };
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** One call's time and the longest the event loop was held meanwhile (PGlite runs in our thread). */
async function timed<T>(work: () => Promise<T>) {
  let last = performance.now();
  let held = 0;
  const tick = setInterval(() => {
    const at = performance.now();
    held = Math.max(held, at - last - 2);
    last = at;
  }, 2);
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  clearInterval(tick);
  held = Math.max(held, performance.now() - last - 2);
  return { result, ms, held: Math.max(0, held) };
}

const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);

async function run(label: string, databaseUrl: string | undefined) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const t: TestApp = await testApp({ env: { NODE_ENV: 'production' } });
  const tz = t.deps.env.TIME_ZONE;
  const now = t.deps.now();
  const today = dayOf(now, tz);
  await bookletFixture(t.deps.db);
  const screens = [...(await demoScreens(t.deps.db)), ...Array.from({ length: 40 }, (_, i) => ({ component: 'activity', target: `activity-${i}`, weight: 12 / (i + 2) }))];
  const filled = await timed(() => insertSeasonVisits(t.deps.db, { from: addDays(today, -364), to: today, until: now, timeZone: tz, scale: SCALE, screens }));
  const cookie = (await t.signIn({ stats: 1, homepage: 1 })).cookie;
  console.log(`\n${label}: ${filled.result.toLocaleString('en')} visits over a year, written in ${(filled.ms / 1000).toFixed(1)} s`);

  const periods = {
    'this week': statsPeriod('week', today),
    'this month': statsPeriod('month', today),
    'the season (7 months)': statsPeriod('season', today),
    'a year (custom, 365 days)': { from: addDays(today, -364), to: today },
  };
  const readAll = async (title: string) => {
    console.log(`${title.padEnd(40)}${'ms'.padStart(9)}${'loop ms'.padStart(9)}`);
    for (const [name, q] of Object.entries(periods)) {
      const r = await timed(() => t.get(`dashboard/stats/overview?${new URLSearchParams(q as Record<string, string>)}`, cookie));
      if (r.result.statusCode !== 200) throw new Error(r.result.body);
      console.log(`${`  overview, ${name}`.padEnd(40)}${fmt(r.ms)}${fmt(r.held)}`);
    }
    const home = await timed(() => t.get('webapp/logs/count', cookie));
    console.log(`${'  home counters (webapp/logs/count)'.padEnd(40)}${fmt(home.ms)}${fmt(home.held)}`);
  };
  await readAll('live on the raw log (no rollup yet)');

  let runs = 0;
  let longest = 0;
  const roll = await timed(async () => {
    for (;;) {
      const one = await timed(() => rollUp(t.deps));
      runs++;
      longest = Math.max(longest, one.held);
      if (!one.result) break;
    }
  });
  console.log(`rollup of the year: ${runs} runs, ${(roll.ms / 1000).toFixed(1)} s, loop held at most ${longest.toFixed(0)} ms`);
  await readAll('on the rollup (today live)');

  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`${'under 10 connections'.padEnd(40)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`);
  for (const [name, q] of Object.entries(periods).filter(([n]) => n !== 'this month')) {
    const r = await measure(`${base}/api/dashboard/stats/overview?${new URLSearchParams(q as Record<string, string>)}`, cookie);
    console.log(`${`  overview, ${name}`.padEnd(40)}${fmt(r.rps)}${fmt(r.p50, 1)}${fmt(r.p99, 1)}${r.errors ? `  (${r.errors} errors)` : ''}`);
  }
  await t.close();
}

const POSTGRES = process.env.TEST_DATABASE_URL;
if (process.env.BENCH_DB !== 'postgres') await run('PGlite (embedded)', undefined);
if (POSTGRES) await run('PostgreSQL', POSTGRES);
process.exit(0);
