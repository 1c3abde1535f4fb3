import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderIn } from '../testing/context';
import { PushInvite } from './PushInvite';

/**
 * The invitation with the browser's push parts made for the test (jsdom has none): the permission, the
 * service worker's push manager; the server's calls answered by a fetch stub that records them.
 */
const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUB = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } };
let permission: NotificationPermission;
let requestPermission: ReturnType<typeof vi.fn>;
let subscribe: ReturnType<typeof vi.fn>;
let posted: { url: string; body: unknown }[];
const ua = navigator.userAgent;

function browser({ answer = 'granted' as NotificationPermission, failSubscribe = false } = {}) {
  permission = 'default';
  requestPermission = vi.fn(async () => (permission = answer));
  subscribe = vi.fn(async () => {
    if (failSubscribe) throw new DOMException('Registration failed - push service error', 'AbortError');
    return { toJSON: () => SUB };
  });
  vi.stubGlobal('Notification', { get permission() { return permission; }, requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  const registration = { pushManager: { getSubscription: vi.fn(async () => null), subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', { value: { ready: Promise.resolve(registration), getRegistration: async () => registration }, configurable: true });
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') posted.push({ url, body: JSON.parse(String(init.body)) });
      const answer = url.includes('notifications/key') ? { key: KEY } : true;
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.lang = 'de';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
});

describe('the push invitation', () => {
  it('waits for the screen to settle, asks the permission only on a tap, subscribes with the server key and sends the subscription in the app language', async () => {
    vi.useFakeTimers();
    browser();
    renderIn('de', <PushInvite delayMs={4000} />);
    // never on first paint
    expect(screen.queryByTestId('push-invite')).toBeNull();
    act(() => void vi.advanceTimersByTime(3900));
    expect(screen.queryByTestId('push-invite')).toBeNull();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.getByRole('heading', { name: 'Bleiben Sie informiert' })).toBeTruthy();
    expect(requestPermission).not.toHaveBeenCalled();
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Mitteilungen aktivieren' }));
    await waitFor(() => expect(screen.queryByTestId('push-invite')).toBeNull());
    expect(requestPermission).toHaveBeenCalledTimes(1);
    const options = subscribe.mock.calls[0][0] as { userVisibleOnly: boolean; applicationServerKey: Uint8Array };
    expect(options.userVisibleOnly).toBe(true);
    // the P-256 public key: 65 bytes starting with 4 (uncompressed point)
    expect([options.applicationServerKey.length, options.applicationServerKey[0]]).toEqual([65, 4]);
    expect(posted).toEqual([{ url: '/api/webapp/notifications/subscribe', body: { ...SUB, lang: 'de' } }]);
  });

  it('says when the browser cannot subscribe, and sends nothing', async () => {
    browser({ failSubscribe: true });
    renderIn('fr', <PushInvite />);
    fireEvent.click(await screen.findByRole('button', { name: 'Activer les notifications' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Une erreur s'est produite.");
    expect(posted).toEqual([]);
  });

  it("is not shown once the guest refused, nor for a week after 'Plus tard'", async () => {
    browser({ answer: 'denied' });
    renderIn('fr', <PushInvite />);
    fireEvent.click(await screen.findByRole('button', { name: 'Activer les notifications' }));
    await waitFor(() => expect(screen.queryByTestId('push-invite')).toBeNull());
    cleanup();
    browser();
    renderIn('fr', <PushInvite />);
    fireEvent.click(await screen.findByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByTestId('push-invite')).toBeNull();
    cleanup();
    renderIn('fr', <PushInvite />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('push-invite')).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('on an iPhone outside the home screen, says to add the app first, in the guest language, with nothing to tap but Später', async () => {
    browser();
    Object.defineProperty(navigator, 'userAgent', { value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1', configurable: true });
    renderIn('de', <PushInvite />);
    const card = await screen.findByTestId('push-invite');
    expect(card.textContent).toMatch(/Home-Bildschirm/);
    expect(screen.queryByRole('button', { name: 'Mitteilungen aktivieren' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Später' })).toBeTruthy();
  });
});
