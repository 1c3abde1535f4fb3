// `npm run bench:push`: how fast a send to 10 000 devices leaves, a benchmark (it prints figures, it
// asserts nothing). The send is made through the API and pushed by the real scheduler and web-push (VAPID
// JWT, aes128gcm encryption per device) to the tests' local HTTPS push service, which here does not
// decrypt, in a process of its own (push-service.ts) so that its TLS and HTTP take none of the sender's
// CPU (BENCH_PUSH_SERVICE=inline runs it in this process, as before 2026-11-29).
// On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { pushSubscriptions } from '../apps/server/src/db/schema';
import { newId } from '../apps/server/src/lib/ids';
import { startPushEndpoint } from '../apps/server/src/testing/push-endpoint';
import { testApp } from '../apps/server/src/testing/harness';

const TOTAL = Number(process.env.BENCH_PUSHES ?? 10_000);
const MB = (n: number) => (n / 1024 / 1024).toFixed(0);

/** The push service: in its own process unless BENCH_PUSH_SERVICE=inline; devices' keys made here (nothing decrypts). */
async function pushService() {
  if (process.env.BENCH_PUSH_SERVICE === 'inline') {
    const push = await startPushEndpoint({ decrypt: false });
    return { host: push.host, device: push.device, received: async () => push.received.length, close: push.close, where: 'in this process' };
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/push-service.ts'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (prefix: string) => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error('the push service stopped');
      if (value.startsWith(prefix)) return value.slice(prefix.length);
    }
  };
  const host = await next('host ');
  const keys = new Map<number, { p256dh: string; auth: string }>();
  const device = (i: number) => {
    let k = keys.get(i);
    if (!k) {
      const ecdh = createECDH('prime256v1');
      keys.set(i, (k = { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') }));
    }
    return { endpoint: `https://${host}/push/${i}`, keys: k };
  };
  return {
    host,
    device,
    received: async () => {
      child.stdin!.write('count\n');
      return Number(await next('count '));
    },
    close: async () => {
      child.stdin!.end();
      await new Promise((r) => child.once('exit', r));
    },
    where: 'in its own process',
  };
}

async function run(label: string, databaseUrl?: string) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const push = await pushService();
  // 10:00 in Paris on a June day: outside the quiet hours
  const knobs = Object.fromEntries(['PUSH_CONCURRENCY', 'JOBS_CONCURRENCY'].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
  const t = await testApp({ env: { PUSH_HOSTS: push.host, PUSH_INSECURE_TLS: '1', MAIL_FROM: 'Camping <contact@camping-bench.fr>', ...knobs } });
  const staff = (await t.signIn({ notifications: 1 })).cookie;
  const now = Math.floor(Date.now() / 1000);
  const rows = Array.from({ length: TOTAL }, (_, i) => ({ id: newId(), userId: null, endpoint: push.device(i).endpoint, keys: push.device(i).keys, lang: i % 3 ? 'fr' : 'de', createdTime: now }));
  for (let i = 0; i < rows.length; i += 1000) await t.deps.db.insert(pushSubscriptions).values(rows.slice(i, i + 1000));
  const translations = [
    { lang: 'fr', title: 'Marché nocturne ce soir', content: 'Producteurs locaux sur la place du camping, de 18 h à 22 h.' },
    { lang: 'de', title: 'Nachtmarkt heute Abend', content: 'Regionale Erzeuger auf dem Platz des Campings, 18 bis 22 Uhr.' },
  ];
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 100);
  const res = await t.post('dashboard/notifications/send', { translations, user_list: null, force: true }, staff);
  if (res.statusCode !== 200) throw new Error(res.body);
  const id = res.json()._id as string;
  const started = Date.now();
  await t.deps.jobs.start();
  let send: { status: string; targeted: number; delivered: number; failed: number } | undefined;
  for (;;) {
    send = (await t.get('dashboard/cron_notification/list', staff)).json().find((s: { _id: string }) => s._id === id);
    if (send?.status === 'sent' && send.delivered + send.failed === send.targeted) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  await t.deps.jobs.stop();
  console.log(
    `${label.padEnd(10)} ${TOTAL} devices: sent in ${seconds.toFixed(1)} s = ${(TOTAL / seconds).toFixed(0)} pushes/s` +
      ` (delivered ${send!.delivered}, failed ${send!.failed}; push service ${push.where} received ${await push.received()}; PUSH_CONCURRENCY ${t.deps.env.PUSH_CONCURRENCY}, JOBS_CONCURRENCY ${t.deps.env.JOBS_CONCURRENCY})` +
      `; memory: RSS ${MB(before.rss)} → peak ${MB(peakRss)} MB, heap ${MB(before.heapUsed)} → peak ${MB(peakHeap)} MB`,
  );
  await t.close();
  await push.close();
}

// read before the PGlite run, which unsets it for its own server
const POSTGRES = process.env.TEST_DATABASE_URL;
if (process.env.BENCH_DB !== 'postgres') await run('PGlite');
if (POSTGRES) await run('PostgreSQL', POSTGRES);
