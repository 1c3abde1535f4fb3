// The server's entry (`npm start`: apps/server/dist/main.js). It imports nothing but Node and the embedded
// database's opener, so that on an existing data directory the database's thread starts (PGlite's
// WebAssembly compiled, the directory opened) while this thread loads the rest of the server (start.ts),
// rather than after it: loading the modules and starting PGlite each take one to two seconds on a loaded
// machine (docs/performance.md, "Start on an existing data directory"). A new directory, or DATABASE_URL,
// start as before (start.ts).
import { existsSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join, resolve } from 'node:path';
import { openDataDir } from './db/embedded/open';

// the modules' compiled code kept on disk (Node's own cache in the system's temporary folder): a restart
// does not compile the server's packages again (docs/performance.md); Node 22 and later
nodeModule.enableCompileCache?.();

// as env.ts reads them (start.ts uses this database only for the same directory; SITES=on opens none)
const dataDir = process.env.DATA_DIR ?? './data';
const early =
  !process.env.DATABASE_URL && process.env.SITES !== 'on' && process.env.CAMPSITE_PREPARE !== '1' && existsSync(join(resolve(dataDir), 'pg')) ? openDataDir(dataDir) : undefined;
// its failure (the directory locked by another server) is said where start.ts waits for it
early?.catch(() => {});

const { start } = await import('./start');
start(early);
