import { api } from '@campsite/shared/client/api';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { isInstalled } from './visits';

/**
 * Push notifications on this device (issue 21). The subscription is made through the app's service
 * worker (custom-service-worker.js shows every push and opens its address on a tap); the server ties it
 * to the guest signed in when it is sent, so it is sent again at each start and at each sign-in or
 * sign-out: a subscription the browser renewed heals itself, and a device changes hands with its session.
 */
export type PushState = 'unsupported' | 'ios-install' | 'default' | 'granted' | 'denied';

const isIos = () => /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);

export function pushState(): PushState {
  if (typeof window === 'undefined') return 'unsupported';
  const supported = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  // Safari on iPhone offers push only to an app added to the home screen and opened from its icon
  if (isIos() && !isInstalled()) return 'ios-install';
  if (!supported) return 'unsupported';
  return Notification.permission === 'default' ? 'default' : Notification.permission;
}

/** The permission and, once granted, whether this device holds a subscription: each state has its card (PushInvite). */
export type PushStatus = PushState | 'subscribed';

/**
 * The state with the subscription (issue 32): a permission granted before (another visit, a subscription
 * the browser dropped) with no subscription is 'granted', to subscribe with a tap, not 'done'.
 */
export async function pushStatus(): Promise<PushStatus> {
  const state = pushState();
  if (state !== 'granted') return state;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ? 'subscribed' : 'granted';
}

const currentLang = () => document.documentElement.lang || undefined;

/** The VAPID key as the browser wants it (bytes of the base64url text). */
function keyBytes(key: string): Uint8Array<ArrayBuffer> {
  const b64 = (key + '='.repeat((4 - (key.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Sends a subscription to the server (the body PushSubscription.toJSON() gives, and the app's language). */
export async function sendSubscription(sub: PushSubscriptionJSON) {
  if (!sub.endpoint || !sub.keys?.p256dh || !sub.keys.auth) return;
  await api(guestCalls.notifications.subscribe, { endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh, auth: sub.keys.auth }, lang: currentLang() as never });
}

/**
 * Asks the permission (only from a tap on the invitation; a permission already granted is not asked
 * again) and subscribes. Answers the state after it. Throws when the browser cannot reach its push
 * service (offline, or a browser without one).
 */
export async function enablePush(): Promise<PushStatus> {
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'default';
  const registration = await navigator.serviceWorker.ready;
  const { key } = await api(guestCalls.notifications.publicKey, undefined);
  const sub = (await registration.pushManager.getSubscription()) ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  await sendSubscription(sub.toJSON());
  return 'subscribed';
}

/** At each start and each sign-in or sign-out: the existing subscription is sent again (nothing is asked). */
export async function resendSubscription() {
  if (pushState() !== 'granted') return;
  const registration = await navigator.serviceWorker.getRegistration();
  const sub = await registration?.pushManager.getSubscription();
  if (sub) await sendSubscription(sub.toJSON());
}
