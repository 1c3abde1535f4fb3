import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lockDataDir } from '../data-dir-lock';
import { EmbeddedPglite } from './embedded';

/**
 * PGlite's default buffer cache (shared_buffers 128 MB) sits in its WebAssembly memory whether used or not,
 * and that memory never shrinks. The embedded database serves one establishment, its reads come from the
 * answer cache, and a page not in the buffers is one read from the OS's file cache: 16 MB keeps the process
 * at about 130 MB less for the same throughput (docs/architecture-notes.md, "Memory of the embedded database").
 */
export const PGLITE_START_PARAMS = ['-c', 'shared_buffers=16MB'];

export interface OpenedDataDir {
  /** the data directory, resolved */
  dir: string;
  client: EmbeddedPglite;
  /** gives the directory's lock back */
  release: () => Promise<void>;
}

/**
 * Takes the data directory's lock, then starts the embedded database on it. Imports nothing but Node and
 * the thread's own code, so that main.ts can start it before loading the rest of the server (the
 * WebAssembly runtime starts on its thread while the main thread loads the modules).
 */
export async function openDataDir(dataDir: string): Promise<OpenedDataDir> {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const release = await lockDataDir(dir);
  try {
    const client = await EmbeddedPglite.open({ dataDir: join(dir, 'pg'), startParams: PGLITE_START_PARAMS });
    return { dir, client, release };
  } catch (err) {
    await release();
    throw err;
  }
}
