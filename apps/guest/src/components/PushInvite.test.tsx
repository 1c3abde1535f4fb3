import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
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

function browser({ answer = 'granted' as NotificationPermission, failSubscribe = false, initial = 'default' as NotificationPermission, subscribed = false } = {}) {
  permission = initial;
  requestPermission = vi.fn(async () => (permission = answer));
  subscribe = vi.fn(async () => {
    if (failSubscribe) throw new DOMException('Registration failed - push service error', 'AbortError');
    return { toJSON: () => SUB };
  });
  vi.stubGlobal('Notification', { get permission() { return permission; }, requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  const registration = { pushManager: { getSubscription: vi.fn(async () => (subscribed ? { toJSON: () => SUB } : null)), subscribe } };
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
    renderIn('de', <PushInvite place="home" delayMs={4000} />);
    // never on first paint
    expect(screen.queryByTestId('push-invite')).toBeNull();
    act(() => void vi.advanceTimersByTime(3900));
    expect(screen.queryByTestId('push-invite')).toBeNull();
    await act(async () => void vi.advanceTimersByTime(200));
    expect(screen.getByRole('heading', { name: 'Bleiben Sie informiert' })).toBeTruthy();
    expect(requestPermission).not.toHaveBeenCalled();
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Mitteilungen aktivieren' }));
    // the tap's outcome is said, with nothing left to tap
    expect((await screen.findByRole('status')).textContent).toBe('Mitteilungen sind auf diesem Telefon aktiviert.');
    expect(screen.queryByRole('button')).toBeNull();
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

  it('a refusal says how to allow them again, on the home right after the tap and always on the account page; Réessayer subscribes once allowed (issue 32)', async () => {
    browser({ answer: 'denied' });
    renderIn('fr', <PushInvite place="home" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Activer les notifications' }));
    const said = await screen.findByRole('status');
    expect(said.textContent).toBe(
      'Les notifications sont bloquées pour cette application dans les réglages de votre navigateur. Pour les recevoir, autorisez les notifications de ce site ou de cette application dans les réglages du navigateur ou du téléphone, puis touchez « Réessayer ».',
    );
    cleanup();
    // the next home does not nag
    renderIn('fr', <PushInvite place="home" />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('push-invite')).toBeNull();
    cleanup();
    // the account page says it, in the guest's language, and 'Erneut versuchen' subscribes once the guest allowed them
    renderIn('de', <PushInvite />);
    expect((await screen.findByRole('status')).textContent).toMatch(/^Mitteilungen sind für diese App in den Browser-Einstellungen blockiert\. Um sie zu erhalten/);
    permission = 'granted';
    requestPermission.mockClear();
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect((await screen.findByRole('status')).textContent).toBe('Mitteilungen sind auf diesem Telefon aktiviert.');
    expect(requestPermission).not.toHaveBeenCalled();
    expect(posted).toEqual([{ url: '/api/webapp/notifications/subscribe', body: { ...SUB, lang: 'de' } }]);
  });

  it('already allowed but not subscribed: invited, and the tap subscribes without asking again (issue 32)', async () => {
    browser({ initial: 'granted' });
    renderIn('en', <PushInvite place="home" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect((await screen.findByRole('status')).textContent).toBe('Notifications are on for this phone.');
    expect(requestPermission).not.toHaveBeenCalled();
    expect(posted).toHaveLength(1);
  });

  it('subscribed: nothing on the home, said on the account page; a browser without push is said there too (issue 32)', async () => {
    browser({ initial: 'granted', subscribed: true });
    renderIn('nl', <PushInvite place="home" />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('push-invite')).toBeNull();
    cleanup();
    renderIn('nl', <PushInvite />);
    expect((await screen.findByRole('status')).textContent).toBe('Meldingen staan aan op deze telefoon.');
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    // jsdom has no push: the stubs gone, neither has this browser
    vi.unstubAllGlobals();
    renderIn('it', <PushInvite />);
    expect((await screen.findByTestId('push-invite')).textContent).toContain('Questo browser non può ricevere notifiche.');
  });

  it("'Plus tard' hides the home's invitation for a week, not the account page's", async () => {
    browser();
    renderIn('fr', <PushInvite place="home" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Plus tard' }));
    expect(screen.queryByTestId('push-invite')).toBeNull();
    cleanup();
    renderIn('fr', <PushInvite place="home" />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('push-invite')).toBeNull();
    cleanup();
    renderIn('fr', <PushInvite />);
    expect(await screen.findByRole('button', { name: 'Activer les notifications' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Plus tard' })).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('on an iPhone outside the home screen, says to add the app first, in the guest language, with nothing to tap but Später', async () => {
    browser();
    Object.defineProperty(navigator, 'userAgent', { value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1', configurable: true });
    renderIn('de', <PushInvite place="home" />);
    const card = await screen.findByTestId('push-invite');
    expect(card.textContent).toMatch(/Home-Bildschirm/);
    expect(screen.queryByRole('button', { name: 'Mitteilungen aktivieren' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Später' })).toBeTruthy();
  });
});
