import { z } from 'zod';
import type { Redirect } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { defineJob, type Job, type JobArea } from '../../jobs';
import { getGlobalSettings } from '../../platform/settings/settings.repository';
import { payloadOf, quietUntil, redirectPaths, translationFor } from './content.service';
import * as repo from './notifications.repository';
import { pushOne, type PushOutcome } from '../../integrations/webpush/push';
import { vapidKeys } from './vapid.service';

/**
 * The job kinds of notifications. A send goes out in two steps, each a durable job:
 * - PLAN at its time: waits out the quiet hours when it must, then writes one row per device of its
 *   target (computed now) and one BATCH job per BATCH_SIZE devices, in one transaction (all or nothing);
 * - BATCH: pushes to its devices, recording each outcome as the push service answers, so that a batch
 *   taken again after a crash (its lease ran out) sends only what was not recorded.
 */
export const BATCH_SIZE = 500;

const planPayload = z.object({ send: z.string() });
const batchPayload = z.object({ send: z.string(), from: z.number().int().min(0), to: z.number().int().min(0) });
export type PlanPayload = z.output<typeof planPayload>;
export type BatchPayload = z.output<typeof batchPayload>;

async function plan(deps: Deps, job: Job<PlanPayload>) {
  return deps.db.transaction(async (tx) => {
    const s = await repo.lockSend(tx, job.payload.send);
    if (!s || s.status !== 'scheduled') return;
    const now = deps.now();
    if (s.quiet) {
      const config = await repo.readConfig(tx);
      const until = config ? quietUntil(now, config.quietStart, config.quietEnd, deps.env.TIME_ZONE) : null;
      if (until !== null) {
        await repo.setSend(tx, s.id, { waitingUntil: until, updatedTime: now });
        return { again: until };
      }
    }
    const n = await repo.materializeDeliveries(tx, s.id, s.target, now);
    await repo.setSend(tx, s.id, n === 0 ? { status: 'sent', targeted: 0, sentTime: now, waitingUntil: null, updatedTime: now } : { status: 'sending', targeted: n, waitingUntil: null, updatedTime: now });
    for (let from = 0; from < n; from += BATCH_SIZE) {
      await batchJob.enqueue(deps, { send: s.id, from, to: Math.min(from + BATCH_SIZE, n) }, { tx });
    }
  });
}

type Outcome = { position: number; status: 'delivered' | 'failed' | 'gone'; error: string | null; time: number | null };

/**
 * Records outcomes as they come: one UPDATE at a time, carrying every outcome that arrived while the
 * previous one ran (a device's row is written milliseconds after its push service answered).
 */
class Recorder {
  private waiting: { o: Outcome; done: () => void; failed: (e: unknown) => void }[] = [];
  private running: Promise<void> | null = null;
  constructor(private readonly flushOnce: (o: Outcome[]) => Promise<void>) {}
  /** resolves once this outcome is committed: the device's sender takes its next device only then */
  add(o: Outcome) {
    const written = new Promise<void>((done, failed) => this.waiting.push({ o, done, failed }));
    this.running ??= this.loop();
    return written;
  }
  private async loop() {
    while (this.waiting.length > 0) {
      const chunk = this.waiting;
      this.waiting = [];
      try {
        await this.flushOnce(chunk.map((c) => c.o));
        for (const c of chunk) c.done();
      } catch (err) {
        for (const c of chunk) c.failed(err);
      }
    }
    this.running = null;
  }
  async drain() {
    while (this.running) await this.running;
  }
}

/** How often (in devices) a batch looks whether its send was cancelled meanwhile. */
const CANCEL_CHECK_EVERY = 100;

async function sendBatch(deps: Deps, job: Job<BatchPayload>) {
  const { send: id, from, to } = job.payload;
  const s = await repo.sendRow(deps.db, id);
  if (!s || s.status === 'cancelled' || s.status === 'sent') return;
  const pending = await repo.pendingDeliveries(deps.db, id, from, to);
  const keys = await vapidKeys(deps);
  const { lang_default } = await getGlobalSettings(deps.db);
  const paths = await pathsOf(deps, s.redirect, lang_default);
  const payloads = new Map<string, string>();
  // the text in the device's language when the send has it; the address always in the device's language
  const payloadFor = (lang: string | null) => {
    const t = translationFor(s.translations, lang, lang_default);
    const pathLang = lang && paths[lang] ? lang : t.lang;
    const key = `${t.lang}:${pathLang}`;
    let p = payloads.get(key);
    if (!p) payloads.set(key, (p = payloadOf(id, t, paths[pathLang] ?? '/', s.redirect)));
    return p;
  };
  const recorder = new Recorder((o) => repo.recordDeliveries(deps.db, id, o));
  const gone: string[] = [];
  let retry: string | null = null;
  let next = 0;
  let cancelled = false;
  const worker = async () => {
    while (next < pending.length && !job.signal.aborted && !cancelled) {
      const i = next++;
      if (i > 0 && i % CANCEL_CHECK_EVERY === 0 && (await repo.sendRow(deps.db, id))?.status === 'cancelled') cancelled = true;
      if (cancelled) return;
      const d = pending[i];
      const outcome: PushOutcome = await pushOne(deps, keys, d, payloadFor(d.lang), id);
      deps.metrics.pushed(outcome.kind);
      if (outcome.kind === 'retry') {
        retry = outcome.error;
        continue;
      }
      if (outcome.kind === 'gone') gone.push(d.subscriptionId);
      // recorded before this sender takes another device: a crash leaves at most one answered device
      // per sender unrecorded (sent again with the same topic and tag: see docs/notifications.md)
      await recorder.add({
        position: d.position,
        status: outcome.kind === 'delivered' ? 'delivered' : outcome.kind === 'gone' ? 'gone' : 'failed',
        error: outcome.kind === 'delivered' ? null : outcome.error,
        time: outcome.kind === 'delivered' ? deps.now() : null,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(deps.env.PUSH_CONCURRENCY, pending.length) }, worker));
  await recorder.drain();
  // a 404 or 410: the device unsubscribed or the app was removed; its subscription goes
  for (const sub of gone) await repo.deleteSubscriptionById(deps.db, sub);
  if (cancelled) return;
  if (job.signal.aborted) return { again: deps.now() };
  // 429 and 5xx (or no answer): the devices left pending are tried again with the scheduler's back-off
  if (retry) throw new Error(`Service de notifications indisponible (${retry}), nouvel essai plus tard`);
  await completeIfDone(deps, id);
}

/** The page or category may have been deleted since the send was written: the tap then opens the home. */
async function pathsOf(deps: Deps, redirect: Redirect, defaultLang: string) {
  try {
    return await redirectPaths(deps.db, redirect, defaultLang);
  } catch {
    return redirectPaths(deps.db, { type: 'home' }, defaultLang);
  }
}

/** The last batch to finish dates the send: 'sent' once no device is pending. */
async function completeIfDone(deps: Deps, id: string) {
  await deps.db.transaction(async (tx) => {
    const s = await repo.lockSend(tx, id);
    if (!s || s.status !== 'sending') return;
    if (await repo.hasPending(tx, id)) return;
    const now = deps.now();
    await repo.setSend(tx, id, { status: 'sent', sentTime: now, updatedTime: now });
  });
}

async function giveUpBatch(deps: Deps, job: Job<BatchPayload>, error: string) {
  const { send: id, from, to } = job.payload;
  await repo.failPending(deps.db, id, from, to, error.slice(0, 500));
  await completeIfDone(deps, id);
}

export const planJob = defineJob({ kind: 'notifications.plan', payload: planPayload, handler: plan, attempts: 5 });

export const batchJob = defineJob({
  kind: 'notifications.batch',
  payload: batchPayload,
  handler: sendBatch,
  attempts: 6,
  // push services ask for patience in seconds to minutes: 30 s, 1, 2, 4, 8 min
  backoff: (attempt) => Math.min(30 * 2 ** (attempt - 1), 3600),
  onGiveUp: giveUpBatch,
});

/** Listed in modules/jobs.ts. */
export const notificationsJobs: JobArea = [planJob, batchJob];
