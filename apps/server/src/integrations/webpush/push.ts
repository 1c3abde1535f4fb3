import { Agent, request } from 'node:https';
import { isIP } from 'node:net';
import webpush from 'web-push';
import type { Deps } from '../../http/deps';
import { addressOf } from '../mailer';
import { WorkerGone, encryptPush } from './push-crypto';
import { RefusedAddress, isPublicAddress, publicLookup, pushTarget, type PushTarget } from './push-address';

/**
 * Web Push delivery (RFC 8030/8291/8292): the endpoint check, one request per device and
 * what its answer means. `web-push` signs the VAPID header; the body is encrypted by
 * push-crypto.ts (worker threads) and the request is ours, built from the endpoint as push-address.ts
 * parsed and checked it (web-push parsed it again with `url.parse`, which reads some URLs' host otherwise).
 */

/**
 * A subscription's endpoint may be pushed to (push-address.ts: parsed once, a known push service's host
 * on 443, the same for every URL parser, no address of this machine or its networks). PUSH_HOSTS adds
 * hosts (a test's endpoint).
 */
export function endpointAllowed(deps: Deps, endpoint: string): boolean {
  return pushTarget(deps.env, endpoint) !== null;
}

/** The establishment's key pair (made and kept by the notifications area: vapid.service.ts). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A new key pair (the area keeps it: a subscription is bound to the public key it was made with). */
export const newVapidKeys = (): VapidKeys => webpush.generateVAPIDKeys();

/** The VAPID 'sub': the establishment's contact address (MAIL_FROM). Apple refuses a localhost one. */
export const vapidSubject = (deps: Deps) => `mailto:${addressOf(deps.env.MAIL_FROM)}`;

/** How long a push service keeps a message for an offline device: a day, then it is stale news (ours). */
export const PUSH_TTL = 86400;
const REQUEST_TIMEOUT_MS = 15_000;

export type PushOutcome = { kind: 'delivered' } | { kind: 'gone'; error: string } | { kind: 'refused'; error: string } | { kind: 'retry'; error: string };

/**
 * The connections of the push senders: kept alive per push service, and every name resolved through
 * `publicLookup`, which refuses an address of this machine or its networks at connection time. The tests'
 * local service (an address in PUSH_HOSTS, PUSH_INSECURE_TLS for its self-signed certificate) has its own.
 */
const publicAgent = new Agent({ keepAlive: true, lookup: publicLookup as never });
let localAgent: Agent | undefined;
const agentFor = (deps: Deps, target: PushTarget) =>
  target.local ? (localAgent ??= new Agent({ keepAlive: true, lookup: publicLookup as never, rejectUnauthorized: deps.env.PUSH_INSECURE_TLS !== '1' })) : publicAgent;

/**
 * The signed VAPID header per push service (the JWT's audience), key and subject, reused for an hour and
 * valid for 12 (RFC 8292 allows 24): web-push signs one per request otherwise, 1.6 of the 2.1 ms of CPU a
 * push took (bench/push.ts). Push services read `exp` against real time, so the machine's clock is used,
 * as web-push does. The services are a handful of hosts; the map is emptied should it ever pass 1 000.
 */
const vapidHeaders = new Map<string, { authorization: string; until: number }>();
function vapidAuthorization(deps: Deps, keys: VapidKeys, audience: string): string {
  const subject = vapidSubject(deps);
  const id = `${audience} ${keys.publicKey} ${subject}`;
  const now = Math.floor(Date.now() / 1000);
  const kept = vapidHeaders.get(id);
  if (kept && kept.until > now) return kept.authorization;
  const { Authorization } = webpush.getVapidHeaders(audience, subject, keys.publicKey, keys.privateKey, 'aes128gcm', now + 12 * 3600) as { Authorization: string };
  if (vapidHeaders.size >= 1000) vapidHeaders.clear();
  vapidHeaders.set(id, { authorization: Authorization, until: now + 3600 });
  return Authorization;
}

/**
 * One request to a push service. The topic is the send's id: should the same message be sent again
 * (a batch taken over after a crash), the push service replaces a copy it still holds instead of
 * delivering two, and the worker's tag shows one notification.
 */
export async function pushOne(
  deps: Deps,
  keys: VapidKeys,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: string,
  topic: string,
): Promise<PushOutcome> {
  // parsed and checked again as it is used: a row written before the rules were (or by hand) is never sent to
  const target = pushTarget(deps.env, sub.endpoint);
  if (!target) return { kind: 'gone', error: 'adresse refusée' };
  let body: Buffer;
  try {
    body = await encryptPush(sub.keys.p256dh, sub.keys.auth, payload);
  } catch (err) {
    if (err instanceof WorkerGone) return { kind: 'retry', error: err.message.slice(0, 200) };
    // keys a browser would not make (the contract checks their form, not the curve point)
    return { kind: 'refused', error: (err as Error).message.slice(0, 200) };
  }
  const headers = {
    TTL: PUSH_TTL,
    'Content-Length': body.length,
    'Content-Type': 'application/octet-stream',
    'Content-Encoding': 'aes128gcm',
    Authorization: vapidAuthorization(deps, keys, target.origin),
    Urgency: 'normal',
    Topic: topic,
  };
  try {
    const answer = await post(deps, target, headers, body);
    const status = answer.status;
    if (status >= 200 && status <= 299) return { kind: 'delivered' };
    // 404/410: the subscription is gone for good (unsubscribed, app removed)
    if (status === 404 || status === 410) return { kind: 'gone', error: `${status}` };
    // 429 and 5xx: the service asks to come back later
    if (status === 429 || status >= 500) return { kind: 'retry', error: `${status}` };
    return { kind: 'refused', error: `${status} ${answer.body.slice(0, 200)}`.trim() };
  } catch (err) {
    // an address of this machine or its networks: never, however often it is tried
    if (err instanceof RefusedAddress) return { kind: 'refused', error: err.message.slice(0, 200) };
    // no answer (connection refused, timeout): passing
    return { kind: 'retry', error: (err as Error).message.slice(0, 200) };
  }
}

/** The request, built from the parsed endpoint: host, port and path are the ones that were checked. */
function post(deps: Deps, target: PushTarget, headers: Record<string, string | number>, body: Buffer): Promise<{ status: number; body: string }> {
  // an address written in the endpoint is connected to without a lookup: it was checked by pushTarget, and is again here
  if (!target.local && isIP(target.hostname) !== 0 && !isPublicAddress(target.hostname)) return Promise.reject(new RefusedAddress(`adresse refusée : ${target.hostname}`));
  return new Promise((resolve, reject) => {
    const req = request(
      { host: target.hostname, port: target.port, path: target.path, method: 'POST', headers, agent: agentFor(deps, target), timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          if (text.length < 1000) text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('Socket timeout')));
    req.on('error', reject);
    req.end(body);
  });
}
