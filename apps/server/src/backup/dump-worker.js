// A backup of the embedded database, on a thread of its own (backup/dump.ts starts it). The server's database
// thread only copied its files (a checkpoint and a file copy, a short stop between two statements); here a
// second PGlite opens that copy and PGlite's pg_dump (@electric-sql/pglite-tools) reads it, so
// that the dump, which takes seconds to minutes, holds neither the event loop nor the server's database
// (the previous attempt dumped on the server's own database: every request waited behind it).
// Plain JavaScript, as pglite-worker.js, so that node runs it from the sources and from the bundle (build.ts).
//
// workerData: { dir: string } (a copy of the data directory) or { tarball: ArrayBuffer } (in memory), and file. Messages out: { op: 'step', step } as it goes, then
// { op: 'done', bytes } or { op: 'failed', error }.
import { Blob } from 'node:buffer';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TextDecoder, TextEncoder } from 'node:util';
import { parentPort, workerData } from 'node:worker_threads';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/**
 * Settings that pg_dump 18 (PGlite's) writes in the dump's header and that an older server refuses
 * (`SET transaction_timeout` appeared in PostgreSQL 17): left out, so that the dump restores into
 * PostgreSQL 15 (Debian 12's) and later. The header is the dump's first few kilobytes.
 */
const NEWER_SETTINGS = /^SET transaction_timeout = .*\n/gm;
const HEADER_BYTES = 8192;

const port = parentPort;
const { dir, tarball, file } = workerData;

try {
  port.postMessage({ op: 'step', step: 'open' });
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  const db = dir ? new PGlite(dir, { startParams }) : new PGlite({ loadDataDir: new Blob([tarball]), startParams });
  await db.waitReady;
  port.postMessage({ op: 'step', step: 'dump' });
  // pglite-tools adds --inserts: one INSERT a row, which backup/restore.ts runs in batches
  const dump = await pgDump({ pg: db, args: ['--no-owner', '--no-privileges'] });
  await db.close();
  port.postMessage({ op: 'step', step: 'write' });
  const head = new TextDecoder().decode(await dump.slice(0, HEADER_BYTES).arrayBuffer());
  // (cut at a line's end: a character cut in two would not decode)
  const cut = head.lastIndexOf('\n') + 1;
  const headBytes = new TextEncoder().encode(head.slice(0, cut).replace(NEWER_SETTINGS, ''));
  const parts = new Blob([headBytes, dump.slice(new TextEncoder().encode(head.slice(0, cut)).byteLength)]);
  await pipeline(Readable.fromWeb(parts.stream()), createGzip(), createWriteStream(file));
  port.postMessage({ op: 'done', bytes: parts.size });
} catch (err) {
  // the file system's code (ENOSPC…) for its French reason (dump.ts)
  port.postMessage({ op: 'failed', error: err instanceof Error ? err.message : String(err), code: err?.code });
}
