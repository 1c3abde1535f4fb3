import { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { Deps } from '../../http/deps';
import { addressOf } from '../../integrations/mailer';
import * as repo from './notifications.repository';

/**
 * Web Push delivery (RFC 8030/8291/8292) through `web-push`: the VAPID keys, the endpoint check, one
 * request per device and what its answer means.
 */

/**
 * The push services of the browsers in use. A subscription naming another host is refused: the server
 * would otherwise post to any address a stranger gives it. PUSH_HOSTS adds hosts (a test's endpoint).
 */
const PUSH_SERVICES = [/^fcm\.googleapis\.com$/, /^updates\.push\.services\.mozilla\.com$/, /(^|\.)push\.apple\.com$/, /(^|\.)notify\.windows\.com$/];

export function endpointAllowed(deps: Deps, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  const hostPort = url.port ? `${host}:${url.port}` : host;
  return PUSH_SERVICES.some((r) => r.test(host)) || deps.env.PUSH_HOSTS.includes(host) || deps.env.PUSH_HOSTS.includes(hostPort);
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The key pair, made on the first use and kept in the database: the first instance's insert wins and
 * every instance then reads the same pair (a subscription is bound to the public key it was made with).
 */
export async function vapidKeys(deps: Deps): Promise<VapidKeys> {
  const row = await repo.readConfig(deps.db);
  if (row) return row;
  const made = webpush.generateVAPIDKeys();
  await repo.insertConfigIfMissing(deps.db, { ...made, editedTime: deps.now() });
  return (await repo.readConfig(deps.db))!;
}

/** The VAPID 'sub': the establishment's contact address (MAIL_FROM). Apple refuses a localhost one. */
export const vapidSubject = (deps: Deps) => `mailto:${addressOf(deps.env.MAIL_FROM)}`;

/** How long a push service keeps a message for an offline device: a day, then it is stale news (ours). */
export const PUSH_TTL = 86400;
const REQUEST_TIMEOUT_MS = 15_000;

export type PushOutcome = { kind: 'delivered' } | { kind: 'gone'; error: string } | { kind: 'refused'; error: string } | { kind: 'retry'; error: string };

let insecureAgent: Agent | undefined;

/**
 * The signed VAPID header per push service (the JWT's audience), key and subject, reused for an hour and
 * valid for 12 (RFC 8292 allows 24): web-push signs one per request otherwise, 1.6 of the 2.1 ms of CPU a
 * push took (bench/push.ts). Push services read `exp` against real time, so the machine's clock is used,
 * as web-push does. The services are a handful of hosts; the map is emptied should it ever pass 1 000.
 */
const vapidHeaders = new Map<string, { authorization: string; until: number }>();
function vapidAuthorization(deps: Deps, keys: VapidKeys, endpoint: string): string {
  const audience = new URL(endpoint).origin;
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
  try {
    await webpush.sendNotification(sub, payload, {
      headers: { Authorization: vapidAuthorization(deps, keys, sub.endpoint) },
      TTL: PUSH_TTL,
      topic,
      urgency: 'normal',
      timeout: REQUEST_TIMEOUT_MS,
      ...(deps.env.PUSH_INSECURE_TLS === '1' ? { agent: (insecureAgent ??= new Agent({ rejectUnauthorized: false, keepAlive: true })) } : {}),
    });
    return { kind: 'delivered' };
  } catch (err) {
    if (err instanceof WebPushError) {
      const status = err.statusCode;
      // 404/410: the subscription is gone for good (unsubscribed, app removed)
      if (status === 404 || status === 410) return { kind: 'gone', error: `${status}` };
      // 429 and 5xx: the service asks to come back later
      if (status === 429 || status >= 500) return { kind: 'retry', error: `${status}` };
      return { kind: 'refused', error: `${status} ${String(err.body ?? '').slice(0, 200)}`.trim() };
    }
    // no answer (connection refused, timeout): passing
    return { kind: 'retry', error: (err as Error).message.slice(0, 200) };
  }
}
