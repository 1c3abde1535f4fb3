import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InventoryDoc } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import ClientInventoriesScreen from './ClientInventoriesScreen';

if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
let online = true;
Object.defineProperty(navigator, 'onLine', { get: () => online, configurable: true });

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const CONFIG = { arrival: true, departure: true, arrival_staff: true, arrival_user: true, departure_staff: true, departure_user: false, delay: 48, translations: [], arrival_access: { staff: true, user: true }, departure_access: { staff: true, user: false } };
const object = (id: string, name: string, quantity: number, count: number | 'NC' | null, client_count: number | 'NC' | null = null) => ({
  _id: id, name, translations: [], quantity, price: 4.5, count, checked: count === quantity, client_count,
});
const inventory = (over: Partial<InventoryDoc>): InventoryDoc => ({
  _id: 'a1', type: 'arrival', stay_number: '2390', client_number: 'C12',
  client: { firstname: 'Anna', lastname: 'De Vries', email1: 'anna@example.nl', email2: null, client_number: 'C12' },
  stay: { arrival: 1_780_000_000, departure: 1_780_600_000, location: 'A12', location_category: 'MH6' },
  accommodation: { _id: 'm1', name: 'Mobil-home 6 places' }, deposit_date: 1_780_000_000, status: 'completed',
  create_user: { _id: 'g1', name: 'Anna De Vries', kind: 'guest' }, update_user: null, create_time: 1_780_000_000, update_time: 1_780_000_000,
  inventory: [{ _id: 'c1', name: 'Cuisine', translations: [], objects: [object('o1', 'Assiettes', 6, 6), object('o2', 'Verres', 6, 6)], reviews: [{ _id: 'r1', name: 'Plan de travail', translations: [], condition: 4, cleanliness: 5 }] }],
  pictures: [], comment: [], reported: [], difference: null, confirmed: null, ...over,
});

function server() {
  const posted: { url: string; body: Record<string, unknown> }[] = [];
  let reachable = true;
  const departure = inventory({ _id: null, type: 'departure', status: 'uncompleted', create_user: null, create_time: null, update_time: null, inventory: [{ ...inventory({}).inventory[0], objects: [object('o1', 'Assiettes', 6, 'NC', 6), object('o2', 'Verres', 6, 'NC', 6)] }] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      if (init?.method === 'POST') posted.push({ url, body });
      if (url.includes('config/inventory/list')) return json(CONFIG);
      if (url.includes('find-by-stay-number')) return json([inventory({}), departure]);
      if (url.includes('inventories/insert')) return json({ ...departure, _id: 'd1' });
      if (url.includes('inventories/list')) return json({ rows: [], total: 0, page: 1, per_page: 50 });
      return json([]);
    }),
  );
  return { posted, cut: (v: boolean) => (reachable = !v) };
}

async function openStay() {
  const { router } = renderApp({ '/inventaires/checkin': <ClientInventoriesScreen /> }, { permissions: { inventories: 1 } });
  await act(() => router.navigate('/inventaires/checkin?sejour=2390'));
}

describe('a stay inventory filled by staff', () => {
  beforeEach(() => {
    localStorage.clear();
    online = true;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens the departure inventory in edit mode, keeps the counts while the network is away and sends them when it is back', async () => {
    const net = server();
    const user = userEvent.setup();
    await openStay();
    const dialog = await screen.findByRole('dialog', { name: 'Séjour n° 2390' });
    expect(await within(dialog).findByRole('tab', { name: /Inventaire de sortie/, selected: true })).toBeInTheDocument();
    expect(within(dialog).getByText('Mode édition')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tout cocher' }));
    expect(within(dialog).getByRole('textbox', { name: 'Sortie Assiettes' })).toHaveValue('6');
    // the network goes in the middle of the count
    online = false;
    net.cut(true);
    const glasses = within(dialog).getByRole('textbox', { name: 'Sortie Verres' });
    await user.clear(glasses);
    await user.type(glasses, '4');
    expect(within(dialog).getByRole('checkbox', { name: 'Conforme Verres' })).not.toBeChecked();
    expect(within(dialog).getByText('1 éléments remontés')).toBeInTheDocument();
    expect(within(dialog).getByText('Total : 9,00 €')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('En attente de réseau')).toBeInTheDocument();
    expect(net.posted).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem('inventory-draft:2390:departure') ?? '{}').queued).toBe(true);
    online = true;
    net.cut(false);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(net.posted).toHaveLength(1));
    const sent = net.posted[0];
    expect(sent.url).toBe('/api/dashboard/inventories/insert');
    expect(sent.body).toMatchObject({ stay_number: '2390', type: 'departure' });
    expect((sent.body.answers as { _id: string; count: unknown }[]).map((a) => [a._id, a.count])).toEqual([['o1', 6], ['o2', 4]]);
    expect(await screen.findByText("L'inventaire a bien été mis à jour")).toBeInTheDocument();
    expect(localStorage.getItem('inventory-draft:2390:departure')).toBeNull();
  });

  it('an empty count is refused on save with the sentence of 002 §5, nothing sent', async () => {
    const net = server();
    const user = userEvent.setup();
    await openStay();
    const dialog = await screen.findByRole('dialog', { name: 'Séjour n° 2390' });
    await within(dialog).findByText('Mode édition');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tout cocher' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tout cocher' }));
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(within(dialog).getAllByText("Indiquez le nombre d'objets présents")).toHaveLength(2);
    expect(net.posted).toHaveLength(0);
  });

  it('a saved inventory shows in read mode with who made it, and no edit switch', async () => {
    server();
    const user = userEvent.setup();
    await openStay();
    const dialog = await screen.findByRole('dialog', { name: 'Séjour n° 2390' });
    await user.click(await within(dialog).findByRole('tab', { name: /Inventaire d'entrée/ }));
    expect(await within(dialog).findByText(/Réalisé par : Anna De Vries/)).toBeInTheDocument();
    expect(within(dialog).queryByText('Mode édition')).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Entrée Assiettes' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Télécharger le PDF' })).toHaveAttribute('href', '/api/dashboard/inventories/report?stay_number=2390');
  });

  it('on arrival day, a stay whose guest confirmed the arrival opens on it, and the departure not yet due opens in read mode (issue 32)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stay = { arrival: now - 3600, departure: now + 7 * 86400, location: 'A12', location_category: 'MH6' };
    const arrival = inventory({ stay, confirmed: { user: { _id: 'g1', name: 'Anna De Vries', kind: 'guest' }, time: now - 600 } });
    const departure = inventory({ _id: null, type: 'departure', status: 'uncompleted', stay, create_user: null, create_time: null, update_time: null, inventory: [{ ...arrival.inventory[0], objects: [object('o1', 'Assiettes', 6, 'NC', 6), object('o2', 'Verres', 6, 'NC', 6)] }] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('config/inventory/list')) return json(CONFIG);
        if (url.includes('find-by-stay-number')) return json([arrival, departure]);
        if (url.includes('inventories/list')) return json({ rows: [], total: 0, page: 1, per_page: 50 });
        return json([]);
      }),
    );
    const user = userEvent.setup();
    await openStay();
    const dialog = await screen.findByRole('dialog', { name: 'Séjour n° 2390' });
    expect(await within(dialog).findByRole('tab', { name: /Inventaire d'entrée/, selected: true })).toBeInTheDocument();
    expect(within(dialog).getByText(/Confirmé par le client/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Tout cocher' })).toBeNull();
    await user.click(within(dialog).getByRole('tab', { name: /Inventaire de sortie/ }));
    expect(await within(dialog).findByText('Mode lecture')).toBeInTheDocument();
    expect(within(dialog).getByText(/^L'inventaire de sortie est à faire à partir du \d\d\/\d\d\/\d{4} : activez le mode édition pour le remplir avant\.$/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Tout cocher' })).toBeNull();
    // staff may still fill it early, on purpose
    await user.click(within(dialog).getByRole('switch', { name: 'Mode lecture' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Tout cocher' })).toBeInTheDocument();
  });

  it("links the stay's number in 'Détails séjour' and each row's guest to the stay's page, for a member who may see people (issue 33)", async () => {
    server();
    vi.mocked(fetch).mockImplementation(async (url) => {
      const u = String(url);
      if (u.includes('config/inventory/list')) return json(CONFIG);
      if (u.includes('find-by-stay-number')) return json([inventory({}), inventory({ _id: 'd1', type: 'departure' })]);
      if (u.includes('inventories/list')) {
        const row = { stay_number: '2390', client_number: 'C12', lastname: 'De Vries', firstname: 'Anna', location: 'A12', accommodation: 'Mobil-home', arrival_status: 'completed', departure_status: null, arrival: 1_780_000_000, departure: 1_780_600_000, deposit_date: 1_780_000_000 };
        return json({ rows: [row], total: 1, page: 1, per_page: 50 });
      }
      return json([]);
    });
    const user = userEvent.setup();
    const { router } = renderApp({ '/inventaires/checkin': <ClientInventoriesScreen /> }, { permissions: { inventories: 1, users: 1 } });
    expect(await screen.findByRole('link', { name: 'De Vries Anna' })).toHaveAttribute('href', '/users/sejours/2390');
    await act(() => router.navigate('/inventaires/checkin?sejour=2390'));
    const dialog = await screen.findByRole('dialog', { name: 'Séjour n° 2390' });
    await user.click(await within(dialog).findByRole('tab', { name: 'Détails séjour' }));
    expect(await within(dialog).findByRole('link', { name: '2390' })).toHaveAttribute('href', '/users/sejours/2390');
  });

  it('the list opens on the latest inventories first (issue 32)', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (asked.push(url), json(url.includes('inventories/list') ? { rows: [], total: 0, page: 1, per_page: 50 } : []))));
    renderApp({ '/inventaires/checkin': <ClientInventoriesScreen /> }, { permissions: { inventories: 1 } });
    await waitFor(() => expect(asked.some((u) => u.includes('inventories/list'))).toBe(true));
    const list = new URL(asked.find((u) => u.includes('inventories/list'))!, 'http://x');
    expect([list.searchParams.get('sort'), list.searchParams.get('order')]).toEqual(['deposit_date', 'desc']);
  });

  it("lists today's arrivals still to do above the list, each a click from its inventory (issue 32)", async () => {
    const today = Math.floor(Date.now() / 1000);
    const due = [
      { stay_number: '2390', client_number: 'C12', firstname: 'Anna', lastname: 'De Vries', location: 'A12', accommodation: 'Mobil-home 6 places', arrival: today, status: null },
      { stay_number: '2391', client_number: 'C13', firstname: 'Amy', lastname: 'Clark', location: null, accommodation: 'Mobil-home 6 places', arrival: today, status: 'uncompleted' },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('arrivals-today')) return json(due);
        if (url.includes('config/inventory/list')) return json(CONFIG);
        if (url.includes('find-by-stay-number')) return json(inventory({ _id: null, status: 'uncompleted', create_user: null, create_time: null, update_time: null }));
        if (url.includes('inventories/list')) return json({ rows: [], total: 0, page: 1, per_page: 50 });
        return json([]);
      }),
    );
    const user = userEvent.setup();
    renderApp({ '/inventaires/checkin': <ClientInventoriesScreen /> }, { permissions: { inventories: 1 } });
    const card = await screen.findByRole('region', { name: "2 arrivées aujourd'hui : inventaires d'entrée à faire" });
    expect(within(card).getByText('Séjour n° 2390 · Anna De Vries · Emplacement A12 · Mobil-home 6 places')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: "Faire l'inventaire d'entrée du séjour n° 2391" })).toHaveTextContent("Reprendre l'inventaire");
    await user.click(within(card).getByRole('button', { name: "Faire l'inventaire d'entrée du séjour n° 2390" }));
    expect(await screen.findByRole('dialog', { name: 'Séjour n° 2390' })).toBeInTheDocument();
  });
});
