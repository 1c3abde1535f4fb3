// `npm run bench:today`: the reception's to-do list and a stay's page (issue 33) on a generated base of
// 24 000 clients and 36 000 stays over a season around today: some 200 arrivals today and 200 tomorrow
// (the list shows both), each with its areas' states read once per area. A benchmark: it prints figures,
// it asserts nothing. PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (the target, under
// 100 ms for 200 arrivals, is PostgreSQL's).
import type { TodayStays } from '@campsite/shared';
import { testApp } from '../apps/server/src/testing/harness';
import { generatePeople } from '../apps/server/src/testing/fixtures/people';
import { header, line, listen } from './measure';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 24_000);
const SIZE = { clients: CLIENTS, extraStays: CLIENTS / 2, guests: Math.round(CLIENTS * 0.6) };

async function run(label: string, databaseUrl: string | undefined) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  // as `npm start` runs it: answers serialized without zod's validation; every area of the premium plan
  const t = await testApp({ env: { NODE_ENV: 'production' }, plan: 'premium' });
  const { cookie } = await t.signIn();
  const at = performance.now();
  await generatePeople(t.deps, SIZE);
  console.log(`\n${label}: ${SIZE.clients} clients, ${SIZE.clients + SIZE.extraStays} stays, ${SIZE.guests} guest users generated in ${((performance.now() - at) / 1000).toFixed(1)} s`);
  const base = await listen(t.app);
  const headers = { cookie };
  console.log(header());
  const arrivals = JSON.parse(await line("today's arrivals (to-do list)", base, '/api/dashboard/today/arrivals', headers)) as TodayStays;
  await line("today's departures", base, '/api/dashboard/today/departures', headers);
  const stay = arrivals.rows[0]?.stay_number;
  if (stay) await line("a stay's page", base, `/api/dashboard/desk/stay?stay_number=${stay}`, headers);
  console.log(`(arrivals: ${JSON.stringify(arrivals.figures)}, ${arrivals.rows.length} rows)`);
  // one reception desk at a time: the time a member waits for the list
  console.log(header(1));
  await line("today's arrivals (to-do list)", base, '/api/dashboard/today/arrivals', headers, 1);
  if (stay) await line("a stay's page", base, `/api/dashboard/desk/stay?stay_number=${stay}`, headers, 1);
  await t.close();
}

// read before the PGlite run, which unsets it for its own server
const POSTGRES = process.env.TEST_DATABASE_URL;
if (process.env.BENCH_DB !== 'postgres') await run('PGlite (embedded)', undefined);
if (POSTGRES) await run('PostgreSQL', POSTGRES);
process.exit(0);
