// The embedded database's thread (db/embedded/embedded.ts starts it): PGlite runs here, so that no SQL
// statement holds the server's event loop. Plain JavaScript, so that node runs it as it is from the
// sources (tests, tsx) and from the bundle (apps/server/dist, copied there by build.ts).
//
// Messages in: { id, op: 'query', sql, params, rowMode, raw, paramTypes } | { id, op: 'exec', sql } |
// { id, op: 'listen', channel, listener } | { id, op: 'dump' } | { id, op: 'snapshot', to } | { id, op: 'close' }.
// Messages out: { op: 'ready' } | { op: 'failed', error } once at start, then { id, ok } | { id, error }
// per message in, and { op: 'notify', listener, payload } for each notification, posted before the
// answer of the statement that delivered it (PGlite calls listeners in a microtask of its parse).
import { Blob, Buffer } from 'node:buffer';
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** Bytes of a value above which its buffer is moved to the main thread rather than copied. */
const TRANSFER_MIN = 16 * 1024;

const port = parentPort;
const { dataDir, load, startParams } = workerData;
const options = { startParams: [...PGlite.defaultStartParams, ...startParams], ...(load ? { loadDataDir: new Blob([load]) } : {}) };

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

async function handle(msg) {
  switch (msg.op) {
    case 'query': {
      // the parsers that the caller brings (functions: they stay on its thread) leave those types as text
      const parsers = { [BYTEA]: byteaIn, ...Object.fromEntries(msg.raw.map((oid) => [oid, identity])) };
      const options = { rowMode: msg.rowMode, parsers, serializers: { [BYTEA]: byteaOut }, ...(msg.paramTypes ? { paramTypes: msg.paramTypes } : {}) };
      const result = await db.query(msg.sql, msg.params, options);
      return [withoutBlob(result), transferables(result.rows)];
    }
    case 'exec': {
      const results = await db.exec(msg.sql);
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

if (db) {
  port.on('message', (msg) => {
    handle(msg).then(
      ([ok, transfer]) => port.postMessage({ id: msg.id, ok }, transfer),
      (err) => port.postMessage({ id: msg.id, error: errorOf(err) }),
    );
  });
  port.postMessage({ op: 'ready' });
}
