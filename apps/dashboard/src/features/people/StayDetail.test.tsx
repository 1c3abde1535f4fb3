import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeskStay } from '@campsite/shared';
import { DEPOSITS, DESK, PEOPLE } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import { StayDetail } from './StayDetail';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const T = 1_784_000_000;

const page = (over: Partial<DeskStay> = {}): DeskStay => ({
  stay: {
    stay_number: 'S1', client_number: 'C1', location: 'M12', location_category: 'MH6', arrival: T, departure: T + 7 * 86400, arrival_time: '15:00', departure_time: null,
    participants: [{ lastname: 'Aubert', firstname: 'Tom', email: '' }], created_time: T - 86400, created_by: null, edited_time: T - 86400, edited_by: null,
  },
  client: { client_number: 'C1', civility: 'female', firstname: 'Léa', lastname: 'Aubert', email: 'lea@example.fr', phone: '06 12 34 56 78', lang: 'fr' },
  accommodation: 'Mobil-home 6 places',
  guests: [{ _id: 'u1', firstname: 'Lena', lastname: 'Aubert', email: 'lena@example.de', lang: 'de', activate: true, installed: true, push: false }],
  app: { state: 'none', email: 'lea@example.fr', sent_time: null },
  deposit: { state: { state: 'to_request', id: null, amount: null, error: null }, doc: null },
  inventories: { arrival: { state: 'todo', status: null }, departure: { state: 'none', status: null } },
  messages: [],
  bookings: [{ _id: 'b1', service: 'Kayak', benefit: 'Une heure', start: T + 3600, end: T + 7200, who: 'Mme Léa Aubert', source: 'dashboard', created_time: T - 3600 }],
  reviews: [{ _id: 'r1', model: 'Séjour', guest: 'Léa Aubert', due_time: T, sent_time: T, channel: 'email', answered_time: T + 60, score: 4.5, comments: ['Très bien'] }],
  mails: [{ _id: 'm1', kind: 'prestay', title: 'Votre code', email: 'lea@example.fr', status: 'sent', error: null, sent_time: T - 60 }],
  pushes: [{ _id: 'p1', title: 'Marché ce soir', guest: 'Lena Aubert', status: 'delivered', send_time: T, delivered_time: T, opened_time: T + 30 }],
  timeline: { rows: [{ time: T - 60, area: 'mail', text: 'E-mail envoyé : Votre code' }, { time: T - 86400, area: 'stay', text: DESK.eventCreated }], more: true },
  ...over,
});

/** The server's answers by path; the calls made, with their bodies and queries. */
function server(answer: () => DeskStay) {
  const calls: { path: string; body?: unknown; query: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      const path = u.pathname.replace('/api/', '');
      calls.push({ path, query: u.search, body: init?.method === 'POST' ? JSON.parse(String(init.body)) : undefined });
      if (path === 'dashboard/desk/stay') return json(answer());
      if (path === 'dashboard/clients/send-code') return json({ email: 'lea@example.fr' });
      if (path === 'webapp/deposits/request-stay') return json({ _id: 'd1' });
      if (path === 'dashboard/inventories/insert') return json({ _id: 'i1' });
      if (path === 'webapp/service_reservations/delete') return json(true);
      return json(false);
    }),
  );
  return calls;
}

const ALL = { users: 1, emails: 1, deposits: 1, inventories: 1, services: 1, notifications: 1, reviews: 1 } as const;
const block = (name: string) => screen.getByRole('region', { name });

describe("the stay's page", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows who, when and where, and each block with its state', async () => {
    server(() => page());
    renderApp({ '/users/sejours/S1': <StayDetail stayNumber="S1" /> }, { permissions: ALL });
    expect(await screen.findByRole('heading', { name: 'Séjour S1 · Léa Aubert' })).toBeInTheDocument();
    const who = block('Qui, quand et où');
    expect(within(who).getByRole('link', { name: 'Léa Aubert (n° C1)' })).toHaveAttribute('href', '/users/clients/C1');
    expect(who).toHaveTextContent('M12');
    expect(who).toHaveTextContent('Mobil-home 6 places');
    expect(who).toHaveTextContent('Tom');
    const app = block(DESK.guests);
    expect(app).toHaveTextContent('Pas de compte');
    expect(app).toHaveTextContent('Allemand');
    expect(app).toHaveTextContent(DESK.installed);
    expect(app).toHaveTextContent(DESK.pushOff);
    expect(block(DESK.deposit)).toHaveTextContent('À demander');
    expect(block(DESK.inventories)).toHaveTextContent("Inventaire d'arrivée");
    expect(block(DESK.bookings)).toHaveTextContent('Kayak · Une heure');
    expect(block(DESK.reviews)).toHaveTextContent('« Très bien »');
    expect(block(DESK.mails)).toHaveTextContent('Votre code');
    expect(block(DESK.pushes)).toHaveTextContent('Reçue');
    expect(block(DESK.messages)).toHaveTextContent(DESK.noConversation);
    const lines = within(block(DESK.timeline)).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([expect.stringContaining('E-mail envoyé : Votre code'), expect.stringContaining(DESK.eventCreated)]);
    expect(within(block(DESK.deposit)).getByRole('link', { name: `${DESK.fullScreen} : ${DESK.deposit}` })).toHaveAttribute('href', '/deposit/users-deposit?q=S1&filter=stay_number');
  });

  it("a check-in's actions call the areas' calls, say their sentences, and read the page again", async () => {
    const calls = server(() => page());
    renderApp({ '/users/sejours/S1': <StayDetail stayNumber="S1" /> }, { permissions: ALL });
    await userEvent.click(await screen.findByRole('button', { name: "Envoyer le lien de l'application à Léa Aubert" }));
    expect(await screen.findByText(PEOPLE.codeSent('lea@example.fr'))).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'dashboard/clients/send-code')?.body).toEqual({ client_number: 'C1' });

    await userEvent.click(screen.getByRole('button', { name: 'Demander la caution de Léa Aubert' }));
    expect(await screen.findByText(DEPOSITS.requested)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'webapp/deposits/request-stay')?.body).toEqual({ stay_number: 'S1' });

    await userEvent.click(screen.getByRole('button', { name: `${DESK.startArrival} de Léa Aubert` }));
    expect(await screen.findByText(DESK.inventoryStarted)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'dashboard/inventories/insert')?.body).toEqual({ stay_number: 'S1', type: 'arrival', answers: [], reviews: [] });
    await waitFor(() => expect(calls.filter((c) => c.path === 'dashboard/desk/stay').length).toBeGreaterThanOrEqual(4));

    await userEvent.click(screen.getByRole('button', { name: `${DESK.cancelBooking} Kayak · Une heure` }));
    await userEvent.click(await screen.findByRole('button', { name: 'Oui' }));
    expect(await screen.findByText(DESK.bookingCancelled)).toBeInTheDocument();
    expect(calls.find((c) => c.path === 'webapp/service_reservations/delete')?.body).toEqual({ id: 'b1' });
  });

  it("shows only the blocks the server answers (a member's flags), and 'Voir plus' reads older lines", async () => {
    const calls = server(() => page({ deposit: null, inventories: null, messages: null, bookings: null, reviews: null, mails: null, pushes: null }));
    renderApp({ '/users/sejours/S1': <StayDetail stayNumber="S1" /> }, { permissions: { users: 1 } });
    expect(await screen.findByRole('region', { name: DESK.guests })).toBeInTheDocument();
    for (const name of [DESK.deposit, DESK.inventories, DESK.bookings, DESK.reviews, DESK.messages, DESK.mails, DESK.pushes]) expect(screen.queryByRole('region', { name })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: DESK.more }));
    await waitFor(() => expect(calls.some((c) => c.path === 'dashboard/desk/stay' && c.query.includes('timeline=70'))).toBe(true));
  });

  it('says in French that a stay is unknown', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ statusCode: 404, message: DESK.stayUnknown('S9') }), { status: 404, headers: { 'content-type': 'application/json' } })));
    renderApp({ '/users/sejours/S9': <StayDetail stayNumber="S9" /> }, { permissions: ALL });
    expect(await screen.findByRole('alert')).toHaveTextContent(DESK.stayUnknown('S9'));
  });
});
