import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeDeps } from '../app';
import { openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { readEnv } from '../env';
import type { Deps } from '../http/deps';
import { firstStart } from '../seed';
import { freshDatabase, keepTemplate, TEMPLATES } from './harness';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '../../../..');
/** The demo's first start: the demo campsite, the super account's password known. */
const DEMO_ENV = { SEED: 'demo', ADMIN_PASSWORD: 'choisi-123' };

/** Every source the demo is made from: the server's and the shared package's (tests aside), the migrations. */
function sourcesHash() {
  const h = createHash('sha1');
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else if (/\.(ts|sql|json)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) h.update(path).update(readFileSync(path));
    }
  };
  for (const dir of ['apps/server/src', 'apps/server/drizzle', 'packages/shared/src']) walk(join(ROOT, dir));
  h.update(readFileSync(join(ROOT, 'apps/server/package.json')));
  return h.digest('hex').slice(0, 16);
}

/**
 * A database holding the demo as a first start with SEED=demo makes it (ADMIN_PASSWORD 'choisi-123'),
 * and deps on it. Seeding the demo costs about 4.5 s of CPU and several test files check a part of it:
 * on PGlite the first one seeds and dumps it to .tmp (the others wait for it), the others load the dump
 * (0.5 s). The dump is named by the sources it came from and by the hour it was made in (the demo's
 * stays are placed around today),
 * so it is the demo these sources would seed now. On PostgreSQL (TEST_DATABASE_URL) each file seeds.
 * A test of the first start itself seeds for real (seed/seed.test.ts).
 */
export async function demoDatabase(env: Record<string, string> = {}): Promise<{ database: Database; deps: Deps; url?: string }> {
  const depsOn = (database: Database) => makeDeps({ database, env: readEnv({ DATA_DIR: '.tmp/seed-demo-test', ...DEMO_ENV, ...env }), mailer: { send: async () => {} } });
  if (process.env.TEST_DATABASE_URL) {
    const { database, url } = await freshDatabase();
    const deps = depsOn(database);
    await firstStart(deps);
    return { database, deps, url };
  }
  const hour = new Date().toISOString().slice(0, 13);
  const name = `demo-${sourcesHash()}-${hour}.tar`;
  const path = join(TEMPLATES, name);
  mkdirSync(TEMPLATES, { recursive: true });
  // one worker seeds, the others wait for its dump (a minute at most: a lock left by a killed run is passed)
  const lock = `${path}.lock`;
  let seeding = false;
  try {
    closeSync(openSync(lock, 'wx'));
    seeding = !existsSync(path);
    if (!seeding) rmSync(lock, { force: true });
  } catch {
    for (let i = 0; i < 600 && !existsSync(path); i++) await new Promise((r) => setTimeout(r, 100));
  }
  if (!seeding && existsSync(path)) {
    const database = await openDatabase({ memory: true, from: new Blob([readFileSync(path)]) });
    await migrate(database);
    return { database, deps: depsOn(database) };
  }
  try {
    const { database } = await freshDatabase();
    const deps = depsOn(database);
    await firstStart(deps);
    const made = await database.dumpDataDir!();
    keepTemplate(name, Buffer.from(await made.arrayBuffer()));
    return { database, deps };
  } finally {
    if (seeding) rmSync(lock, { force: true });
  }
}
