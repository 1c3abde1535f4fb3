import { execFileSync } from 'node:child_process';
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A push service for tests and the bench, on this machine (no internet): an HTTPS server with a
 * self-signed certificate (made by openssl) that receives Web Push requests as Google's or Mozilla's
 * would, decrypts each body (aes128gcm, RFC 8291) with the device's private key and checks the VAPID
 * JWT (RFC 8292). Devices are made here: each has its own key pair and auth secret, as a browser's.
 */

// http_ece is web-push's own dependency (no types): the reference implementation of RFC 8188
const ece = createRequire(import.meta.url)('http_ece') as { decrypt(body: Buffer, params: { version: string; privateKey: ECDH; authSecret: string }): Buffer };

export interface Received {
  device: number;
  /** the decrypted body, parsed */
  payload: Record<string, unknown> | null;
  ttl: number;
  topic: string | undefined;
  urgency: string | undefined;
  jwt: { aud: string; exp: number; sub: string } | null;
  /** the JWT's signature checks against the key sent beside it */
  signed: boolean;
  vapidKey: string;
  status: number;
}

export interface PushEndpoint {
  url: string;
  host: string;
  received: Received[];
  /** a device's subscription as the browser's PushSubscription.toJSON() gives it */
  device(i: number): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** the answer a device's endpoint gives (default 201), or a function deciding per request */
  answer: (device: number, count: number) => number | 'hang' | Promise<number | 'hang'>;
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

function certificate() {
  const dir = mkdtempSync(join(tmpdir(), 'push-cert-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', join(dir, 'k.pem'), '-out', join(dir, 'c.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'k.pem')), cert: readFileSync(join(dir, 'c.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The VAPID header's check, once per distinct header: the server signs one per push service and reuses it
 * for an hour, so checking each request again measured the test service's CPU, not the sender's, in
 * bench/push.ts (0.4 ms a push in the sender's own process).
 */
const checked = new Map<string, ReturnType<typeof checkJwt>>();
function readJwt(authorization: string | undefined) {
  const key = authorization ?? '';
  let r = checked.get(key);
  if (!r) {
    if (checked.size >= 1000) checked.clear();
    checked.set(key, (r = checkJwt(authorization)));
  }
  return r;
}

function checkJwt(authorization: string | undefined) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!m) return { jwt: null, signed: false, key: '' };
  const [head, body, sig] = m[1].split('.');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
  const point = Buffer.from(m[2], 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(sig, 'base64url'));
  return { jwt: claims as Received['jwt'], signed, key: m[2] };
}

/** `port`: a fixed one (the browser journeys' server is told it before it starts); else any free one. */
export async function startPushEndpoint(opts: { decrypt?: boolean; port?: number } = {}): Promise<PushEndpoint> {
  const decrypt = opts.decrypt ?? true;
  const devices = new Map<number, { ecdh: ECDH; auth: string }>();
  const counts = new Map<number, number>();
  const waiters: { n: number; resolve: () => void }[] = [];
  let accepted = 0;
  const deviceKeys = (i: number) => {
    let d = devices.get(i);
    if (!d) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      d = { ecdh, auth: b64u(randomBytes(16)) };
      devices.set(i, d);
    }
    return d;
  };
  const endpoint: PushEndpoint = {
    url: '',
    host: '',
    received: [],
    answer: () => 201,
    device(i) {
      const d = deviceKeys(i);
      return { endpoint: `${endpoint.url}/push/${i}`, keys: { p256dh: b64u(d.ecdh.getPublicKey()), auth: d.auth } };
    },
    waitFor(n, timeoutMs = 30_000) {
      if (accepted >= n) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`push endpoint: ${endpoint.received.length} of ${n} pushes`)), timeoutMs);
        waiters.push({ n, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
  const server: Server = createServer(certificate(), (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const m = /^\/push\/(\d+)$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !m) return void res.writeHead(404).end();
      const device = Number(m[1]);
      const count = (counts.get(device) ?? 0) + 1;
      counts.set(device, count);
      const status = await endpoint.answer(device, count);
      if (status === 'hang') return; // the sender is to die holding this request
      // the sender died before the answer: as for a mail server, a request not answered is not accepted
      if (req.socket.destroyed) return;
      const { jwt, signed, key } = readJwt(req.headers.authorization);
      let payload: Received['payload'] = null;
      if (decrypt && status === 201) {
        const d = deviceKeys(device);
        payload = JSON.parse(ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: d.ecdh, authSecret: d.auth }).toString());
      }
      endpoint.received.push({
        device,
        payload,
        ttl: Number(req.headers.ttl),
        topic: req.headers.topic as string | undefined,
        urgency: req.headers.urgency as string | undefined,
        jwt,
        signed,
        vapidKey: key,
        status,
      });
      res.writeHead(status).end();
      if (status === 201) accepted++;
      for (const w of waiters.splice(0)) (accepted >= w.n ? w.resolve : () => waiters.push(w))();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  endpoint.host = `127.0.0.1:${port}`;
  endpoint.url = `https://${endpoint.host}`;
  return endpoint;
}
