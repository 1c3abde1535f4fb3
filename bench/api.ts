// `npm run bench`: API throughput on loopback, a benchmark (it prints figures, it asserts nothing).
// Each target runs against the real server (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and is
// compared with a bare Fastify route answering the same JSON from memory.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { testApp, type TestApp } from '../apps/server/src/testing/harness';
import { generators } from './generators';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

interface Target {
  name: string;
  path: string;
  /** fills the database before the run (generated data), once per database */
  prepare?: (t: TestApp) => Promise<void>;
  withSession?: boolean;
}

const TARGETS: Target[] = [
  { name: 'config/global/list', path: '/api/dashboard/config/global/list', withSession: true },
  { name: 'users/session', path: '/api/dashboard/users/session', withSession: true },
  ...generators,
];

async function measure(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections: 10, duration: DURATION, headers });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

async function bareTwin(body: string) {
  const bare = Fastify();
  bare.get('/*', async (_req, reply) => reply.type('application/json').send(body));
  return { app: bare, base: await listen(bare) };
}

const fmt = (n: number, d = 0) => n.toFixed(d).padStart(8);

async function run(label: string, databaseUrl: string | undefined) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const t = await testApp({ plan: 'premium' });
  const { cookie } = await t.signIn();
  const base = await listen(t.app);
  console.log(`\n${label}`);
  console.log(`${'call'.padEnd(28)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}   ${'bare req/s'.padStart(10)}  ratio`);
  for (const target of TARGETS) {
    await target.prepare?.(t);
    const headers: Record<string, string> = target.withSession ? { cookie } : {};
    const sample = await fetch(base + target.path, { headers });
    const body = await sample.text();
    const real = await measure(base + target.path, headers);
    const twin = await bareTwin(body);
    const bare = await measure(twin.base + target.path, {});
    await twin.app.close();
    const kb = (body.length / 1024).toFixed(1);
    console.log(
      `${`${target.name} (${kb} KB)`.padEnd(28)}${fmt(real.rps)}${fmt(real.p50, 1)}${fmt(real.p99, 1)}   ${fmt(bare.rps).padStart(10)}  ${(real.rps / bare.rps).toFixed(2)}${real.errors ? `  (${real.errors} errors)` : ''}`,
    );
  }
  await t.close();
}

// read before the PGlite run, which unsets it for its own server
const POSTGRES = process.env.TEST_DATABASE_URL;
if (process.env.BENCH_DB !== 'postgres') await run('PGlite (embedded)', undefined);
if (POSTGRES) await run('PostgreSQL', POSTGRES);
