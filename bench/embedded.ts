// `npm run bench:embedded`: what a statement of the embedded database costs the server's event loop, with
// PGlite on the main thread (as before issue 31) and on its own thread (db/embedded), in one run. Prints
// figures, asserts nothing (the bound is a test: apps/server/src/db/embedded/responsive.test.ts).
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { EmbeddedPglite } from '../apps/server/src/db/embedded/embedded';
import { pgliteTemplate } from '../apps/server/src/testing/harness';

const READS = Number(process.env.BENCH_READS ?? 2000);
const START = ['-c', 'shared_buffers=16MB'];

async function open(where: 'main thread' | 'worker') {
  const from = await pgliteTemplate();
  if (where === 'worker') {
    const pg = await EmbeddedPglite.open({ from, startParams: START });
    return { client: pg.asPglite(), close: () => pg.close() };
  }
  const pg = new PGlite({ loadDataDir: from, startParams: [...PGlite.defaultStartParams, ...START] });
  await pg.waitReady;
  return { client: pg, close: () => pg.close() };
}

/** The event loop's longest delay and its busy time (ms) while `work` runs, and the work's wall time. */
async function loopCost(work: () => Promise<unknown>) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const elu = performance.eventLoopUtilization();
  const t0 = performance.now();
  await work();
  const wall = performance.now() - t0;
  const used = performance.eventLoopUtilization(elu);
  h.disable();
  return { wall, busy: used.active, loopMax: h.max / 1e6 };
}

const DRIZZLE_PARSERS = { 1114: (v: string) => v, 1184: (v: string) => v, 1082: (v: string) => v };
const f = (n: number, d = 0) => n.toFixed(d).padStart(9);

for (const where of ['main thread', 'worker', 'main thread', 'worker'] as const) {
  const { client, close } = await open(where);
  // as drizzle-orm/pglite asks (rows as arrays, its parsers for dates)
  const query = (text: string, params: unknown[] = []) => client.query(text, params, { rowMode: 'array', parsers: DRIZZLE_PARSERS });
  await query('CREATE TABLE bench_rows (id int PRIMARY KEY, name text, at timestamptz, data bytea)');
  await query("INSERT INTO bench_rows SELECT g, 'row ' || g, now(), NULL FROM generate_series(1, 1000) g");
  const sleep = await loopCost(() => query('SELECT pg_sleep(3)'));
  const reads = await loopCost(async () => {
    for (let i = 0; i < READS; i++) await query('SELECT id, name, at FROM bench_rows WHERE id = $1', [(i % 1000) + 1]);
  });
  const bytes = Buffer.alloc(4_500_000, 42);
  const write = await loopCost(() => query('UPDATE bench_rows SET data = $1 WHERE id = 1', [bytes]));
  const read = await loopCost(() => query('SELECT data FROM bench_rows WHERE id = 1'));
  console.log(`\nPGlite on the ${where} (load ${loadavg()[0].toFixed(1)})`);
  console.log(`  SELECT pg_sleep(3)        wall ${f(sleep.wall)} ms   loop busy ${f(sleep.busy)} ms   longest loop delay ${f(sleep.loopMax)} ms`);
  console.log(`  ${READS} one-row reads      wall ${f(reads.wall / READS, 3)} ms/read   loop busy ${f(reads.busy / READS, 3)} ms/read   longest loop delay ${f(reads.loopMax)} ms`);
  console.log(`  4.5 MB bytea written      wall ${f(write.wall)} ms   loop busy ${f(write.busy)} ms   longest loop delay ${f(write.loopMax)} ms`);
  console.log(`  4.5 MB bytea read         wall ${f(read.wall)} ms   loop busy ${f(read.busy)} ms   longest loop delay ${f(read.loopMax)} ms`);
  await close();
}
