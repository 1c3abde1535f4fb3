import { join, resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { EmbeddedPglite } from './embedded/embedded';
import { openDataDir, PGLITE_START_PARAMS, type OpenedDataDir } from './embedded/open';
import { pgErrorOf } from './errors';
import * as schema from './schema';

// int8 (epoch seconds, counts, sequences: all far under 2^53) read as a number, as PGlite reads it, so
// that a raw row (db/rows.ts) is the same on both drivers
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: its address (a backup's pg_dump connects to it) */
  url?: string;
  /** runs SQL text with several statements (migrations) */
  exec(sql: string): Promise<void>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (a dedicated connection on PostgreSQL, reconnected when
   * it drops; then `onNotify` is called once with null, since notifications may have been missed).
   * `onListening(false)` says that the connection dropped (notifications are missed from now on),
   * `onListening(true)` that it listens again; an embedded database never stops listening.
   */
  listen(channel: string, onNotify: (payload: string | null) => void, onListening?: (listening: boolean) => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections, for the metrics (the embedded database has one session, no pool) */
  poolUse?(): { total: number; idle: number; waiting: number; max: number };
  /** PGlite only: its data directory as an uncompressed tarball (the tests' migrated template) */
  dumpDataDir?(): Promise<Blob>;
  /** PGlite on disk only: its files' folder (DATA_DIR/pg; a backup checks there is room for their copy) */
  dataDir?: string;
  /** PGlite only: a copy for a backup, between two statements (EmbeddedPglite.snapshot) */
  snapshot?(to: string): Promise<{ dir: string } | { tarball: ArrayBuffer }>;
}

/** The application_name of the listening connections, so that a writer can count the instances that listen. */
export const LISTENER_NAME = 'campsite-listener';
/** A listening connection's application_name: per channel, so that a count of one channel's listeners counts only those. */
export const listenerName = (channel: string) => `${LISTENER_NAME}:${channel}`;

/**
 * `from`: an in-memory database started from a dumped data directory (the tests' migrated template);
 * `max`: PostgreSQL only, the pool's ceiling (10 by default); `idleMs`: how long an unused connection stays
 * (10 s by default); `follow`: each pooled connection listens to a channel (PoolFollow);
 * `opened`: the data directory already locked and its database started (main.ts starts it early).
 */
export type DatabaseOptions = { url: string; max?: number; idleMs?: number; follow?: PoolFollow } | { dataDir: string; opened?: Promise<OpenedDataDir> } | { memory: true; from?: Blob };

/**
 * Multi-site mode (sites/changes.ts): every connection of the pool listens to the channels `channels()`
 * names (each LISTEN queued before the first query the connection is handed out for), so that a site's
 * notifications are heard while the site has a connection, without one more connection per site. `own`:
 * the notification came from this connection's own transaction (this instance wrote).
 */
export interface PoolFollow {
  channels: () => Iterable<string>;
  onNotify: (channel: string, payload: string, own: boolean) => void;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if ('url' in opts) {
    // `max`: a site of a multi-site installation takes a small pool (sites/runtime.ts), one server 10
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.max ?? 10, idleTimeoutMillis: opts.idleMs ?? 10_000 });
    const follow = opts.follow;
    if (follow) {
      const listening = new WeakMap<pg.PoolClient, Set<string>>();
      // a channel followed since the connection opened is listened to the next time it is handed out
      const listenAll = (client: pg.PoolClient) => {
        const heard = listening.get(client)!;
        for (const channel of follow.channels()) {
          if (heard.has(channel)) continue;
          heard.add(channel);
          client.query(`LISTEN ${channel}`).catch(() => {});
        }
      };
      pool.on('connect', (client) => {
        listening.set(client, new Set());
        listenAll(client);
        client.on('notification', (n) => follow.onNotify(n.channel, n.payload ?? '', n.processId === (client as unknown as { processID: number }).processID));
      });
      pool.on('acquire', listenAll);
    }
    // an idle connection that the server closed (restart, failover, a dropped database) is replaced by the
    // pool; without a listener its error would be thrown and stop the process
    pool.on('error', () => {});
    // so is a connection checked out (a transaction, a query in flight), which the pool's listener does not
    // cover: its query or its transaction's next query fails with the error (the request answers 500, a job
    // is retried) and the pool drops it when it is released (docs/architecture-notes.md, "The database goes away")
    pool.on('connect', (client) => {
      client.on('error', () => {});
      oneAtATime(client);
    });
    const db = retryingTransactions(drizzlePg({ client: pool, schema }) as unknown as Db);
    const listeners = new Set<pg.Client>();
    let closing = false;
    type OnListening = ((listening: boolean) => void) | undefined;
    /** `retry`: the tries since the connection was lost (0: the first connection, which throws when it fails) */
    const listen = async (channel: string, onNotify: (payload: string | null) => void, onListening: OnListening, retry = 0): Promise<void> => {
      if (closing) return;
      const client = new pg.Client({ connectionString: opts.url, application_name: listenerName(channel) });
      let gone = false;
      let listening = false;
      const lost = () => {
        if (gone || closing) return;
        gone = true;
        listeners.delete(client);
        client.end().catch(() => {});
        if (listening) onListening?.(false);
        onNotify(null);
        // a connection that was listening is tried again at once, then on a back-off up to 5 s
        const next = listening ? 1 : retry + 1;
        setTimeout(() => void listen(channel, onNotify, onListening, next).catch(() => {}), Math.min(5000, 100 * 2 ** (next - 1))).unref();
      };
      client.on('notification', (n) => n.channel === channel && onNotify(n.payload ?? ''));
      client.on('error', lost);
      client.on('end', lost);
      listeners.add(client);
      try {
        await client.connect();
        await client.query(`LISTEN ${channel}`);
      } catch (err) {
        if (retry) return lost();
        gone = true;
        listeners.delete(client);
        await client.end().catch(() => {});
        throw err;
      }
      if (gone) return;
      listening = true;
      if (retry) {
        onNotify(null);
        onListening?.(true);
      }
    };
    return {
      db,
      kind: 'postgres',
      url: opts.url,
      exec: async (sql) => void (await pool.query(sql)),
      listen: (channel, onNotify, onListening) => listen(channel, onNotify, onListening),
      notify: async (channel, payload) => void (await pool.query('SELECT pg_notify($1, $2)', [channel, payload])),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
      close: async () => {
        closing = true;
        // a listening connection half open when the database went away may never say it ended
        await Promise.race([Promise.allSettled([...listeners].map((c) => c.end())), new Promise((r) => setTimeout(r, 2000).unref())]);
        await pool.end();
      },
    };
  }
  let release = async () => {};
  let client: EmbeddedPglite;
  // PGlite runs on a thread of its own (db/embedded): no statement holds the event loop; if the thread
  // dies, it says so on stderr, fails what was in flight and starts again on the data directory
  try {
    if ('dataDir' in opts) {
      ({ client, release } = await (opts.opened ?? openDataDir(opts.dataDir)));
    } else {
      client = await EmbeddedPglite.open({ from: opts.from, startParams: PGLITE_START_PARAMS });
    }
  } catch (err) {
    await release();
    throw err;
  }
  const db = drizzlePglite({ client: client.asPglite(), schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sql) => void (await client.exec(sql)),
    // one session: a notification arrives before the result of the COMMIT that sent it
    listen: (channel, onNotify) => client.listen(channel, (payload) => onNotify(payload)),
    notify: async (channel, payload) => void (await client.query('SELECT pg_notify($1, $2)', [channel, payload])),
    close: async () => {
      try {
        await client.close();
      } finally {
        await release();
      }
    },
    dataDir: 'dataDir' in opts ? join(resolve(opts.dataDir), 'pg') : undefined,
    dumpDataDir: () => client.dumpDataDir(),
    snapshot: (to) => client.snapshot(to),
  };
}

/**
 * A connection runs its statements one at a time, in the order they were asked: a transaction may ask for
 * several before awaiting their answers (a guest's booking, services/bookings.service.ts). pg 8 queues them
 * itself but warns that pg 9 will not; this queue is ours. (A custom query object, such as a cursor, goes
 * straight to pg: none is used on the pool.)
 */
function oneAtATime(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  let last: Promise<unknown> = Promise.resolve();
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (typeof (args[0] as { submit?: unknown })?.submit === 'function') return query(...args);
    const callback = typeof args.at(-1) === 'function' ? (args.pop() as (err: unknown, res?: unknown) => void) : undefined;
    const run = last.then(() => query(...args));
    last = run.catch(() => undefined);
    if (!callback) return run;
    run.then((res) => callback(null, res), (err: unknown) => callback(err));
    return undefined;
  };
}

/** A deadlock or a serialization failure rolled the whole transaction back: running it again is safe. */
const RETRIED = new Set(['40P01', '40001']);

/**
 * PostgreSQL may end one of two transactions that wait on each other (a deadlock). The locks are taken
 * in one order (db/locks.ts) so that it should not happen; if it does, the user's action is run again
 * rather than lost with a 500.
 */
function retryingTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (run: Parameters<Db['transaction']>[0], config?: Parameters<Db['transaction']>[1]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(run, config);
      } catch (err) {
        if (attempt >= 3 || !RETRIED.has(pgErrorOf(err)?.code ?? '')) throw err;
      }
    }
  }) as Db['transaction'];
  return db;
}

export { DataDirLockedError } from './data-dir-lock';
