// `npm run bench:reviews`: the reviews page read and the statistics read over 100 000 reviews (issue 24). A
// benchmark: it prints figures, it asserts nothing. One questionnaire (notation, text, select), 100 000
// reviews over 200 days, measured with 10 connections, each beside a bare Fastify route answering the same bytes:
// - 'Lire les avis': a page of 100 (the first, the middle one: OFFSET 50 000, the last, one of a period) with its count;
// - the statistics of the last 30 days against the 30 before (SQL aggregates of review_answers).
// PGlite always; PostgreSQL too with TEST_DATABASE_URL.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createRequire } from 'node:module';
import Fastify, { type FastifyInstance } from 'fastify';
import { reviews, type ReviewModel } from '../packages/shared/src';
import { generateReviews, modelBody } from '../apps/server/src/testing/fixtures/reviews';
import { testApp } from '../apps/server/src/testing/harness';

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon');
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const SIZE = Number(process.env.BENCH_REVIEWS ?? 100_000);

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

/** autocannon in a process of its own (in the server's it would take half of the one thread it measures). */
async function measure(url: string, headers: Record<string, string>, seconds = DURATION) {
  const script = `
    const autocannon = require(${JSON.stringify(AUTOCANNON)});
    autocannon({ url: ${JSON.stringify(url)}, connections: 10, duration: ${seconds}, headers: ${JSON.stringify(headers)} },
      (err, r) => process.stdout.write(JSON.stringify(r)));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  await new Promise((done) => child.on('exit', done));
  const r = JSON.parse(out) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number };
  return { rps: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);

async function run(label: string, databaseUrl: string | undefined) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  // as `npm start` runs it: answers serialized without zod's validation
  const t = await testApp({ env: { NODE_ENV: 'production' } });
  const cookie = (await t.signIn({ reviews: 1 })).cookie;
  const model = (await t.call(reviews.insertModel, modelBody(), cookie)).answer() as ReviewModel;
  const now = Math.floor(Date.now() / 1000);
  const start = performance.now();
  await generateReviews(t.deps, { id: model._id, name: model.name, questions: model.questions }, SIZE, { last: now, step: Math.floor((200 * 86400) / SIZE) });
  const base = await listen(t.app);
  if (process.env.BENCH_HOLD) {
    // the base written, the server stays up for a profile or EXPLAIN until SIGINT (as bench/people.ts)
    console.log(JSON.stringify({ base, cookie, database: t.url, now }));
    await new Promise((done) => process.once('SIGINT', done));
    await t.close();
    process.exit(0);
  }
  console.log(`\n${label}: ${SIZE} reviews over 200 days (written in ${((performance.now() - start) / 1000).toFixed(1)} s), load average ${loadavg()[0].toFixed(1)}`);
  // cpu ms/req: this process's CPU time (the server, its database client; PGlite's engine too) per request answered,
  // which the machine's load changes far less than the latencies
  console.log(`${'call (10 connections)'.padEnd(44)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'cpu ms/req'.padStart(12)}${'bare req/s'.padStart(12)}  ratio`);
  const middle = Math.floor(SIZE / 200);
  const last = Math.ceil(SIZE / 100) - 1;
  const calls = [
    ['reviews page 0 (100 rows, count)', `/api/webapp/reviews/find-by-type?type=global&page=0`],
    [`reviews page ${middle} (OFFSET ${middle * 100})`, `/api/webapp/reviews/find-by-type?type=global&page=${middle}`],
    [`reviews last page ${last} (OFFSET ${last * 100})`, `/api/webapp/reviews/find-by-type?type=global&page=${last}`],
    [`reviews page ${Math.floor(middle / 2)} of the last 100 days`, `/api/webapp/reviews/find-by-type?type=global&page=${Math.floor(middle / 2)}&from=${now - 100 * 86400 + 3600}&to=${now}`],
    ['statistics, 30 days vs the 30 before', `/api/dashboard/reviews/stats?model=${model._id}&from=${now - 30 * 86400}&to=${now}`],
    ['statistics, the whole season (200 days)', `/api/dashboard/reviews/stats?model=${model._id}&from=${now - 200 * 86400}&to=${now}`],
  ];
  for (const [name, path] of calls) {
    const body = await (await fetch(base + path, { headers: { cookie } })).text();
    await measure(base + path, { cookie }, 1);
    const cpu = process.cpuUsage();
    const r = await measure(base + path, { cookie });
    const used = process.cpuUsage(cpu);
    const bare = Fastify();
    bare.get('/*', async (_req, reply) => reply.type('application/json').send(body));
    const bareRun = await measure((await listen(bare)) + path, {});
    await bare.close();
    console.log(`${`${name} (${(body.length / 1024).toFixed(0)} KB)`.padEnd(44)}${fmt(r.rps)}${fmt(r.p50, 1)}${fmt(r.p99, 1)}${fmt((used.user + used.system) / 1000 / Math.max(1, r.total), 2).padStart(12)}${fmt(bareRun.rps).padStart(12)}  ${(r.rps / bareRun.rps).toFixed(2)}${r.errors ? `  (${r.errors} errors)` : ''}`);
  }
  await t.close();
}

const POSTGRES = process.env.TEST_DATABASE_URL;
if (process.env.BENCH_DB !== 'postgres') await run('PGlite (embedded)', undefined);
if (POSTGRES) await run('PostgreSQL', POSTGRES);
process.exit(0);
