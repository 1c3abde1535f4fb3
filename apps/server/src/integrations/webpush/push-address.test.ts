import { createServer, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notificationDeliveries, pushSubscriptions } from '../../db/schema';
import { testApp, type TestApp } from '../../testing/harness';
import { addGuest } from '../../testing/fixtures/people';
import { isPublicAddress, pushDns } from './push-address';
import { startPushEndpoint, type PushEndpoint } from '../../testing/push-endpoint';

/**
 * Issue 29: no address the server calls is chosen by a stranger. A push endpoint is parsed once, its
 * host is a push service's on 443 for every URL parser, and the address a name resolves to is checked
 * when the connection is made. A TCP server on 127.0.0.1:443 (where `https://127.0.0.1{.push.apple.com/x`
 * took the server; 127.0.0.29 here, any 127.x is this machine) counts the connections it receives: none.
 */
let t: TestApp;
let push: PushEndpoint;
let trap: Server;
const connections: string[] = [];
const NOW = 1_750_000_000; // 15 June 2025, 17:06 in Paris: outside the quiet hours
const realResolve = pushDns.resolve;
/** where the hostile endpoints lead (any 127.x address is this machine) */
const TRAP = '127.0.0.29';

beforeAll(async () => {
  push = await startPushEndpoint();
  t = await testApp({ now: () => NOW, env: { PUSH_HOSTS: push.host, PUSH_INSECURE_TLS: '1' } });
  trap = createServer((socket) => {
    connections.push(`${socket.remoteAddress}`);
    socket.destroy();
  });
  // port 443 on a loopback address of its own; another test holding it for a moment is waited for
  for (let i = 0; ; i++) {
    try {
      await new Promise<void>((resolve, reject) => {
        trap.once('error', reject);
        trap.listen(443, TRAP, () => (trap.off('error', reject), resolve()));
      });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || i >= 60) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}, 180_000);
afterAll(async () => {
  await t?.close();
  await push?.close();
  await new Promise((resolve) => (trap ? trap.close(resolve) : resolve(undefined)));
});
afterEach(() => {
  pushDns.resolve = realResolve;
});

const subscribe = (endpoint: string, headers: Record<string, string> = {}, lang?: string, keys = push.device(1).keys) =>
  t.app.inject({ method: 'POST', url: '/api/webapp/notifications/subscribe', payload: { endpoint, keys, ...(lang ? { lang } : {}) }, headers });
const drain = async () => {
  while ((await t.deps.jobs.runDue()) > 0) {
    /* next round */
  }
};
const sendToAll = async (title: string) => {
  const staff = await t.signIn({ notifications: 1 });
  const res = await t.post('dashboard/notifications/send', { translations: [{ lang: 'fr', title, content: 'Ce soir' }], user_list: null, force: true }, staff.cookie);
  expect(res.statusCode, res.body).toBe(200);
  await drain();
  return res.json()._id as string;
};
const deliveryOf = async (send: string, endpoint: string) =>
  (await t.deps.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.sendId, send))).find((d) => d.endpoint === endpoint);

const HOSTILE = [
  'https://127.0.0.29{.push.apple.com/x', // WHATWG: a push.apple.com host; url.parse: 127.0.0.29
  'https://127.0.0.1{.push.apple.com/x',
  'https://127.0.0.29%2e.push.apple.com/x',
  'https://127.0.0.29{.push.apple.com:8443/x',
  'https://web.push.apple.com\\@127.0.0.29/x',
  'https://web.push.apple.com:8443/x', // a known service, another port
  'https://web.push.apple.com:443/x', // not as a browser writes it
  'https://WEB.push.apple.com/x',
  'https://user@web.push.apple.com/x',
  'https://web.push.apple.com/x#frag',
  'https://web.push.apple.com/x y',
  'https://[::1]/x',
  'https://fcm.googleapis.com.127.0.0.1.nip.io/x',
];
// stored before the rule (by a subscribe that passed it)
const STORED = 'https://127.0.0.29{.push.apple.com/stored';
// not the address PUSH_HOSTS names (the tests' service is reached only at its own address and port)
const otherLoopback = () => `https://${push.host.replace('127.0.0.1', '127.0.0.2')}/push/1`;

describe('a push endpoint is the address that is connected to', () => {
  it('an endpoint two URL parsers read differently, another port or a non-canonical form is a 400 in the guest\'s language, writing nothing', async () => {
    const before = (await t.deps.db.select().from(pushSubscriptions)).length;
    for (const endpoint of [...HOSTILE, otherLoopback()]) {
      const res = await subscribe(endpoint, {}, 'de');
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().message, endpoint).toBe('Dieses Benachrichtigungsabonnement ist ungültig');
    }
    // without `lang`: the browser's language, French when it is none of the seven
    expect((await subscribe(HOSTILE[0], { 'accept-language': 'nl-BE,nl;q=0.9' })).json().message).toBe('Dit abonnement op meldingen is niet geldig');
    expect((await subscribe(HOSTILE[0], { 'accept-language': 'ja' })).json().message).toBe("Cet abonnement aux notifications n'est pas valide");
    expect((await t.deps.db.select().from(pushSubscriptions)).length).toBe(before);
    // the browsers' real endpoints pass, and so does the tests' service PUSH_HOSTS names
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dA1b2C3:APA91bHqK-x_y',
      // Debian's Chromium (e2e/https.spec.ts)
      'https://jmt17.google.com/fcm/send/eX9k2Lm:APA91bF-q_z',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABh-x_Y=',
      'https://web.push.apple.com/QGuQyavXutnMH_fX-8Kx',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB%2bx%2fY%3d',
      push.device(1).endpoint,
    ]) {
      const res = await subscribe(endpoint, {}, 'de');
      expect(res.statusCode, `${endpoint}: ${res.body}`).toBe(200);
      // this machine has no internet: the others' sends do not try them
      if (endpoint !== push.device(1).endpoint) await t.deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    }
    expect(connections).toEqual([]);
  });

  it('a hostile endpoint stored before the rule is never connected to when pushed; the device beside it gets its push', async () => {
    await t.deps.db.insert(pushSubscriptions).values({ id: 'old-hostile', endpoint: STORED, keys: push.device(2).keys, userId: null, createdTime: NOW });
    const res = await subscribe(push.device(3).endpoint, {}, 'fr', push.device(3).keys);
    expect(res.statusCode).toBe(200);
    const send = await sendToAll('Marché');
    expect(push.received.some((r) => r.device === 3 && r.payload?.title === 'Marché')).toBe(true);
    expect(connections).toEqual([]);
    // the device is refused (failed) and its subscription goes, as a gone one's
    expect(await deliveryOf(send, STORED)).toMatchObject({ status: 'gone', error: 'adresse refusée' });
    expect(await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, 'old-hostile'))).toEqual([]);
  });

  it("a push service's name that resolves to this machine (DNS rebinding) is refused when the connection is made", async () => {
    const endpoint = 'https://web.push.apple.com/rebinding';
    expect((await subscribe(endpoint)).statusCode).toBe(200);
    for (const address of [TRAP, `::ffff:${TRAP}`]) {
      // the name now answers an address of this machine, where the trap listens
      pushDns.resolve = (_host, callback) => callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
      const send = await sendToAll(`Rebinding ${address}`);
      expect(connections).toEqual([]);
      const d = await deliveryOf(send, endpoint);
      expect(d, address).toMatchObject({ status: 'failed' });
      expect(d!.error).toContain('adresse refusée');
    }
  });

  it('refuses loopback, private, link-local, shared and reserved addresses, IPv4 and IPv6', () => {
    const refused = ['127.0.0.1', '127.255.0.9', '0.0.0.0', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.254', '224.0.0.1', '255.255.255.255', '198.18.0.1',
      '::', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:169.254.169.254', '::ffff:10.0.0.1', '64:ff9b::7f00:1', 'fc00::1', 'fd12:3456::1', 'fe80::1', 'febf::1', 'ff02::1', '2002:7f00:1::', 'not an address'];
    for (const a of refused) expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['142.250.179.106', '17.57.146.10', '100.128.0.1', '172.32.0.1', '2a00:1450:4007:80e::200a', '2620:149:a44::10']) expect(isPublicAddress(a), a).toBe(true);
  });
});

const cookieOf = (res: { headers: Record<string, unknown> }) => String([res.headers['set-cookie']].flat()[0]).split(';')[0];
async function guestSession(email: string) {
  const id = await addGuest(t.deps, { email, password: 'vacances-2025' });
  const login = await t.post('webapp/account/login', { email, password: 'vacances-2025' });
  return { id, cookie: cookieOf(login) };
}

describe('an endpoint stays its owner\'s', () => {
  it("another account's or a stranger's re-subscribe with other keys is refused and keeps the owner's keys; the same browser hands it over", async () => {
    const anna = await guestSession('anna.push@example.fr');
    const bob = await guestSession('bob.push@example.fr');
    const endpoint = push.device(60).endpoint;
    const as = (keysOf: number, cookie?: string, lang = 'en') =>
      t.app.inject({ method: 'POST', url: '/api/webapp/notifications/subscribe', payload: { endpoint, keys: push.device(keysOf).keys, lang }, headers: cookie ? { cookie } : {} });
    const row = async () => (await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];
    expect((await as(60, anna.cookie)).statusCode).toBe(200);
    expect(await row()).toMatchObject({ userId: anna.id, keys: push.device(60).keys });

    // Bob, then nobody, with their own keys: refused in their language, Anna's row untouched
    const byBob = await as(61, bob.cookie, 'it');
    expect(byBob.statusCode).toBe(400);
    expect(byBob.json().message).toBe('Questa iscrizione alle notifiche non è valida');
    expect((await as(61)).statusCode).toBe(400);
    expect(await row()).toMatchObject({ userId: anna.id, keys: push.device(60).keys });
    // so a push to Anna still reaches her phone and reads with her keys
    const staff = await t.signIn({ users: 1 });
    const before = push.received.length;
    expect((await t.post('webapp/notifications/send-user', { user: anna.id, title: 'Colis', msg: 'À la réception' }, staff.cookie)).statusCode).toBe(200);
    await drain();
    expect(push.received.slice(before).map((r) => [r.device, r.payload?.title])).toEqual([[60, 'Colis']]);

    // Anna's own browser renews its keys: hers to change
    expect((await as(62, anna.cookie)).statusCode).toBe(200);
    expect(await row()).toMatchObject({ userId: anna.id, keys: push.device(62).keys });
    // the same browser (its keys) after Anna signed out, then Bob signed in on it: the device follows its session
    expect((await as(62)).statusCode).toBe(200);
    expect((await row()).userId).toBeNull();
    expect((await as(62, bob.cookie)).statusCode).toBe(200);
    expect(await row()).toMatchObject({ userId: bob.id, keys: push.device(62).keys });

    // a device nobody is signed in on is its keys': another browser's keys change nothing
    const anonymous = push.device(63);
    expect((await t.post('webapp/notifications/subscribe', anonymous)).statusCode).toBe(200);
    const taken = await t.app.inject({ method: 'POST', url: '/api/webapp/notifications/subscribe', payload: { endpoint: anonymous.endpoint, keys: push.device(64).keys }, headers: { cookie: anna.cookie } });
    expect(taken.statusCode).toBe(400);
    expect((await t.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, anonymous.endpoint)))[0]).toMatchObject({ userId: null, keys: anonymous.keys });
  });
});
