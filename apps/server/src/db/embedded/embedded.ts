import { cp, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * The embedded database (PGlite) on a thread of its own, so that no statement holds the server's event
 * loop: a 12 MP photo written, a report's aggregate, an import's batch run there while the main thread
 * keeps answering. This class stands where a PGlite instance stood, with what drizzle-orm/pglite and
 * db/client.ts use of it (query, exec, transaction, listen, dumpDataDir, close), and keeps PGlite's rules:
 * - one statement at a time, in the order asked, and none beside a transaction (PGlite's mutex, here on
 *   the main thread: a transaction is BEGIN, its statements, COMMIT or ROLLBACK, with nothing between);
 * - a notification reaches its listener before the answer of the statement that delivered it (the
 *   COMMIT of a write): the worker posts it first, on the same port;
 * - parsers (functions, which cannot cross threads) run here: the worker leaves those types as text;
 * - a statement's error keeps PostgreSQL's fields (code, severity, constraint…), for db/errors.ts.
 * Parameters are copied to the worker (the caller may still use its buffers); large byte values read
 * (a stored file) move back without a copy.
 *
 * If the thread dies (a crash of the WebAssembly runtime, memory exhausted), the statements in flight fail
 * with an error saying so, and the database restarts on its data directory (see crashed()).
 */
export interface EmbeddedOptions {
  /** a directory for the database's files; none: in memory */
  dataDir?: string;
  /** an in-memory database started from this dump (PGlite's loadDataDir) */
  from?: Blob;
  /** PostgreSQL start parameters added to PGlite's defaults */
  startParams?: string[];
  /** called if the thread dies and cannot be started again (in memory, or crashing again and again) */
  onCrash?: (err: Error) => void;
}

type Reply = { id: number; ok?: unknown; error?: Record<string, unknown> & { message: string } };
/** The answers of messages posted together (see post()), in their order. */
type Replies = { op: 'replies'; list: Reply[] };
type Notice = { op: 'notify'; listener: number; payload: string };
type Start = { op: 'ready' } | { op: 'failed'; error: Record<string, unknown> & { message: string } };

const WORKER = new URL('./pglite-worker.js', import.meta.url);

/**
 * The texts of the statements whose shape never changes with what a user typed (db/rows.ts: lookups): the
 * worker keeps one plan for each (PostgreSQL may, for them as named statements); every other statement is
 * planned for its own values each time (pglite-worker.js). Planning is a large part of such a statement's
 * time on the embedded database.
 */
export const keptPlans = new Set<string>();

/** An error of the worker as it was there: PostgreSQL's fields on an Error of this thread. */
function rebuild(fields: Record<string, unknown> & { message: string }): Error {
  const { message, stack, ...rest } = fields;
  const err = Object.assign(new Error(message), rest);
  if (typeof stack === 'string') err.stack = `${stack}\n    at (the embedded database's thread)`;
  return err;
}

/** PGlite's two programs, compiled, and the files its programs read at start (its 'fs bundle'). */
interface Artifacts {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Buffer;
}
let artifacts: Promise<Artifacts> | undefined;

/**
 * PGlite's WebAssembly compiled once a process, and its fs bundle read once: each thread opening a database
 * gets them (a compiled module is shared between threads, not copied) instead of compiling 9 MB of
 * WebAssembly and reading 6 MB again, a third of an open's CPU (1.0 s against 0.65; the tests open
 * hundreds: docs/performance.md, 'Test and CI time, round eleven').
 */
function pgliteArtifacts(): Promise<Artifacts> {
  artifacts ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb, fsBundle] = await Promise.all(['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((file) => readFile(join(dist, file))));
    return { pgliteWasmModule: await WebAssembly.compile(pglite), initdbWasmModule: await WebAssembly.compile(initdb), fsBundle };
  })().catch((err: unknown) => {
    artifacts = undefined;
    throw err;
  });
  return artifacts;
}

/** Starts the thread and waits for its database to be ready. */
async function startWorker(opts: EmbeddedOptions, load?: ArrayBuffer): Promise<Worker> {
  const worker = new Worker(WORKER, {
    workerData: { dataDir: opts.dataDir, load, startParams: opts.startParams ?? [], ...(await pgliteArtifacts()) },
    transferList: load ? [load] : [],
  });
  let started: (msg: Start) => void = () => {};
  let failed: (err: Error) => void = () => {};
  let exited: (code: number) => void = () => {};
  try {
    await new Promise<void>((resolve, reject) => {
      started = (msg) => (msg.op === 'ready' ? resolve() : reject(rebuild(msg.error)));
      failed = reject;
      exited = (code) => reject(new Error(`La base de données intégrée n'a pas démarré (code ${code}).`));
      worker.once('message', started).once('error', failed).once('exit', exited);
    });
  } catch (err) {
    await worker.terminate();
    throw err;
  } finally {
    // (removeAllListeners() would also remove those of the worker's own port referencing)
    worker.off('message', started).off('error', failed).off('exit', exited);
  }
  // an idle database does not keep the process alive (a script that forgot to close it ends); a
  // statement in flight does (see call())
  worker.unref();
  return worker;
}

/** Restarts after a crash allowed within a minute, before giving up. */
const RESTARTS_PER_MINUTE = 3;

export class EmbeddedPglite {
  private seq = 0;
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private listeners = new Map<number, { channel: string; callback: (payload: string | null) => void }>();
  private tail: Promise<unknown> = Promise.resolve();
  /** set when the database cannot serve any more (a crash in memory, or too many) */
  private failure?: Error;
  /** a new thread starting on the data directory after a crash */
  private restarting?: Promise<void>;
  private restarts: number[] = [];
  private closing = false;

  private constructor(
    private worker: Worker,
    private opts: EmbeddedOptions,
  ) {
    this.attach(worker);
  }

  static async open(opts: EmbeddedOptions): Promise<EmbeddedPglite> {
    return new EmbeddedPglite(await startWorker(opts, opts.from ? await opts.from.arrayBuffer() : undefined), opts);
  }

  private attach(worker: Worker) {
    const answer = (msg: Reply) => {
      const waiting = this.pending.get(msg.id);
      if (!waiting) return;
      this.pending.delete(msg.id);
      if (!this.pending.size) worker.unref();
      if (msg.error) waiting.reject(rebuild(msg.error));
      else waiting.resolve(msg.ok);
    };
    worker.on('message', (msg: Reply | Replies | Notice) => {
      if (!('op' in msg)) return answer(msg);
      if (msg.op === 'replies') return msg.list.forEach(answer);
      this.listeners.get(msg.listener)?.callback(msg.payload);
    });
    worker.on('error', (err) => this.crashed(worker, err));
    worker.on('exit', (code) => this.crashed(worker, new Error(`code ${code}`)));
  }

  /**
   * The thread died: what was in flight fails (a transaction was not committed), and on a data directory
   * a new thread opens it again (PostgreSQL's recovery, as after kill -9), listens again, and tells each
   * listener that notifications may have been missed (null); in memory, or after too many crashes, every
   * later statement fails with the reason.
   */
  private crashed(worker: Worker, cause: Error) {
    if (this.closing || worker !== this.worker || this.failure) return;
    const lost = new Error(`La base de données intégrée s'est arrêtée (${cause.message}).`, { cause });
    for (const { reject } of this.pending.values()) reject(lost);
    this.pending.clear();
    const now = Date.now();
    this.restarts = [...this.restarts.filter((t) => t > now - 60_000), now];
    if (!this.opts.dataDir || this.restarts.length > RESTARTS_PER_MINUTE) return this.giveUp(lost);
    console.error(`${lost.message} Elle redémarre.`);
    this.restarting = (async () => {
      try {
        const next = await startWorker(this.opts);
        this.worker = next;
        this.attach(next);
        this.restarting = undefined;
        for (const [listener, { channel, callback }] of this.listeners) {
          await this.call({ op: 'listen', channel, listener });
          callback(null);
        }
      } catch (err) {
        this.restarting = undefined;
        this.giveUp(new Error(`${lost.message} Elle n'a pas pu redémarrer : ${(err as Error).message}`, { cause: err }));
      }
    })();
  }

  private giveUp(err: Error) {
    this.failure = new Error(`${err.message} Redémarrez le serveur.`, { cause: err.cause });
    console.error(this.failure.message);
    this.opts.onCrash?.(this.failure);
  }

  /** `within`: the thread a transaction began on; after a crash its statements fail rather than run outside it. */
  private async call<T>(msg: Record<string, unknown>, within?: Worker): Promise<T> {
    if (this.restarting) await this.restarting;
    if (this.failure) throw this.failure;
    if (within && within !== this.worker) throw new Error("La transaction a été interrompue : la base de données intégrée s'est arrêtée.");
    const id = ++this.seq;
    const worker = this.worker;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      if (this.pending.size === 1) worker.ref();
      this.post(worker, { ...msg, id });
    });
  }

  private outbox: { worker: Worker; list: Record<string, unknown>[] } | undefined;

  /**
   * Posts at the end of this turn, together with what else is posted in it (a transaction's statements sent
   * together): the thread answers them in one message. Each message that wakes a sleeping thread costs
   * its sender about 0.1 ms on this workplace's machines, more than a short statement (docs/performance.md,
   * round nine). Order is kept: the thread runs them one after the other, as posted.
   */
  private post(worker: Worker, msg: Record<string, unknown>) {
    if (this.outbox?.worker === worker) {
      this.outbox.list.push(msg);
      return;
    }
    const box = (this.outbox = { worker, list: [msg] });
    queueMicrotask(() => {
      if (this.outbox === box) this.outbox = undefined;
      worker.postMessage(box.list.length === 1 ? box.list[0] : { op: 'batch', list: box.list });
    });
  }

  /** For a test: the thread dies, whatever it is running, as in a crash of its runtime. */
  async crashForTest() {
    await this.worker.terminate();
  }

  /** Runs `fn` when every statement and transaction asked before it has ended (PGlite's mutex). */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** `begin`: BEGIN runs first, on the worker (a transaction's first statement: one round trip fewer). */
  private async run<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}, within?: Worker, begin = false): Promise<Results<T>> {
    const { rowMode, parsers, paramTypes, ...rest } = options;
    if (Object.keys(rest).length) throw new Error(`query options not available across threads: ${Object.keys(rest).join(', ')}`);
    const result = await this.call<Results<T>>({ op: 'query', sql, params, rowMode, paramTypes, raw: Object.keys(parsers ?? {}).map(Number), begin, kept: keptPlans.has(sql) }, within);
    if (parsers && result.rows.length) {
      const parsed = result.fields.flatMap((f, i) => (parsers[f.dataTypeID] ? [{ i, name: f.name, parse: parsers[f.dataTypeID] }] : []));
      for (const row of result.rows as Record<string | number, unknown>[]) {
        for (const { i, name, parse } of parsed) {
          const key = rowMode === 'array' ? i : name;
          if (row[key] !== null && row[key] !== undefined) row[key] = parse(row[key] as string);
        }
      }
    }
    return result;
  }

  private runExec(sql: string, within?: Worker, begin = false): Promise<Results[]> {
    return this.call<Results[]>({ op: 'exec', sql, begin }, within);
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.exclusive(() => this.run<T>(sql, params, options));
  }

  exec(sql: string): Promise<Results[]> {
    return this.exclusive(() => this.runExec(sql));
  }

  /**
   * As PGlite's: BEGIN, the callback's statements, then COMMIT, or ROLLBACK when it throws. BEGIN goes with
   * the first statement (the worker runs it first), and what comes next is sent behind COMMIT without
   * waiting for its answer: each round trip between the threads is time the one session is held. A callback
   * that sends nothing opens no transaction.
   */
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    let commit: Promise<Results[]> | undefined;
    const ran = this.exclusive(async () => {
      if (this.restarting) await this.restarting;
      const worker = this.worker;
      let begun = false;
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
        const first = !begun;
        begun = true;
        return first;
      };
      const tx = {
        query: async <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.run<R>(sql, params, options, worker, open()),
        exec: async (sql: string) => this.runExec(sql, worker, open()),
        rollback: async () => {
          if (open()) {
            closed = true;
            return;
          }
          await this.runExec('ROLLBACK', worker);
          closed = true;
        },
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      try {
        const result = await callback(tx);
        if (!closed) {
          closed = true;
          if (begun) commit = this.runExec('COMMIT', worker);
        }
        return result;
      } catch (err) {
        if (!closed && begun) {
          closed = true;
          // (after a crash there is nothing to roll back: the transaction died with its thread)
          await this.runExec('ROLLBACK', worker).catch((e: unknown) => {
            if (this.worker === worker && !this.failure) throw e;
          });
        }
        throw err;
      }
    });
    // The next statements may be posted as soon as COMMIT is (the thread runs its messages one at a time, in
    // the order posted): the one session waits neither for COMMIT's answer nor for this thread's turn to
    // read it. The transaction's caller does, and hears its failure.
    return ran.then(async (result) => {
      const [done] = commit ? await commit : [];
      // a statement failed and the callback went on: PostgreSQL rolled the whole transaction back
      if (done?.command === 'ROLLBACK') throw Object.assign(new Error('Transaction aborted'), { query: 'COMMIT' });
      return result;
    });
  }

  /** Calls `callback` with each notification on `channel` (LISTEN on the database's one session). */
  listen(channel: string, callback: (payload: string | null) => void): Promise<void> {
    return this.exclusive(async () => {
      const listener = ++this.seq;
      this.listeners.set(listener, { channel, callback });
      try {
        await this.call({ op: 'listen', channel, listener });
      } catch (err) {
        this.listeners.delete(listener);
        throw err;
      }
    });
  }

  /** The data directory as an uncompressed tarball. */
  dumpDataDir(): Promise<Blob> {
    return this.exclusive(async () => new Blob([await this.call<ArrayBuffer>({ op: 'dump' })]));
  }

  /**
   * A copy of the database for a backup, as it is between two statements: on a data directory its files
   * copied into `to`, in memory a tarball.
   */
  async snapshot(to: string): Promise<{ dir: string } | { tarball: ArrayBuffer }> {
    // first a copy while statements go on (the thread pool's, not this loop's); then, in the database's turn,
    // only what changed meanwhile is copied again (pglite-worker.js): the stop is that, not the whole copy.
    // (a margin of 2 s on `since`: a file's time may be rounded)
    const since = Date.now() - 2000;
    if (this.opts.dataDir) await cp(this.opts.dataDir, to, { recursive: true });
    return this.exclusive(() => this.call<{ dir: string } | { tarball: ArrayBuffer }>({ op: 'snapshot', to, since }));
  }

  /** Waits for the statements asked before, closes the database (its files written) and ends the thread. */
  close(): Promise<void> {
    return this.exclusive(async () => {
      if (this.closing) return;
      try {
        if (this.restarting) await this.restarting.catch(() => undefined);
        if (!this.failure) await this.call({ op: 'close' });
      } finally {
        this.closing = true;
        await this.worker.terminate();
      }
    });
  }

  /** What drizzle-orm/pglite is given: it calls query() and transaction() only. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}
