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
import { emailCampaigns, emailRecipients } from '../../db/schema';
import { readEnv } from '../../env';
import { freshDatabase } from '../../testing/harness';
import { startMailServer } from '../../testing/mail-server';
import { findCampaign } from './cron-mail.repository';
import { campaignBatchJob } from './cron-mail.jobs';
import { planCampaign } from './cron-mail.service';
import { exited, waitUntil } from '../../testing/processes';
import { serverMain } from '../../testing/server-main';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const TOTAL = 500;
const KILL_AT = 200;

/**
 * The server is a real child process (the bundle `npm start` runs, testing/build-server.ts) on a real
 * database; it is killed with SIGKILL while the SMTP server holds its 200th mail unanswered, then started again.
 */
function startServer(env: Record<string, string>, log: string[]): ChildProcess {
  const child = spawn(process.execPath, [serverMain()], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => log.push(String(d)));
  child.stderr!.on('data', (d) => log.push(String(d)));
  return child;
}

let cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f().catch(() => {});
  cleanup = [];
});

describe('a campaign whose server is killed mid-send', () => {
  it('resumes after a restart and the SMTP server receives each of 500 addresses exactly once', async () => {
    const log: string[] = [];
    let child: ChildProcess | undefined;
    let killed = false;
    const smtp = await startMailServer({
      async onMessage() {
        if (smtp.mails.length + 1 === KILL_AT && !killed) {
          // the mail is in the server's hands, not yet answered: the sender dies now
          killed = true;
          child!.kill('SIGKILL');
          await exited(child!);
          throw new Error('sender gone');
        }
      },
    });
    cleanup.push(() => smtp.close());

    // the database: PostgreSQL with TEST_DATABASE_URL, else an embedded PGlite in a data directory
    let database: Database;
    let dbEnv: Record<string, string>;
    const url = process.env.TEST_DATABASE_URL ? await freshDatabase() : null;
    if (url) {
      database = url.database;
      dbEnv = { DATABASE_URL: url.url! };
      cleanup.push(() => url.drop());
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'campsite-crash-'));
      cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
      database = await openDatabase({ dataDir: dir });
      dbEnv = { DATA_DIR: dir };
    }
    await migrate(database);
    const deps = makeDeps({ database, env: readEnv({ SEED: 'none' }) });
    const campaign = await deps.db.transaction((tx) =>
      planCampaign(
        deps,
        tx,
        { kind: 'campaign', translations: [{ lang: 'fr', title: 'Bonjour #prenom', content: '<p>Bonjour #prenom</p>' }], sendTime: deps.now(), userId: null, template: null },
        Array.from({ length: TOTAL }, (_, i) => ({ email: `guest${i}@example.org`, firstname: `G${i}`, lastname: '', clientNumber: null, code: null, lang: 'fr', userId: null })),
      ),
    );
    // PGlite has one writer: the server opens the directory only once we close it
    if (!url) await database.close();

    const env = {
      ...dbEnv,
      SMTP_URL: smtp.url,
      SEED: 'none',
      ADMIN_PASSWORD: 'crash-test-pass',
      PORT: '0',
      GUEST_PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      JOBS_POLL_MS: '100',
      JOBS_LEASE_SECONDS: '3',
      // one mail in flight at a time: the killed one is the only one not recorded
      JOBS_CONCURRENCY: '1',
    };
    try {
      child = startServer(env, log);
      cleanup.push(async () => void child?.kill('SIGKILL'));
      await waitUntil(() => killed, 60_000, log);
      // gone, and its data directory's lock with it: a start before that is refused (a rehearsal, the machine loaded)
      await exited(child);
      expect(smtp.mails).toHaveLength(KILL_AT - 1);

      child = startServer(env, log);
      await smtp.waitFor(TOTAL, 90_000);
      // time for a duplicate to show up, if any was to come
      await new Promise((r) => setTimeout(r, 1500));
      child.kill('SIGTERM');
      await exited(child);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n--- server output ---\n${log.join('')}`);
    }

    const to = smtp.mails.flatMap((m) => m.to);
    expect(to).toHaveLength(TOTAL);
    expect(new Set(to).size).toBe(TOTAL);

    const check = url ? database : await openDatabase({ dataDir: dbEnv.DATA_DIR });
    try {
      const [row] = await check.db.select().from(emailCampaigns).where(eq(emailCampaigns.id, campaign));
      expect(row).toMatchObject({ status: 'sent', sentCount: TOTAL, failedCount: 0 });
      const recipients = await check.db.select().from(emailRecipients).where(eq(emailRecipients.campaignId, campaign));
      expect(recipients.every((r) => r.status === 'sent')).toBe(true);
    } finally {
      await check.close();
    }
  }, 240_000);
});

describe('a campaign whose server dies after the SMTP server took a mail, before recording it', () => {
  it('sends that address again on restart, counts it once, and says it was perhaps sent twice', async () => {
    const total = 40;
    const killAt = 15;
    const log: string[] = [];
    let child: ChildProcess | undefined;
    let killed = false;
    const smtp = await startMailServer({
      async onMessage() {
        if (smtp.mails.length + 1 === killAt && !killed) {
          // the SMTP server takes this mail (it answers 250 after this), but its sender is gone first
          killed = true;
          child!.kill('SIGKILL');
          await exited(child!);
        }
      },
    });
    cleanup.push(() => smtp.close());
    let database: Database;
    let dbEnv: Record<string, string>;
    const url = process.env.TEST_DATABASE_URL ? await freshDatabase() : null;
    if (url) {
      database = url.database;
      dbEnv = { DATABASE_URL: url.url! };
      cleanup.push(() => url.drop());
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'campsite-crash-'));
      cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
      database = await openDatabase({ dataDir: dir });
      dbEnv = { DATA_DIR: dir };
    }
    await migrate(database);
    const deps = makeDeps({ database, env: readEnv({ SEED: 'none' }) });
    const campaign = await deps.db.transaction((tx) =>
      planCampaign(
        deps,
        tx,
        { kind: 'campaign', translations: [{ lang: 'fr', title: 'Bonjour', content: '<p>Bonjour</p>' }], sendTime: deps.now(), userId: null, template: null },
        Array.from({ length: total }, (_, i) => ({ email: `twice${i}@example.org`, firstname: `G${i}`, lastname: '', clientNumber: null, code: null, lang: 'fr', userId: null })),
      ),
    );
    if (!url) await database.close();
    const env = {
      ...dbEnv, SMTP_URL: smtp.url, SEED: 'none', ADMIN_PASSWORD: 'crash-test-pass', PORT: '0', GUEST_PORT: '0', HOST: '127.0.0.1',
      LOG_LEVEL: 'error', JOBS_POLL_MS: '100', JOBS_LEASE_SECONDS: '3', JOBS_CONCURRENCY: '1',
    };
    try {
      child = startServer(env, log);
      cleanup.push(async () => void child?.kill('SIGKILL'));
      await waitUntil(() => killed, 60_000, log);
      // gone, and its data directory's lock with it (above)
      await exited(child);
      child = startServer(env, log);
      await smtp.waitFor(total + 1, 60_000);
      await new Promise((r) => setTimeout(r, 1000));
      child.kill('SIGTERM');
      await exited(child);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n--- server output ---\n${log.join('')}`);
    }
    const to = smtp.mails.flatMap((m) => m.to);
    // the address in flight at the crash twice, every other once
    expect(to.filter((a) => a === `twice${killAt - 1}@example.org`)).toHaveLength(2);
    expect(new Set(to).size).toBe(total);
    expect(to).toHaveLength(total + 1);
    const check = url ? database : await openDatabase({ dataDir: dbEnv.DATA_DIR });
    try {
      const answer = await findCampaign(check.db, campaign, campaignBatchJob.kind);
      expect(answer).toMatchObject({ status: 'sent', sent_count: total, failed_count: 0, sent_twice: 1 });
    } finally {
      await check.close();
    }
  }, 180_000);
});

