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
import { notificationDeliveries, notificationSends, pushSubscriptions } from '../../db/schema';
import { readEnv } from '../../env';
import { freshDatabase } from '../../testing/harness';
import { planSend } from './notifications.service';
import { startPushEndpoint } from '../../testing/push-endpoint';
import { exited, waitUntil } from '../../testing/processes';
import { serverMain } from '../../testing/server-main';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const TOTAL = 2000;
const KILL_AT = 700;
const CONCURRENCY = 8;

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

/**
 * Exactly once per device: 2 000 subscriptions, two server processes on one PostgreSQL (one on the
 * embedded PGlite without TEST_DATABASE_URL), one killed with SIGKILL while the push service holds one
 * of its requests unanswered, then started again.
 */
describe('a send whose server is killed mid-send', () => {
  it('every device receives the push, a second time only for the few answered at the kill (same topic and tag); 2 000 delivered', async () => {
    const log: string[] = [];
    const push = await startPushEndpoint({ decrypt: false });
    cleanup.push(() => push.close());
    let victim: ChildProcess | undefined;
    let killed = false;
    let accepted = 0;
    push.answer = async () => {
      if (!killed && ++accepted === KILL_AT) {
        killed = true;
        victim!.kill('SIGKILL');
        await exited(victim!);
        return 'hang';
      }
      return 201;
    };

    let database: Database;
    let dbEnv: Record<string, string>;
    const url = process.env.TEST_DATABASE_URL ? await freshDatabase() : null;
    if (url) {
      database = url.database;
      dbEnv = { DATABASE_URL: url.url! };
      cleanup.push(() => url.drop());
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'campsite-push-crash-'));
      cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
      database = await openDatabase({ dataDir: dir });
      dbEnv = { DATA_DIR: dir };
    }
    await migrate(database);
    const deps = makeDeps({ database, env: readEnv({ SEED: 'none' }) });
    const now = deps.now();
    for (let i = 0; i < TOTAL; i += 500) {
      await deps.db.insert(pushSubscriptions).values(
        Array.from({ length: Math.min(500, TOTAL - i) }, (_, k) => ({ id: `sub${String(i + k).padStart(6, '0')}`, endpoint: push.device(i + k).endpoint, keys: push.device(i + k).keys, lang: 'fr', createdTime: now })),
      );
    }
    const send = await deps.db.transaction((tx) =>
      planSend(deps, tx, { kind: 'now', translations: [{ lang: 'fr', title: 'Bonjour', content: 'Une fois' }], redirect: { type: 'home' }, target: { kind: 'all' }, sendTime: now, quiet: false }),
    );
    if (!url) await database.close();

    const env = {
      ...dbEnv,
      SEED: 'none',
      ADMIN_PASSWORD: 'crash-test-pass',
      PORT: '0',
      GUEST_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      JOBS_POLL_MS: '100',
      JOBS_LEASE_SECONDS: '3',
      JOBS_CONCURRENCY: '2',
      PUSH_HOSTS: push.host,
      PUSH_INSECURE_TLS: '1',
      PUSH_CONCURRENCY: String(CONCURRENCY),
    };
    let other: ChildProcess | undefined;
    try {
      victim = startServer(env, log);
      cleanup.push(async () => void victim?.kill('SIGKILL'));
      // a second instance on the same PostgreSQL takes batches beside it
      if (url) {
        other = startServer(env, log);
        cleanup.push(async () => void other?.kill('SIGKILL'));
      }
      await waitUntil(() => killed, 90_000, log);
      // gone, and on the embedded database its data directory's lock with it: a start before that is refused
      await exited(victim);
      const restarted = startServer(env, log);
      cleanup.push(async () => void restarted.kill('SIGKILL'));
      await waitUntil(() => new Set(push.received.map((r) => r.device)).size >= TOTAL, 120_000, log);
      // time for a duplicate to show up, if any was to come
      await new Promise((r) => setTimeout(r, 2000));
      for (const c of [restarted, other]) {
        if (!c) continue;
        c.kill('SIGTERM');
        await exited(c);
      }
    } catch (err) {
      throw new Error(`${(err as Error).message}\n--- server output ---\n${log.join('')}`);
    }

    const perDevice = new Map<number, number>();
    for (const r of push.received) perDevice.set(r.device, (perDevice.get(r.device) ?? 0) + 1);
    const twice = [...perDevice.entries()].filter(([, n]) => n > 1);
    expect(perDevice.size).toBe(TOTAL);
    // A device whose push service answered 201 just before the kill, before its row was written, is sent
    // again: nothing can tell the new instance it went (the push protocol has no idempotency key). Each
    // sender records its device before taking the next, so at most one per sender of the killed process
    // (JOBS_CONCURRENCY batches × PUSH_CONCURRENCY): the copy carries the same topic (a push service still
    // holding the first replaces it) and the same id, which the worker uses as the notification's tag, so
    // the guest sees one notification. Everything else is received exactly once.
    console.log(`push crash test: ${twice.length} of ${TOTAL} devices were sent the push a second time`);
    expect(twice.length, `devices pushed twice: ${JSON.stringify(twice)}`).toBeLessThanOrEqual(2 * CONCURRENCY);
    expect(twice.every(([, n]) => n === 2)).toBe(true);
    expect(push.received.every((r) => r.topic === send)).toBe(true);

    const check = url ? database : await openDatabase({ dataDir: dbEnv.DATA_DIR });
    try {
      const [row] = await check.db.select().from(notificationSends).where(eq(notificationSends.id, send));
      expect(row).toMatchObject({ status: 'sent', targeted: TOTAL });
      const rows = await check.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.sendId, send));
      expect(rows.filter((r) => r.status === 'delivered')).toHaveLength(TOTAL);
    } finally {
      await check.close();
    }
  }, 300_000);
});
