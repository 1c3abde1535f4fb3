import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { Answer, Body, CallDef, Permissions, Query } from '@campsite/shared';
import { PERMISSIONS } from '@campsite/shared';
import { callUrl } from '@campsite/shared/client';
import { buildApp, makeDeps } from '../app';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { readEnv } from '../env';
import type { Deps } from '../http/deps';
import type { Mailer } from '../integrations/mailer';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { insertUser } from '../modules/users/users.repository';

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  /** the test database's address on PostgreSQL (TEST_DATABASE_URL); none on PGlite */
  url?: string;
  /** signs in a new staff member with exactly these flags; answers the cookie header to send */
  signIn(flags?: Partial<Permissions>, username?: string): Promise<{ cookie: string; userId: string; username: string }>;
  get(path: string, cookie?: string): Promise<LightMyRequestResponse>;
  post(path: string, body?: unknown, cookie?: string): Promise<LightMyRequestResponse>;
  /**
   * One call of the contract, typed: method, path and query string or body come from the CallDef, as the
   * apps' `api()` sends them. For a body the types refuse on purpose (bad input), use `post`/`get`.
   */
  call<C extends CallDef>(def: C, input?: CallInput<C>, cookie?: string, params?: Record<string, string>): Promise<CallResponse<Answer<C>>>;
  /**
   * A second server instance on the same database, as behind a load balancer: on PostgreSQL its own
   * connection pool and cache, as another process; on PGlite (one connection, shared) its own cache.
   * With `role`, its queries run as that database role (on PGlite the one session takes it until close).
   */
  twin(opts?: { role?: string }): Promise<{ app: FastifyInstance; deps: Deps; get: TestApp['get']; post: TestApp['post']; close(): Promise<void> }>;
  close(): Promise<void>;
}

export type CallInput<C extends CallDef> = C['method'] extends 'GET' ? Query<C> : Body<C>;
/** The raw response, plus `answer()`: the JSON typed as the call's answer, after checking it is a 200. */
export type CallResponse<T> = LightMyRequestResponse & { answer(): T };

function typed<T>(res: LightMyRequestResponse): CallResponse<T> {
  return Object.assign(res, {
    answer(): T {
      // the body in the message: a failing test says which French error came back
      if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${res.body}`);
      return res.json() as T;
    },
  });
}

const TEST_ENV = { SEED: 'none', DATA_DIR: '.tmp/test-data', LOG_LEVEL: 'error' };
const passwordHashes = new Map<string, string>();

const here = dirname(fileURLToPath(import.meta.url));
const MIGRATIONS = join(here, '../../drizzle');
export const TEMPLATES = join(here, '../../../../.tmp/test-templates');

/**
 * Keeps a template dump under `name` (written aside, then renamed: a reader never sees half of it) and
 * removes those of the same kind (the name's first word) made more than an hour ago, for sources since changed.
 */
export function keepTemplate(name: string, bytes: Buffer) {
  mkdirSync(TEMPLATES, { recursive: true });
  const path = join(TEMPLATES, name);
  writeFileSync(`${path}.${process.pid}`, bytes);
  renameSync(`${path}.${process.pid}`, path);
  const kind = `${name.split('-')[0]}-`;
  for (const other of readdirSync(TEMPLATES)) {
    const old = join(TEMPLATES, other);
    if (other.startsWith(kind) && other !== name && Date.now() - (statSync(old, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 3600_000) rmSync(old, { force: true });
  }
}
let hash: string | undefined;
/** The migrations and the PGlite that dumps and loads them, hashed: a template is made again when one changes. */
function migrationsHash() {
  if (!hash) {
    const h = createHash('sha1').update(readFileSync(join(MIGRATIONS, '../package.json')));
    for (const f of readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql')).sort()) h.update(f).update('\0').update(readFileSync(join(MIGRATIONS, f))).update('\0');
    hash = h.digest('hex').slice(0, 16);
  }
  return hash;
}

let pgliteDump: Promise<Blob> | undefined;
/**
 * The empty migrated database as PGlite's dumped data directory. Creating a PGlite database runs initdb
 * in WebAssembly (about 3.5 s of CPU) and the migrations add 0.6 s: once per test file, that was the
 * largest cost of the server's suite. The dump is made once per set of migrations, kept in .tmp, and
 * every test database starts from it (0.5 s). migrate() still runs on it, and finds nothing to do.
 */
export function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const path = join(TEMPLATES, `pglite-lean-${migrationsHash()}.tar`);
    try {
      return new Blob([readFileSync(path)]);
    } catch {
      // not made yet (or being made by another worker: each writes its own file, the rename is atomic)
    }
    const database = await openDatabase({ memory: true });
    await migrate(database);
    // a test database is 'postgres' and never connects to the two template databases: without them the dump
    // holds half the files, and loading it (once per test file) takes a quarter less (docs/performance.md,
    // 'Test and CI time, round ten'); a checkpoint first, so that a load has no WAL to replay
    for (const statement of ['ALTER DATABASE template1 IS_TEMPLATE false', 'DROP DATABASE template1', 'ALTER DATABASE template0 IS_TEMPLATE false', 'DROP DATABASE template0', 'CHECKPOINT']) {
      await database.exec(statement);
    }
    const dump = await database.dumpDataDir!();
    await database.close();
    keepTemplate(`pglite-lean-${migrationsHash()}.tar`, Buffer.from(await dump.arrayBuffer()));
    return dump;
  })();
  return pgliteDump;
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

let postgresName: Promise<string> | undefined;
/**
 * The same on PostgreSQL: a migrated database per set of migrations, kept on the server, that each test
 * database is copied from (CREATE DATABASE … TEMPLATE: about 0.4 s instead of 4 s of migrations). Made
 * under a name of its own and renamed when complete, behind an advisory lock (workers start together).
 */
function postgresTemplate(url: string): Promise<string> {
  postgresName ??= (async () => {
    const name = `test_template_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!found.rowCount) {
        const making = `${name}_${randomBytes(3).toString('hex')}`;
        await admin.query(`CREATE DATABASE ${making}`);
        const database = await openDatabase({ url: withDatabase(url, making) });
        await migrate(database);
        await database.close();
        await admin.query(`ALTER DATABASE ${making} RENAME TO ${name}`);
      }
    } finally {
      await admin.end(); // ends the session, and its lock
    }
    return name;
  })();
  return postgresName;
}

/**
 * A fresh database for one test file: an in-memory PGlite, or with TEST_DATABASE_URL a new database on
 * that PostgreSQL server, created here and dropped by close(); both start migrated, from the template.
 */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { database: await openDatabase({ memory: true, from: await pgliteTemplate() }), drop: async () => {} };
  const template = await postgresTemplate(url);
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(url, name) });
  return {
    database,
    url: withDatabase(url, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The address of a connection whose queries run as `role` (set at connection start). */
function withRole(url: string, role: string) {
  const u = new URL(url);
  u.searchParams.set('options', `-c role=${role}`);
  return u.toString();
}

export const allFlags = (): Permissions => Object.fromEntries(PERMISSIONS.map((p) => [p, 1])) as Permissions;

export async function testApp(
  opts: { mailer?: Mailer; now?: () => number; plan?: 'premium' | 'essentiel'; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const env = readEnv({ ...TEST_ENV, ...opts.env });
  const { database, drop, url } = await freshDatabase();
  const closing: (() => Promise<unknown>)[] = [];
  await migrate(database);
  const deps = makeDeps({ database, env, mailer: opts.mailer ?? { send: async () => {} }, now: opts.now });
  if (opts.plan) {
    const { DEFAULT_ADMIN, setEntry } = await import('../platform/settings/settings.repository');
    await setEntry(deps.db, 'admin', { ...DEFAULT_ADMIN, features: opts.plan });
  }
  const app = await buildApp({ database, env, serves: 'none' }, deps);
  await app.ready();
  const inject = (target: FastifyInstance, method: 'GET' | 'POST', path: string, body?: unknown, cookie?: string) =>
    target.inject({
      method,
      url: path.startsWith('/') ? path : `/api/${path}`,
      ...(body !== undefined ? { payload: body as object } : {}),
      headers: cookie ? { cookie } : {},
    });
  // a test's own writes (setup through repositories, like a job's) reach the cache by NOTIFY, which on
  // PostgreSQL arrives a moment later: each request first waits until every instance has seen them
  const request = async (method: 'GET' | 'POST', path: string, body?: unknown, cookie?: string) => {
    await deps.cache.settle();
    return inject(app, method, path, body, cookie);
  };
  return {
    app,
    deps,
    url,
    async signIn(flags = allFlags(), username = `user${randomBytes(3).toString('hex')}`) {
      const password = 'motdepasse-test';
      const hash = passwordHashes.get(password) ?? (await hashPassword(password));
      passwordHashes.set(password, hash);
      const now = deps.now();
      const userId = newId();
      const permissions = Object.fromEntries(PERMISSIONS.map((p) => [p, flags[p] === 1 ? 1 : 0])) as Permissions;
      await insertUser(deps.db, {
        id: userId, lastname: 'Test', firstname: 'Agent', email: `${username}@camping.test`, username,
        passwordHash: hash, avatar: null, permissions, createdTime: now, editedTime: now,
      });
      const res = await request('POST', 'dashboard/users/login', { login: username, password });
      const setCookie = res.headers['set-cookie'];
      const cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0];
      return { cookie, userId, username };
    },
    get: (path, cookie) => request('GET', path, undefined, cookie),
    post: (path, body, cookie) => request('POST', path, body ?? {}, cookie),
    async call(def, input, cookie, params) {
      const isGet = def.method === 'GET';
      const url = callUrl(def, isGet ? (input as Record<string, unknown> | undefined) : undefined, params);
      return typed(await request(def.method, url, isGet ? undefined : (input ?? {}), cookie));
    },
    async twin({ role } = {}) {
      const other = url ? await openDatabase({ url: role ? withRole(url, role) : url }) : database;
      if (role && !url) await database.exec(`SET ROLE ${role}`);
      const twinDeps = makeDeps({ database: other, env, mailer: deps.mailer, now: opts.now });
      const twinApp = await buildApp({ database: other, env, serves: 'none' }, twinDeps);
      await twinApp.ready();
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        await twinApp.close();
        if (other !== database) await other.close();
        else if (role) await database.exec('RESET ROLE');
      };
      closing.push(close);
      return {
        app: twinApp,
        deps: twinDeps,
        get: (path, cookie) => inject(twinApp, 'GET', path, undefined, cookie),
        post: (path, body, cookie) => inject(twinApp, 'POST', path, body ?? {}, cookie),
        close,
      };
    },
    async close() {
      for (const c of closing) await c();
      await app.close();
      await database.close();
      await drop();
    },
  };
}
