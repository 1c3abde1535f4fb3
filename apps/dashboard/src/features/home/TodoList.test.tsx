import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TodayStay, TodayStays } from '@campsite/shared';
import { DEPOSITS, PEOPLE, TODAY } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import { Shell } from '../../app/Shell';
import HomeScreen from './HomeScreen';
import { TodoList } from './TodoList';
import { useFlash, FlashBanner } from '../../components/flash';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** A stand-in for the browser's EventSource: the test sends the stream's events by hand. */
class FakeStream extends EventTarget {
  static last: FakeStream | null = null;
  constructor(readonly url: string) {
    super();
    FakeStream.last = this;
  }
  close() {}
}

const stay = (over: Partial<TodayStay>): TodayStay => ({
  stay_number: 'S1', client_number: 'C1', firstname: 'Léa', lastname: 'Aubert', location: 'M12', accommodation: 'Mobil-home 6 places', day: 'today', time: '15:00',
  app: { state: 'none', email: 'lea@example.fr', sent_time: null },
  deposit: { state: 'to_request', id: null, amount: null, error: null },
  inventory: { state: 'todo', status: null },
  messages: 1,
  bookings: 2,
  ...over,
});
const stays = (rows: TodayStay[], figures = { today: { total: 3, left: rows.filter((r) => r.day === 'today').length }, tomorrow: { total: 1, left: rows.filter((r) => r.day === 'tomorrow').length } }): TodayStays => ({
  today: 0, tomorrow: 86400, figures, rows,
});

/** The server's answers by path, changeable during a test; the calls made, with their bodies. */
function server(state: { arrivals: TodayStays; departures?: TodayStays }) {
  const posted: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname.replace('/api/', '');
      if (init?.method === 'POST') posted.push({ path, body: JSON.parse(String(init.body)) });
      if (path === 'dashboard/today/arrivals') return json(state.arrivals);
      if (path === 'dashboard/today/departures') return json(state.departures ?? stays([]));
      if (path === 'dashboard/today/messages') return json({ total: 1, rows: [{ _id: 'conv1', subject: 'gas', excerpt: 'Bouteille vide', last_time: 1_780_000_000, firstname: 'Jan', lastname: 'De Vries', client_number: 'C9', stay_number: 'S9', location: 'E4' }] });
      if (path === 'dashboard/today/bookings') return json({ day: '2026-07-15', total: 3, services: [{ _id: 'kayak', name: 'Kayak', count: 3, next: 1_780_000_000 }] });
      if (path === 'dashboard/today/failures') return json({ mails: [], pushes: null });
      if (path === 'dashboard/clients/send-code') return json({ email: 'lea@example.fr' });
      if (path === 'webapp/deposits/request-stay') return json({ _id: 'd1' });
      return json(false);
    }),
  );
  return posted;
}

function WithFlash() {
  const flash = useFlash();
  return (
    <>
      <FlashBanner flash={flash} />
      <TodoList flash={flash} />
    </>
  );
}
const ALL = { homepage: 1, users: 1, emails: 1, deposits: 1, inventories: 1, services: 1, notifications: 1 } as const;
const arrivals = () => screen.getByRole('region', { name: TODAY.arrivals });

describe("the home's to-do list", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each arrival's states and figures, and its actions call the areas' calls with their sentences", async () => {
    const posted = server({ arrivals: stays([stay({}), stay({ stay_number: 'S2', client_number: 'C2', lastname: 'Bernard', day: 'tomorrow', app: { state: 'pending', email: 'compte@example.fr', sent_time: 1 }, deposit: { state: 'requested', id: 'd2', amount: 150, error: null }, inventory: { state: 'started', status: 'uncompleted' }, messages: 0, bookings: 0 })]) });
    renderApp({ '/': <WithFlash /> }, { permissions: ALL });
    const row = await screen.findByRole('listitem', { name: 'Léa Aubert, séjour S1' });
    expect(within(arrivals()).getByTestId('todo-arrival-today')).toHaveTextContent("Aujourd'hui : 1 à faire sur 3 arrivées");
    expect(within(arrivals()).getByTestId('todo-arrival-tomorrow')).toHaveTextContent('Demain : 1 à faire sur 1 arrivée');
    expect(within(row).getByRole('link', { name: 'Aubert Léa' })).toHaveAttribute('href', '/users/sejours/S1');
    expect(row).toHaveTextContent('M12 · Mobil-home 6 places · arrivée 15:00');
    expect(row).toHaveTextContent('1 message sans réponse');
    expect(row).toHaveTextContent('2 réservations');
    expect(row).toHaveTextContent(`${TODAY.app}${TODAY.appNone}`);
    expect(row).toHaveTextContent(`${TODAY.deposit}${TODAY.depositToRequest}`);
    expect(row).toHaveTextContent(`${TODAY.arrivalInventory}${TODAY.inventoryTodo}`);
    expect(within(row).getByRole('link', { name: "Faire l'inventaire d'arrivée de Léa Aubert" })).toHaveAttribute('href', '/inventaires/checkin?sejour=S1');

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: "Envoyer le lien de l'application à Léa Aubert" }));
    await screen.findByText(PEOPLE.codeSent('lea@example.fr'));
    await user.click(within(row).getByRole('button', { name: 'Demander la caution de Léa Aubert' }));
    await screen.findByText(DEPOSITS.requested);
    expect(posted).toEqual([
      { path: 'dashboard/clients/send-code', body: { client_number: 'C1' } },
      { path: 'webapp/deposits/request-stay', body: { stay_number: 'S1' } },
    ]);

    // tomorrow's family: an account waiting for its activation, a deposit asked, an inventory begun
    const other = screen.getByRole('listitem', { name: 'Léa Bernard, séjour S2' });
    expect(within(other).getByRole('button', { name: "Renvoyer le lien d'activation à Léa Bernard" })).toBeVisible();
    expect(within(other).getByRole('button', { name: 'Renvoyer le lien de la caution à Léa Bernard' })).toBeVisible();
    expect(within(other).getByRole('link', { name: "Reprendre l'inventaire d'arrivée de Léa Bernard" })).toBeVisible();
  });

  it('a departure shows its deposit to release or claim on the inventories screen', async () => {
    server({ arrivals: stays([]), departures: stays([stay({ app: null, deposit: { state: 'made', id: 'd1', amount: 150, error: null }, inventory: { state: 'done', status: 'completed' }, time: '10:00' })]) });
    renderApp({ '/': <WithFlash /> }, { permissions: ALL });
    const departures = await screen.findByRole('region', { name: TODAY.departures });
    const row = await within(departures).findByRole('listitem', { name: 'Léa Aubert, séjour S1' });
    expect(row).toHaveTextContent('départ 10:00');
    expect(row).toHaveTextContent(`${TODAY.deposit}${TODAY.depositSettle}`);
    expect(row).toHaveTextContent(`${TODAY.departureInventory}${TODAY.inventoryDone}`);
    expect(within(row).getByRole('link', { name: 'Libérer ou réclamer la caution de Léa Aubert' })).toHaveAttribute('href', '/inventaires/checkin?sejour=S1');
    expect(within(row).queryByText(TODAY.app)).toBeNull();
    expect(within(arrivals()).getByText(TODAY.noArrival)).toBeVisible();
  });

  it('reads again when the stream says another member acted: the family done drops off', async () => {
    vi.stubGlobal('EventSource', FakeStream);
    const state = { arrivals: stays([stay({})]) };
    server(state);
    renderApp({ '/': <WithFlash /> }, { permissions: ALL });
    await screen.findByRole('listitem', { name: 'Léa Aubert, séjour S1' });
    expect(FakeStream.last?.url).toBe('/api/dashboard/today/stream');
    act(() => void FakeStream.last!.dispatchEvent(new Event('ready')));
    expect(await screen.findByText(TODAY.live)).toBeVisible();
    state.arrivals = stays([], { today: { total: 3, left: 0 }, tomorrow: { total: 1, left: 0 } });
    act(() => void FakeStream.last!.dispatchEvent(new Event('changed')));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Léa Aubert, séjour S1' })).toBeNull());
    expect(within(arrivals()).getByTestId('todo-arrival-today')).toHaveTextContent("Aujourd'hui : tout est prêt (3 arrivées)");
    // the stream drops: the list says it is no longer live
    act(() => void FakeStream.last!.dispatchEvent(new Event('error')));
    expect(await screen.findByText(TODAY.offline)).toBeVisible();
  });

  it('shows each part only with its flag: a member with the emails flag alone sees the messages and failures', async () => {
    server({ arrivals: stays([stay({})]) });
    renderApp({ '/': <WithFlash /> }, { permissions: { homepage: 1, emails: 1 } });
    const messages = await screen.findByRole('region', { name: /^Messages sans réponse/ });
    expect(await within(messages).findByRole('link', { name: 'Répondre à Jan De Vries' })).toHaveAttribute('href', '/messages/chat?c=conv1');
    // without the people flag the guest's name is no link to the stay's page
    expect(within(messages).queryByRole('link', { name: 'Jan De Vries' })).toBeNull();
    expect(screen.getByRole('region', { name: TODAY.failures })).toHaveTextContent(TODAY.noFailure);
    expect(screen.queryByRole('region', { name: TODAY.arrivals })).toBeNull();
    expect(screen.queryByRole('region', { name: TODAY.bookings })).toBeNull();
  });

  it("links a waiting message's guest to the stay's page (issue 33)", async () => {
    server({ arrivals: stays([]) });
    renderApp({ '/': <WithFlash /> }, { permissions: ALL });
    const messages = await screen.findByRole('region', { name: /^Messages sans réponse/ });
    expect(await within(messages).findByRole('link', { name: 'Jan De Vries' })).toHaveAttribute('href', '/users/sejours/S9');
  });

  it("today's bookings per service open the planning on today, with the services flag and the plan only", async () => {
    server({ arrivals: stays([]) });
    renderApp({ '/': <WithFlash /> }, { permissions: ALL });
    const bookings = await screen.findByRole('region', { name: TODAY.bookings });
    expect(await within(bookings).findByText('Kayak : 3 réservations')).toBeVisible();
    expect(within(bookings).getByRole('link', { name: 'Voir le planning de Kayak' })).toHaveAttribute('href', '/services/booking?service=kayak&day=2026-07-15');
  });

  it('hides the bookings without the premium plan', async () => {
    server({ arrivals: stays([]) });
    renderApp({ '/': <WithFlash /> }, { permissions: ALL, plan: 'essentiel' });
    await screen.findByRole('region', { name: TODAY.arrivals });
    expect(screen.queryByRole('region', { name: TODAY.bookings })).toBeNull();
  });
});

describe("the sidebar's count", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says on 'Dashboard' what is left today: arrivals, departures, messages waiting, failures to look at", async () => {
    server({ arrivals: stays([stay({}), stay({ stay_number: 'S2', day: 'tomorrow' })]), departures: stays([stay({ stay_number: 'S3', app: null })]) });
    renderApp({ '/': <Shell><p>écran</p></Shell> }, { permissions: ALL });
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    // today's arrival, today's departure, one message (tomorrow's arrival is not counted yet)
    expect(await within(nav).findByLabelText("3 choses à faire aujourd'hui")).toHaveTextContent('3');
  });

  it('is not shown to a member without the home page', async () => {
    server({ arrivals: stays([stay({})]) });
    renderApp({ '/': <Shell><p>écran</p></Shell> }, { permissions: { users: 1, emails: 1 } });
    await screen.findByText('écran');
    expect(screen.queryByLabelText(/choses? à faire aujourd'hui/)).toBeNull();
  });
});

describe('the home page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows 'Voir les statistiques' only to a member who may open them (issue 32)", async () => {
    server({ arrivals: stays([]) });
    const { unmount } = renderApp({ '/': <HomeScreen /> }, { permissions: { homepage: 1, users: 1 } });
    await screen.findByRole('heading', { name: 'Tableau de bord' });
    expect(screen.queryByRole('link', { name: 'Voir les statistiques' })).toBeNull();
    unmount();
    renderApp({ '/': <HomeScreen /> }, { permissions: { homepage: 1, stats: 1 } });
    expect(await screen.findByRole('link', { name: 'Voir les statistiques' })).toHaveAttribute('href', '/stats');
  });
});
