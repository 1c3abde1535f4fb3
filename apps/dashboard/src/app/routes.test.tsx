import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS, SERVICES } from '@campsite/shared';
import { renderApp } from '../test-harness';
import { screenTitle } from '../shell/titles';
import { Screens } from './App';
import { ROUTES } from './routes';
import { Shell } from './Shell';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const everyFlag = Object.fromEntries(PERMISSIONS.map((p) => [p, 1 as const]));
/** A route's pattern as an address ('/users/clients/:clientNumber' → '/users/clients/5001'). */
const addressOf = (pattern: string) => pattern.replace(/:\w+/g, '5001');

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => json(false)));
  vi.stubGlobal('scrollTo', () => {});
});
afterEach(() => vi.unstubAllGlobals());

describe("the browser tab's title", () => {
  it('names the screen and the establishment on every route', async () => {
    const { router } = renderApp({ '/depart': <p>départ</p>, '*': <Shell><p>écran</p></Shell> }, { permissions: everyFlag });
    const seen = new Set<string>();
    for (const r of ROUTES) {
      const title = screenTitle(addressOf(r.path));
      expect(title, r.path).not.toBeNull();
      seen.add(title!);
      await act(() => router.navigate(addressOf(r.path)));
      await waitFor(() => expect(document.title).toBe(`${title} · Camping des Tests`));
    }
    // two sidebar entries named 'Planning' get two names
    expect(screenTitle('/animation-dates')).not.toBe(screenTitle('/services/booking'));
    expect(seen.size).toBeGreaterThan(25);
  });
});

/** A stand-in for the browser's EventSource: the test sends the stream's events by hand. */
class FakeStream extends EventTarget {
  static last: FakeStream | null = null;
  constructor(readonly url: string) {
    super();
    FakeStream.last = this;
  }
  close() {}
}

describe("the tab's count of unread guest conversations", () => {
  it("a new guest message shows in the tab title, live, on any screen: '(2) Messagerie · …'", async () => {
    let unread = 1;
    vi.stubGlobal('EventSource', FakeStream);
    vi.stubGlobal('fetch', vi.fn(async (url: string) => json(url.startsWith('/api/webapp/conversations/unread') ? { count: unread } : false)));
    const { router } = renderApp({ '/depart': <p>départ</p>, '*': <Shell><p>écran</p></Shell> }, { permissions: everyFlag });
    await act(() => router.navigate('/messages/chat'));
    await waitFor(() => expect(document.title).toBe('(1) Messagerie · Camping des Tests'));
    // a guest writes in another conversation: the stream says so
    unread = 2;
    act(() => void FakeStream.last!.dispatchEvent(new Event('message')));
    await waitFor(() => expect(document.title).toBe('(2) Messagerie · Camping des Tests'));
    await act(() => router.navigate('/animations'));
    await waitFor(() => expect(document.title).toBe('(2) Mes activités · Camping des Tests'));
    // all read: the count goes
    unread = 0;
    act(() => void FakeStream.last!.dispatchEvent(new Event('read')));
    await waitFor(() => expect(document.title).toBe('Mes activités · Camping des Tests'));
  });

  it('is not shown to staff without the emails flag (they cannot open the messages)', async () => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => json(url.startsWith('/api/webapp/conversations/unread') ? { count: 3 } : false)));
    const { router } = renderApp({ '/depart': <p>départ</p>, '*': <Shell><p>écran</p></Shell> }, { permissions: { activities: 1 } });
    await act(() => router.navigate('/animations'));
    await waitFor(() => expect(document.title).toBe('Mes activités · Camping des Tests'));
  });
});

describe('routes of the spec', () => {
  it('/users leads to the users hub', async () => {
    const { router } = renderApp({ '/depart': <p>départ</p>, '*': <Screens /> }, { permissions: { homepage: 1, users: 1 } });
    await act(() => router.navigate('/users'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/utilisateurs'));
    expect(await screen.findByRole('heading', { name: 'Gestion des utilisateurs' })).toBeInTheDocument();
  });

  it.each([
    ['/deposit/swikly', 'Paramétrer les cautions'],
    ['/avis/reponses', 'Lire les avis'],
  ])('a deep link of the spec (%s) opens its screen, not the home', async (path, title) => {
    const { router } = renderApp({ '/depart': <p>départ</p>, '*': <Screens /> }, { permissions: everyFlag });
    await act(() => router.navigate(path));
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it('a premium route without the plan shows its upsell under its own header, and never loads the screen', async () => {
    const { router } = renderApp({ '/depart': <p>départ</p>, '*': <Screens /> }, { permissions: everyFlag, plan: 'essentiel' });
    await act(() => router.navigate('/services/booking'));
    expect(await screen.findByRole('heading', { name: SERVICES.planningTitle, level: 1 })).toBeInTheDocument();
    expect(screen.getByText(SERVICES.upsell)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'En savoir plus !' })).toBeInTheDocument();
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });

  it('any other path shows the home (002 §2)', async () => {
    const { router } = renderApp({ '/depart': <p>départ</p>, '*': <Screens /> }, { permissions: everyFlag });
    await act(() => router.navigate('/nulle-part'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
