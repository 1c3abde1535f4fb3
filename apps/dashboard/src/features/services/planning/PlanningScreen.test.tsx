import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zonedTimeToEpoch } from '@campsite/shared';
import { renderApp } from '../../../test-harness';
import PlanningScreen from './PlanningScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const tz = 'Europe/Paris';
const at = (h: number, m = 0) => zonedTimeToEpoch(2030, 7, 15, h, m, tz);
const hours = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true, start_hour: 9, start_minute: 0, end_hour: 18, end_minute: 0 };
const period = { start_day: 1, start_month: 1, end_day: 31, end_month: 12 };
const service = (list_mode: boolean) => ({
  _id: 's1', name: 'Kayak', cover: null, type: 'prestation', payment_link: null, translations: [{ lang: 'fr', title: 'Kayak', location: 'Ponton' }],
  comment: '<p>Gilets fournis</p>', list_mode, user: null, duration_hour: 1, duration_minute: 0, interval_hour: 0, interval_minute: 0, limit_end: 0, open_dates: [period], open_hours: [hours],
});
const benefit = (id: string, subtitle: string, simultaneous: number | null) => ({
  _id: id, service: 's1', icon: 'i', show_price: true, price: 0, duration_hour: 1, duration_minute: 0, interval_hour: 0, interval_minute: 0, confirmation: true, simultaneous,
  client_number: false, identity: true, age: false, phone: false, open_dates: [period], open_hours: [hours], questions: [], translations: [{ lang: 'fr', subtitle, description: '', comment: '', location: 'Ponton' }], user: null,
});
const worker = (id: string, firstname: string) => ({ _id: id, service: 's1', firstname, lastname: 'Durand', working_dates: [period], working_hours: [hours], services: ['b1', 'b2'], user: null });
let n = 0;
const booking = (w: string, b: string, h: number, m: number, from: 'dashboard' | 'webapp', identity: string) => ({
  _id: `r${++n}`, service: 's1', service_worker: w, service_benefit: b, start: at(h, m), end: at(h + 1, m), answers: [], user: null, client_number: null, identity, age: null, phone: null, from, created_time: 0,
});

const weber = {
  stay_number: '8812', client_number: '5120', location: 'B12', arrival: zonedTimeToEpoch(2030, 7, 10, 0, 0, tz), departure: zonedTimeToEpoch(2030, 7, 20, 0, 0, tz),
  civility: 'male', firstname: 'Karl', lastname: 'Weber', birthday: null, phone: '+49 170 1234',
  users: [
    { _id: 'u1', firstname: 'Karl', lastname: 'Weber', email: 'karl@example.test', civility: 'male', birthday: null, stay_number: null },
    { _id: 'u2', firstname: 'Anna', lastname: 'Weber', email: 'anna@example.test', civility: 'female', birthday: null, stay_number: '8812' },
  ],
  user: 'u2',
};

function server(listMode: boolean, sent: unknown[] = []) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    asked.push(url);
    if (url.includes('service_reservations/guests')) return json(['weber', '8812'].includes(new URL(url, 'http://x').searchParams.get('q')!) ? [weber] : []);
    if (url.includes('service_reservations/submit')) {
      sent.push(JSON.parse(String(init?.body)));
      return json({ ...booking('w2', 'b1', 16, 20, 'dashboard', 'Mme Anna Weber'), user: 'u2', client_number: '5120' });
    }
    if (url.includes('services/list')) return json([service(listMode)]);
    if (url.includes('service_benefits/find-by-service')) return json([benefit('b1', 'Kayak biplace', 3), benefit('b2', 'Paddle', null)]);
    if (url.includes('service_workers/find-by-service')) return json([worker('w1', 'Marie'), worker('w2', 'Paul')]);
    if (url.includes('service_reservations/find-by-service'))
      return json([booking('w1', 'b1', 10, 0, 'dashboard', 'M. Jean Petit'), booking('w1', 'b1', 10, 30, 'webapp', 'Mme Ana Lopes'), booking('w2', 'b2', 14, 0, 'webapp', 'M. Karl Weber')]);
    return json(false);
  }));
  return asked;
}

async function open() {
  const { router } = renderApp({ '/services/booking': <PlanningScreen /> }, { permissions: { services: 1 } });
  await act(() => router.navigate('/services/booking?service=s1&day=2030-07-15'));
}

describe('the services planning', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a column per worker, the hours, each booking in its colour with the places left, and reads only that day', async () => {
    const asked = server(false);
    await open();
    const grid = await screen.findByRole('region', { name: 'Planning du jour' });
    expect(within(grid).getByText('Marie Durand')).toBeInTheDocument();
    expect(within(grid).getByText('Paul Durand')).toBeInTheDocument();
    expect(within(grid).getByText('08:00')).toBeInTheDocument();
    expect(within(grid).queryByText('08:10')).toBeNull();
    const jean = within(grid).getByRole('button', { name: /Kayak biplace, 10:00–11:00, M\. Jean Petit, 1 place restante/ });
    expect(jean).toHaveAttribute('data-from', 'dashboard');
    expect(within(grid).getByRole('button', { name: /Paddle, 14:00–15:00, M\. Karl Weber$/ })).toHaveAttribute('data-from', 'webapp');
    expect(screen.getByText('Gilets fournis')).toBeInTheDocument();
    const read = new URL(asked.find((u) => u.includes('service_reservations/find-by-service'))!, 'http://x').searchParams;
    expect(Number(read.get('from'))).toBe(zonedTimeToEpoch(2030, 7, 15, 0, 0, tz));
    expect(Number(read.get('to'))).toBe(zonedTimeToEpoch(2030, 7, 16, 0, 0, tz));
    expect(screen.getByRole('link', { name: 'Extraire' }).getAttribute('href')).toContain('extract_service_reservations.csv?timestamp=');
  });

  it('in list mode merges the overlapping bookings of a benefit into one block that lists each', async () => {
    server(true);
    await open();
    const merged = await screen.findByRole('button', { name: /Kayak biplace, 10:00–11:30, 2 réservations/ });
    await userEvent.setup().click(merged);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('M. Jean Petit')).toBeInTheDocument();
    expect(within(dialog).getByText('Mme Ana Lopes')).toBeInTheDocument();
    expect(within(dialog).getByText("Depuis l'application")).toBeInTheDocument();
  });

  it("a booking's client number opens the client's card, for a member who may see people (issue 33)", async () => {
    server(false);
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (url, init) =>
      String(url).includes('service_reservations/find-by-service') ? json([{ ...booking('w1', 'b1', 10, 0, 'dashboard', 'M. Jean Petit'), client_number: '5120' }]) : answer(url, init),
    );
    const { router } = renderApp({ '/services/booking': <PlanningScreen /> }, { permissions: { services: 1, users: 1 } });
    await act(() => router.navigate('/services/booking?service=s1&day=2030-07-15'));
    await userEvent.setup().click(await screen.findByRole('button', { name: /Kayak biplace, 10:00–11:00, M\. Jean Petit/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: '5120' })).toHaveAttribute('href', '/users/clients/5120');
  });

  it('an empty cell opens the booking form on that worker and time', async () => {
    server(false);
    await open();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Réserver avec Paul Durand à 16:20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une réservation' });
    // French whatever the browser's language (issue 32): jj/mm/aaaa, the weekday in words, 24 hours
    expect(within(dialog).getByRole('textbox', { name: /^Date/ })).toHaveValue('15/07/2030');
    expect(within(dialog).getByText('lundi 15 juillet 2030')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Heures')).toHaveValue('16');
    expect(within(dialog).getByLabelText('Minutes')).toHaveValue('20');
    expect(within(dialog).getByDisplayValue('Paul Durand')).toBeInTheDocument();
  });

  it("'Nouvelle réservation' opens the form without a cell: the first worker, 09:00 of the day shown (issue 32)", async () => {
    server(false);
    await open();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Nouvelle réservation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une réservation' });
    expect(within(dialog).getByDisplayValue('Marie Durand')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Date/ })).toHaveValue('15/07/2030');
    expect(within(dialog).getByLabelText('Heures')).toHaveValue('09');
    expect(within(dialog).getByLabelText('Minutes')).toHaveValue('00');
  });

  it('finds the guest by one field and books in their name: client number and app account linked (issue 32)', async () => {
    const sent: unknown[] = [];
    server(false, sent);
    await open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Réserver avec Paul Durand à 16:20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une réservation' });
    // no 'Aucun' account to pick, nothing shown after a blur: one search
    expect(within(dialog).queryByText('Aucun')).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: /^Prestation/ }));
    await user.click(await screen.findByRole('option', { name: 'Kayak biplace', hidden: true }));
    await user.type(within(dialog).getByRole('combobox', { name: /^Rechercher le client/ }), 'weber');
    await user.click(await screen.findByRole('option', { name: /^Karl Weber · B12 · séjour 8812 · client 5120/, hidden: true }));
    expect(within(dialog).getByLabelText(/^Numéro client/)).toHaveValue('5120');
    expect(within(dialog).getByRole('combobox', { name: /^Compte de l'application/ })).toHaveValue('Anna Weber (anna@example.test)');
    expect(within(dialog).getByLabelText(/^Nom et prénom/)).toHaveValue('Mme Anna Weber');
    await user.click(within(dialog).getByRole('button', { name: 'Réserver' }));
    expect(await screen.findByText('La réservation a bien été ajoutée')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ client_number: '5120', user: 'u2', identity: 'Mme Anna Weber', service_benefit: 'b1', service_worker: 'w2' });
  });

  it("from the stay's page ('?sejour='), opens 'Nouvelle réservation' with that stay's guest picked (docs/desk.md)", async () => {
    server(false);
    const { router } = renderApp({ '/services/booking': <PlanningScreen /> }, { permissions: { services: 1 } });
    await act(() => router.navigate('/services/booking?service=s1&day=2030-07-15&sejour=8812'));
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une réservation' });
    expect(await within(dialog).findByDisplayValue('5120')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Compte de l'application/ })).toHaveValue('Anna Weber (anna@example.test)');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('combobox', { name: /^Prestation/ }));
    await user.click(await screen.findByRole('option', { name: 'Kayak biplace', hidden: true }));
    expect(within(dialog).getByLabelText(/^Nom et prénom/)).toHaveValue('Mme Anna Weber');
  });
});
