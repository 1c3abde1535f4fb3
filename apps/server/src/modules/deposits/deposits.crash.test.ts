import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDeps } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { migrate } from '../../db/migrate';
import { deposits } from '../../db/schema';
import { readEnv } from '../../env';
import { SwiklyClient, startSimulator } from '../../integrations/swikly';
import { freshDatabase } from '../../testing/harness';
import { addClient, addStay } from '../../testing/fixtures/people';
import { DEFAULT_ADMIN, setEntry } from '../../platform/settings/settings.repository';
import type { AccommodationSetup } from '@campsite/shared';
import { insertAccommodation, insertCategory, insertObjects, listAccommodations } from '../accommodations/accommodations.service';
import { saveInventory } from '../inventories/inventories.service';
import { claim, release } from './deposits.service';
import { exited, waitUntil } from '../../testing/processes';
import { serverMain } from '../../testing/server-main';

// A release or a claim recorded by staff (the intent), then the server that runs its job killed with SIGKILL
// while its call is on its way to Swikly, before Swikly did anything; started again, the server finishes it:
// Swikly receives the release or the claim once and the deposit says so (docs/deposits.md 'Release and claim: an intent').
// The server is a real child process (the bundle `npm start` runs, testing/build-server.ts) on a real
// database: PGlite in a data directory, or PostgreSQL with TEST_DATABASE_URL.

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const USER_ID = 'a'.repeat(32);
const SECRET = 'S3cr3t-key-0123x';

function startServer(env: Record<string, string>, log: string[]): ChildProcess {
  const child = spawn(process.execPath, [serverMain()], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => log.push(String(d)));
  child.stderr!.on('data', (d) => log.push(String(d)));
  return child;
}

let cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f().catch(() => {});
  cleanup = [];
});

describe('a release or a claim whose server is killed before Swikly is called', () => {
  it('a release stays pending, and the job finishes it after the restart: one release at Swikly', () => killedOnce('release'), 240_000);
  it('a claim likewise: one claim at Swikly, of the departure inventory\'s difference', () => killedOnce('claim'), 240_000);
});

async function killedOnce(kind: 'release' | 'claim') {
  const log: string[] = [];
  const sim = await startSimulator();
  cleanup.push(() => sim.close());
  let child: ChildProcess | undefined;
  let calls = 0;
  sim.onAction(async () => {
    if (++calls > 1) return 'answer';
    // the call has left the server: the server dies now, and the call never reaches Swikly's work
    child!.kill('SIGKILL');
    await exited(child!);
    return 'drop';
  });

  let database: Database;
  let dbEnv: Record<string, string>;
  const url = process.env.TEST_DATABASE_URL ? await freshDatabase() : null;
  if (url) {
    database = url.database;
    dbEnv = { DATABASE_URL: url.url! };
    cleanup.push(() => url.drop());
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'campsite-deposit-crash-'));
    cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
    database = await openDatabase({ dataDir: dir });
    dbEnv = { DATA_DIR: dir };
  }
  await migrate(database);
  const deps = makeDeps({ database, env: readEnv({ SEED: 'none', SWIKLY_URL: sim.api }) });
  await setEntry(deps.db, 'admin', { ...DEFAULT_ADMIN, features: 'premium' });
  await setEntry(deps.db, 'deposit', { activate: true, amount: 15000, userId: USER_ID, secret: SECRET, days: 7 });
  // an accepted deposit at Swikly, for a stay that has left
  const client = await addClient(deps, { firstname: 'Anna', lastname: 'De Vries', email1: 'anna@example.nl' });
  const stay = await addStay(deps, { client_number: client.clientNumber, location: 'M12', location_category: 'MH6' });
  const swikly = new SwiklyClient({ baseUrl: sim.api, accountId: USER_ID, key: SECRET });
  const made = await swikly.createRequest({
    description: 'Caution', language: 'nl', customId: `dep-${kind}`, customIdMustBeUnique: true,
    customer: { firstName: 'Anna', lastName: 'De Vries', email: 'anna@example.nl' },
    deposit: { startDate: '2026-07-01', endDate: '2026-07-08', amount: 15000 }, callbacks: { url: 'http://127.0.0.1:9/' }, sendEmail: false,
  });
  sim.requests.get(made.id)!.status = 'accepted';
  const now = deps.now();
  await deps.db.insert(deposits).values({
    id: `dep-${kind}`, stayNumber: stay, status: 'OK', amount: 15000, firstname: 'Anna', lastname: 'De Vries', email: 'anna@example.nl',
    lang: 'nl', reference: made.id, createdTime: now, editedTime: now,
  });
  const staff = { _id: 'u1', firstname: 'Nathalie', lastname: 'Rivière', username: 'n', email: '', avatar: null, permissions: {} } as never;
  if (kind === 'claim') {
    // the stay's type, its setup (6 glasses at 2 €), and a departure inventory that counts 4
    await insertAccommodation(deps, { name: 'Mobil-home', categories: ['MH6'] });
    const type = (await listAccommodations(deps.db))[0];
    const setup = (await insertCategory(deps, { accommodation: type._id, translations: [{ lang: 'fr', name: 'Cuisine' }] })) as AccommodationSetup;
    const done = (await insertObjects(deps, { accommodation: type._id, category: setup.inventory[0]._id, objects: [{ translations: [{ lang: 'fr', name: 'Verres' }], quantity: 6, price: 2 }], reviews: [] })) as AccommodationSetup;
    const glasses = done.inventory[0].objects[0]._id;
    await saveInventory(deps, staff, { stay_number: stay, type: 'arrival', answers: [{ _id: glasses, count: 6 }], reviews: [] } as never);
    await saveInventory(deps, staff, { stay_number: stay, type: 'departure', answers: [{ _id: glasses, count: 4 }], reviews: [] } as never);
    // staff click 'Réclamer 4,00 € sur la caution': the intent and its job, in one transaction
    expect(await claim(deps, staff, stay)).toMatchObject({ settlement: 'claimed', claimed: 4, settle_state: 'pending' });
  } else {
    // staff click 'Libérer la caution': the intent and its job, in one transaction
    expect(await release(deps, staff, stay)).toMatchObject({ settlement: 'released', settle_state: 'pending' });
  }
  // PGlite has one writer: the server opens the directory only once we close it
  if (!url) await database.close();

  const env = {
    ...dbEnv, SWIKLY_URL: sim.api, SEED: 'none', ADMIN_PASSWORD: 'crash-test-pass', PORT: '0', GUEST_PORT: '0', HOST: '127.0.0.1',
    LOG_LEVEL: 'error', JOBS_POLL_MS: '100', JOBS_LEASE_SECONDS: '3', JOBS_CONCURRENCY: '1',
  };
  try {
    child = startServer(env, log);
    cleanup.push(async () => void child?.kill('SIGKILL'));
    await waitUntil(() => calls === 1 && child!.signalCode === 'SIGKILL', 60_000, log);
    expect(sim.requests.get(made.id)!.status).toBe('accepted');

    child = startServer(env, log);
    await waitUntil(() => sim.requests.get(made.id)!.status === (kind === 'claim' ? 'claimed' : 'released'), 60_000, log);
    // time for a second call to show up, if any was to come
    await new Promise((r) => setTimeout(r, 1500));
    child.kill('SIGTERM');
    await exited(child);
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- server output ---\n${log.join('')}`);
  }
  expect(calls).toBe(2);
  if (kind === 'claim') expect(sim.requests.get(made.id)!.reclaims.map((r) => r.amount)).toEqual([400]);

  const check = url ? database : await openDatabase({ dataDir: dbEnv.DATA_DIR });
  try {
    const [row] = await check.db.select().from(deposits).where(eq(deposits.id, `dep-${kind}`));
    expect(row).toMatchObject({ settlement: kind === 'claim' ? 'claimed' : 'released', settleState: 'done', settledBy: 'Nathalie Rivière' });
  } finally {
    await check.close();
  }
}
