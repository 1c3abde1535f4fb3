import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type CallDef } from '@campsite/shared';
import { runningBackup } from '../modules/backups/public';
import { getAdminConfig, setEntry } from '../platform/settings/settings.repository';
import { firstStart } from '../seed';
import { allFlags, testApp, type TestApp } from '../testing/harness';
import { addGuest } from '../testing/fixtures/people';
import { encode, hash, hostileBody, hostileQuery, json, LONG, pick, prng, queryString, show, usePools, validSample, type Pools, type Rng } from '../testing/fuzz-inputs';
import { multipartCases } from '../testing/fuzz-uploads';
import { createSession } from './session';

/**
 * A guard for every call of the contract, now and later: each call gets bodies and queries generated from
 * its own zod schema, valid ones and hostile ones (NUL, lone surrogates, 10 000-character strings, deep
 * nesting, wrong types, huge and negative numbers, unknown fields, arrays for objects, malformed JSON and
 * multipart), sent as a super administrator with every flag on the premium plan, on the demo campsite.
 * Whatever comes, never a 5xx; and a refused request (4xx) leaves the row count of every table as it was.
 *
 * Deterministic: a seeded generator per call (FUZZ_SEED), a fixed number of cases per call (FUZZ_CASES),
 * so CI runs the same requests in bounded time, and a failure names the call, the case and the request to
 * replay. A call added to the contract is fuzzed without anything to write here.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const CASES = Number(process.env.FUZZ_CASES ?? 12);

const calls = Object.values(contract).flatMap((resource) => Object.values(resource as Record<string, CallDef>));

// the run ---------------------------------------------------------------------------------------------

let t: TestApp;
let pools: Pools;
let adminId: string;
let guestId: string;
let tables: string[];
let admin: Awaited<ReturnType<typeof getAdminConfig>>;
let countQuery: string;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

let counted: { next: string; rows: Record<string, number> } | undefined;
/**
 * Every table's row count. Counted again only when a transaction has written since the last count: a
 * write takes a transaction id and a read does not, so the next id to be given (the snapshot's xmax)
 * moves only then. Counting every table of the demo (a season of visits among them) after each of the
 * thousands of requests was most of this test's time.
 */
async function counts(): Promise<Record<string, number>> {
  const [{ next }] = rowsOf<{ next: string }>(await t.deps.db.execute(sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next`));
  if (counted?.next === next) return counted.rows;
  const [row] = rowsOf<Record<string, number>>(await t.deps.db.execute(sql.raw(countQuery)));
  counted = { next, rows: Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) };
  return counted.rows;
}

beforeAll(async () => {
  t = await testApp({ env: { SEED: 'demo' } });
  await firstStart(t.deps);
  // the fuzzing administrator: super, every flag; its own account, kept out of the ids the fuzzer sends
  // (a generated update of itself would take its flags away and end the run's coverage)
  adminId = (await t.signIn(allFlags(), 'fuzz-admin')).userId;
  admin = { ...(await getAdminConfig(t.deps.db)), features: 'premium' };
  guestId = await addGuest(t.deps, { email: 'fuzz-guest@example.test' });
  tables = rowsOf<{ name: string }>(await t.deps.db.execute(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1`)).map((r) => r.name);
  countQuery = `SELECT ${tables.map((n) => `(SELECT count(*) FROM "${n}") AS "${n}"`).join(', ')}`;
  const withId = rowsOf<{ name: string }>(
    await t.deps.db.execute(sql`SELECT table_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND column_name = 'id' ORDER BY 1`),
  ).map((r) => r.name);
  const rows = rowsOf<{ t: string; id: string }>(
    await t.deps.db.execute(sql.raw(withId.map((n) => `(SELECT '${n}' AS t, id::text FROM "${n}" ORDER BY id LIMIT 8)`).join(' UNION ALL '))),
  ).filter((r) => r.id !== adminId && r.id !== guestId);
  const ids = rows.map((r) => r.id);
  const byTable: Record<string, string[]> = {};
  for (const r of rows) (byTable[r.t] ??= []).push(r.id);
  const names = rowsOf<{ name: string }>(await t.deps.db.execute(sql`SELECT name FROM files UNION ALL SELECT id FROM files ORDER BY 1 LIMIT 20`)).map((r) => r.name);
  pools = { ids, names, byTable };
  usePools(pools);
  expect(pools.ids.length).toBeGreaterThan(30);
}, 120_000);
afterAll(() => t.close());

/** zod's and Fastify's own English sentences, which must never reach a user */
const ENGLISH = /\b(Invalid|Expected|Required|Too (big|small)|Unrecognized|must (be|have|NOT)|Unsupported|Bad Request|body|querystring)\b/;
const parsed = (text: string) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

interface Failure {
  call: string;
  case: number;
  request: string;
  status: number;
  answer: string;
  changed?: Record<string, string>;
}

/** Each call starts as the administrator of a premium campsite, whatever an earlier call changed. */
async function freshSessions() {
  await setEntry(t.deps.db, 'admin', admin);
  const staff = await createSession(t.deps, 'dashboard', adminId);
  const guest = await createSession(t.deps, 'webapp', guestId);
  return `session-dashboard=${staff}; session-webapp=${guest}`;
}

async function send(opts: InjectOptions): Promise<LightMyRequestResponse> {
  // a test's own writes (the sessions above) reach every instance's cache first
  await t.deps.cache.settle();
  const res = await t.app.inject(opts);
  // a backup 'dashboard/backups/start' began in the background writes its outcome when it ends: before the rows are counted
  await runningBackup(t.deps);
  return res;
}

function concretePath(path: string, rng: Rng, hostile: boolean): string {
  return path.replace(/:(\w+)/g, () => {
    if (!hostile) return encode(pick(rng, [...pools.names, ...pools.ids.slice(0, 5), '1280', '192']));
    return pick(rng, ['%00', '%ED%A0%80', encode(LONG), '..%2F..%2F..%2Fetc%2Fpasswd', '%2e%2e', encode('\u0000.png'), '-1', '99999999999999999999', 'x'.repeat(300), '%']);
  });
}

describe('every call of the contract, fuzzed as the administrator', () => {
  it(`never answers 5xx; a refused request answers a French error and writes nothing (${CASES} cases per call, seed ${SEED})`, async () => {
    const failures: Failure[] = [];
    const uploads = await multipartCases();
    let before = await counts();
    let refused = 0;
    let accepted = 0;
    for (const def of calls) {
      const rng = prng(SEED ^ hash(`${def.method} ${def.path}`));
      const cookie = await freshSessions();
      before = await counts();
      const seen: Record<number, number> = {};
      // an upload call gets every malformed multipart of the list, whatever CASES is
      for (let n = 0; n < (def.multipart ? uploads.length : CASES); n++) {
        const hostile = n >= 5;
        let opts: InjectOptions;
        let request: string;
        const url = `/api/${concretePath(def.path, rng, hostile && n % 4 === 0)}`;
        if (def.multipart) {
          const upload = uploads[n];
          opts = { method: 'POST', url, payload: upload.payload, headers: { cookie, 'content-type': upload.contentType } };
          request = `${def.path} multipart: ${upload.description}`;
        } else if (def.method === 'GET') {
          const valid = (validSample(def.query, rng) ?? {}) as Record<string, unknown>;
          const qs = n === 0 ? '' : hostile ? hostileQuery(valid, rng) : queryString(valid);
          opts = { method: 'GET', url: `${url}${qs ? `?${qs}` : ''}`, headers: { cookie } };
          request = `GET ${opts.url}`.slice(0, 300);
        } else {
          const valid = validSample(def.body, rng) ?? {};
          const wire = n === 0 ? { text: '{}', description: 'body {}' } : hostile ? hostileBody(valid, rng) : { text: json(valid), description: `valid-looking ${show(valid)}` };
          opts = { method: 'POST', url, payload: wire.text, headers: { cookie, 'content-type': 'application/json' } };
          request = `POST ${url} ${wire.description}`;
        }
        const res = await send(opts);
        const after = await counts();
        seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
        if (process.env.FUZZ_DEBUG && !hostile && res.statusCode === 400) console.log('DEBUG', request.slice(0, 400), res.body.slice(0, 300));
        if (res.statusCode >= 500) failures.push({ call: def.path, case: n, request, status: res.statusCode, answer: res.body.slice(0, 200) });
        if (res.statusCode >= 400 && res.statusCode < 500) {
          refused++;
          // every refusal is the server's JSON error, said in French
          const answer = parsed(res.body) as { statusCode?: unknown; message?: unknown; fields?: unknown } | undefined;
          if (answer?.statusCode !== res.statusCode || typeof answer.message !== 'string' || typeof answer.fields !== 'object' || ENGLISH.test(answer.message)) {
            failures.push({ call: def.path, case: n, request, status: res.statusCode, answer: `not a French error: ${res.body.slice(0, 200)}` });
          }
          const changed = Object.fromEntries(
            tables
              .filter((name) => after[name] !== before[name])
              // a sign-in attempt is written before it is counted, so the 429 that refuses it has written it (throttle.ts)
              .filter((name) => !(res.statusCode === 429 && name === 'login_attempts'))
              .map((name) => [name, `${before[name]} → ${after[name]}`]),
          );
          if (Object.keys(changed).length) failures.push({ call: def.path, case: n, request, status: res.statusCode, answer: res.body.slice(0, 200), changed });
        } else if (res.statusCode < 300) accepted++;
        before = after;
      }
      // FUZZ_REPORT=1: the answers each call gave, to see what the generator reaches
      if (process.env.FUZZ_REPORT) console.log(`${def.method} ${def.path}`, JSON.stringify(seen));
    }
    // the generator does reach the handlers: a fair share of generated bodies is accepted
    expect(accepted).toBeGreaterThan(calls.length);
    expect(refused).toBeGreaterThan(calls.length * 3);
    expect(failures).toEqual([]);
  }, 600_000);
});
