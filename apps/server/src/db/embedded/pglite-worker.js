// The embedded database's thread (db/embedded/embedded.ts starts it): PGlite runs here, so that no SQL
// statement holds the server's event loop. Plain JavaScript, so that node runs it as it is from the
// sources (tests, tsx) and from the bundle (apps/server/dist, copied there by build.ts).
//
// Messages in: { id, op: 'query', sql, params, rowMode, raw, paramTypes, begin, kept } | { id, op: 'exec', sql, begin } |
// { id, op: 'listen', channel, listener } | { id, op: 'dump' } | { id, op: 'snapshot', to } | { id, op: 'close' },
// or several of them posted together: { op: 'batch', list }.
// Messages out: { op: 'ready' } | { op: 'failed', error } once at start, then { id, ok } | { id, error }
// per message in ({ op: 'replies', list } for a batch), and { op: 'notify', listener, payload } for each
// notification, posted before the answer of the statement that delivered it (PGlite calls listeners in a
// microtask of its parse).
import { Blob, Buffer } from 'node:buffer';
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse as results, protocol } from '@electric-sql/pglite';

/** Bytes of a value above which its buffer is moved to the main thread rather than copied. */
const TRANSFER_MIN = 16 * 1024;

const port = parentPort;
// PGlite's programs compiled and its fs bundle read by the main thread, once a process (embedded.ts)
const { dataDir, load, startParams, pgliteWasmModule, initdbWasmModule, fsBundle } = workerData;
// every execution of a kept statement is planned for its values (runStatement), as an unnamed one is,
// unless it is a lookup (PLAN_KEPT)
const CUSTOM_PLANS = ['-c', 'plan_cache_mode=force_custom_plan'];
const options = {
  startParams: [...PGlite.defaultStartParams, ...CUSTOM_PLANS, ...startParams],
  pgliteWasmModule,
  initdbWasmModule,
  fsBundle: new Blob([fsBundle]),
  ...(load ? { loadDataDir: new Blob([load]) } : {}),
};

/** What the main thread needs of an error: PostgreSQL's fields (code, severity, constraint…), not its class. */
function errorOf(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields = { message: err.message, name: err.name, stack: err.stack };
  for (const [key, value] of Object.entries(err)) if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  return fields;
}

const identity = (value) => value;

/**
 * bytea as PostgreSQL's hex text, by Node's native codec: PGlite's own serializer and parser go through a
 * string or a parseInt per byte, which took seconds for a photo (the stall of issue 29).
 */
const BYTEA = 17;
const byteaOut = (bytes) => {
  if (!(bytes instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`;
};
const byteaIn = (text) => {
  const bytes = Buffer.from(text.slice(2), 'hex');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

/** A result as it crosses to the main thread (a COPY's blob is not used, and would be copied). */
function withoutBlob(result) {
  const sent = { ...result };
  delete sent.blob;
  return sent;
}

/** The large byte values of the rows (bytea: a stored file), whose buffers can move without a copy. */
function transferables(rows) {
  const list = [];
  for (const row of rows) {
    for (const value of Array.isArray(row) ? row : Object.values(row)) {
      if (value instanceof Uint8Array && value.byteLength >= TRANSFER_MIN && value.byteOffset === 0 && value.byteLength === value.buffer.byteLength && value.buffer instanceof ArrayBuffer) {
        list.push(value.buffer);
      }
    }
  }
  return [...new Set(list)];
}

/**
 * Makes `to` (a copy of `from` begun at `since`, epoch ms) equal to `from`: what was written since then (its
 * time says so, or its size) is copied again, what appeared is copied, what went is removed. Most of a
 * season's files (stored photos) were not touched: this takes a fraction of a full copy.
 */
function catchUp(from, to, since) {
  mkdirSync(to, { recursive: true });
  const there = new Set(readdirSync(to));
  for (const name of readdirSync(from)) {
    there.delete(name);
    const src = join(from, name);
    const dst = join(to, name);
    const s = statSync(src);
    if (s.isDirectory()) {
      catchUp(src, dst, since);
      continue;
    }
    let d;
    try {
      d = statSync(dst);
    } catch {
      d = undefined;
    }
    if (!d || d.size !== s.size || s.mtimeMs >= since) copyFileSync(src, dst);
  }
  for (const name of there) rmSync(join(to, name), { recursive: true, force: true });
}

let db;
try {
  db = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await db.waitReady;
} catch (err) {
  port.postMessage({ op: 'failed', error: errorOf(err) });
  db = undefined;
}

/**
 * The parsers of a result: PGlite's own, bytea's, and the caller's types left as text, merged once for each
 * set of those. PGlite merges a query's `parsers` option into its own 318 on every call, which cost 0.4 ms
 * a statement, three times the rest of a one-row read (docs/performance.md, round eight). PGlite changes
 * its own only in refreshArrayTypes(), which nothing here calls.
 */
const parserSets = new Map();
function parsersFor(raw) {
  const key = raw.join(',');
  let set = parserSets.get(key);
  if (!set) {
    set = { ...db.parsers, [BYTEA]: byteaIn, ...Object.fromEntries(raw.map((oid) => [oid, identity])) };
    parserSets.set(key, set);
  }
  return set;
}

/**
 * Statements with parameters kept parsed, by their text (and declared parameter types): PGlite's `query`
 * parses, analyses and describes a statement anew on every call, through five calls into WebAssembly,
 * which was most of a statement's time (a booking's day read: 1.3 ms unnamed, 0.4 ms kept; docs/performance.md,
 * 'Bookings on the embedded database: statements kept parsed'). A kept statement is bound and executed
 * with the same serializers as `query`, and planned anew for its values each time (plan_cache_mode
 * above): the plan one value made is never used for another (a 'lef%' search). A statement without
 * parameters (a schema change, a one-off read) is parsed each time, as PGlite's `query` does.
 * At most KEPT statements, the least recently used closed first; a schema change forgets them all.
 */
const KEPT = 500;
const kept = new Map();
let keptSeq = 0;

/**
 * A lookup's plan is kept (embedded.ts, keptPlans): its generic plan, made once, is used for every execution
 * (a lookup's best plan does not depend on its values). Planning is a large part of a statement's time
 * here: a booking's lookups took 0.4 ms less in all with their kept plans; PostgreSQL's own rule for named
 * statements (`auto`: five custom plans, then the generic one if it costs no more) kept custom plans for
 * the day's read and gained nothing (docs/performance.md, round eight). Set around that one statement only,
 * so that between two statements the rule is always a plan per execution. (Inside a transaction the SET back
 * may fail once the transaction failed; its ROLLBACK then brings the rule back as it was at its start.)
 */
const PLAN_KEPT = protocol.serialize.query('SET plan_cache_mode = force_generic_plan');
const PLAN_PER_EXECUTION = protocol.serialize.query('SET plan_cache_mode = force_custom_plan');
const BEGIN = protocol.serialize.query('BEGIN');
const SYNC = protocol.serialize.sync();
const EXECUTE = protocol.serialize.execute({});

/** Protocol messages as one buffer: PGlite runs them all in one call into WebAssembly. */
function joined(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Runs a statement; `begin`: BEGIN first (a transaction's first statement, embedded.ts). What comes before
 * and after its Bind, Execute and Sync (BEGIN, the lookup's plan rule and its undoing) goes in the same
 * call into WebAssembly: each call costs PGlite a round of its own (a result parsed, a ReadyForQuery, a
 * flush), and a lookup took five of them, six as a transaction's first statement. Only a statement parsed for the first time needs
 * calls of its own (its parameters' types are read before its values are written), and then what comes
 * before it runs first: a simple query ends the unnamed statement.
 */
async function runStatement(text, params, options, keep, keptPlan, begin) {
  const key = options.paramTypes ? `${text}\u0000${options.paramTypes.join(',')}` : text;
  return db.runExclusive(async () => {
    const run = (message) => db.execProtocolStream(message, { syncToFs: false });
    const before = [...(begin ? [BEGIN] : []), ...(keptPlan ? [PLAN_KEPT] : [])];
    const after = keptPlan ? [PLAN_PER_EXECUTION] : [];
    let statement = keep ? kept.get(key) : undefined;
    let messages;
    try {
      if (statement) {
        kept.delete(key);
        kept.set(key, statement);
      } else {
        if (before.length) await run(joined(before.splice(0)));
        try {
          const name = keep ? `campsite_${++keptSeq}` : '';
          await run(protocol.serialize.parse({ name, text, types: options.paramTypes }));
          const described = await run(protocol.serialize.describe({ type: 'S', name }));
          statement = { name, types: results.parseDescribeStatementResults(described), row: described.find((m) => m.name === 'rowDescription') };
          if (keep) kept.set(key, statement);
          if (kept.size > KEPT) {
            const [oldKey, old] = kept.entries().next().value;
            kept.delete(oldKey);
            await run(protocol.serialize.close({ type: 'S', name: old.name }));
          }
        } catch (err) {
          await run(joined([SYNC, ...after])).catch(() => undefined);
          throw err;
        }
      }
      let bind;
      try {
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serialize = options.serializers[statement.types[i]] ?? db.serializers[statement.types[i]];
          return serialize ? serialize(value) : value.toString();
        });
        bind = protocol.serialize.bind({ statement: statement.name, values });
      } catch (err) {
        await run(joined([...before, SYNC, ...after])).catch(() => undefined);
        throw err;
      }
      messages = await run(joined([...before, bind, EXECUTE, SYNC, ...after]));
    } catch (err) {
      // a table changed under a kept statement: parsed again next time
      if (err?.code === '0A000') kept.delete(key);
      // as PGlite's own query says which statement failed
      if (err instanceof Error) err.query = text;
      throw err;
    }
    await db.syncToFs();
    return results.parseResults(ownMessages(messages, before.length, statement.row), options.parsers, { rowMode: options.rowMode })[0];
  });
}

/**
 * The statement's own answer in what one call answered: after the ReadyForQuery of each simple query sent
 * before it, up to its Sync's; its row description (kept from its Describe) after its BindComplete.
 */
function ownMessages(messages, skip, row) {
  let from = 0;
  for (let seen = 0; seen < skip; from++) if (messages[from].name === 'readyForQuery') seen++;
  let to = from;
  while (to < messages.length && messages[to].name !== 'readyForQuery') to++;
  const own = messages.slice(from, to + 1);
  if (row && own[0]?.name === 'bindComplete') own.splice(1, 0, row);
  return own;
}

/** The kept statements may name what a migration changed: closed, parsed again when next used. */
async function forgetOnSchemaChange(sql) {
  if (!kept.size || !/\b(ALTER|DROP|CREATE)\b/i.test(sql)) return;
  const names = [...kept.values()].map((statement) => statement.name);
  kept.clear();
  await db.runExclusive(async () => {
    const run = (message) => db.execProtocolStream(message, { syncToFs: false });
    try {
      for (const name of names) await run(protocol.serialize.close({ type: 'S', name }));
    } finally {
      await run(protocol.serialize.sync());
    }
  });
}

async function handle(msg) {
  switch (msg.op) {
    case 'query': {
      // the parsers that the caller brings (functions: they stay on its thread) leave those types as text
      const options = { rowMode: msg.rowMode, parsers: parsersFor(msg.raw), serializers: { [BYTEA]: byteaOut }, paramTypes: msg.paramTypes };
      const params = msg.params ?? [];
      // a transaction's first statement brings its BEGIN (embedded.ts)
      const result = await runStatement(msg.sql, params, options, params.length > 0, msg.kept && params.length > 0, msg.begin);
      if (!params.length) await forgetOnSchemaChange(msg.sql);
      return [withoutBlob(result), transferables(result.rows)];
    }
    case 'exec': {
      if (msg.begin) await db.exec('BEGIN');
      const results = await db.exec(msg.sql);
      await forgetOnSchemaChange(msg.sql);
      return [results.map(withoutBlob), results.flatMap((r) => transferables(r.rows))];
    }
    case 'listen':
      await db.listen(msg.channel, (payload) => port.postMessage({ op: 'notify', listener: msg.listener, payload }));
      return [null, []];
    case 'dump': {
      const bytes = await (await db.dumpDataDir('none')).arrayBuffer();
      return [bytes, [bytes]];
    }
    case 'snapshot': {
      // a backup's copy (backup/dump.ts): on a data directory, the copy made beforehand while statements ran
      // is brought up to date once every change is written to the files (CHECKPOINT); no statement runs
      // meanwhile (the main thread's turn is held), so the copy opens as the database was, as after a stop;
      // in memory, the tarball
      if (!dataDir) {
        const bytes = await (await db.dumpDataDir('none')).arrayBuffer();
        return [{ tarball: bytes }, [bytes]];
      }
      await db.exec('CHECKPOINT');
      catchUp(dataDir, msg.to, msg.since);
      return [{ dir: msg.to }, []];
    }
    case 'close':
      await db.close();
      return [null, []];
    default:
      throw new Error(`unknown operation ${msg.op}`);
  }
}

/** A message's answer, and the buffers that move with it. */
const answer = (msg) =>
  handle(msg).then(
    ([ok, transfer]) => [{ id: msg.id, ok }, transfer],
    (err) => [{ id: msg.id, error: errorOf(err) }, []],
  );

if (db) {
  // one message at a time, in the order posted: the main thread posts a transaction's next statements, and
  // the next transaction's first, before the answers of those before them (embedded.ts). Messages posted
  // together come as one batch, answered in one message.
  let queue = Promise.resolve();
  port.on('message', (msg) => {
    queue = queue.then(async () => {
      if (msg.op !== 'batch') {
        const [reply, transfer] = await answer(msg);
        return port.postMessage(reply, transfer);
      }
      const list = [];
      const transfer = new Set();
      for (const one of msg.list) {
        const [reply, moved] = await answer(one);
        list.push(reply);
        for (const buffer of moved) transfer.add(buffer);
      }
      port.postMessage({ op: 'replies', list }, [...transfer]);
    });
  });
  port.postMessage({ op: 'ready' });
}
