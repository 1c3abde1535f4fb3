import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { InventoryDoc } from '@campsite/shared/contract/inventories';
import type { GuestInventories } from '@campsite/shared/contract/inventories-guest';
import { clearCache } from '../../lib/fetch-cache';
import { renderIn } from '../../testing/context';
import InventoryScreen from './InventoryScreen';

// The guest's arrival inventory (issue 32): 'I confirm this inventory' cannot be undone, so it asks first,
// in the guest's language; every write says which language the app shows.

const doc = (over: Partial<InventoryDoc> = {}): InventoryDoc => ({
  _id: 'inv1', type: 'arrival', stay_number: 'S1', client_number: '101',
  client: { firstname: 'Amy', lastname: 'Clark', email1: 'amy@example.co.uk', email2: null, client_number: '101' },
  stay: { arrival: 1_783_116_000, departure: 1_783_720_800, location: 'B07', location_category: 'Chalet' },
  accommodation: { _id: 'a1', name: 'Chalet' }, deposit_date: null, status: 'completed', create_user: null, update_user: null,
  create_time: null, update_time: null,
  inventory: [{ _id: 'c1', name: 'Kitchen', translations: [], objects: [{ _id: 'o1', name: 'Frying pan', translations: [], quantity: 1, price: 30, count: 1, checked: true, client_count: null }], reviews: [] }],
  pictures: [], comment: [], reported: [], difference: null, confirmed: null, ...over,
});
const mine = (): GuestInventories => ({
  intro: '', stay_number: 'S1',
  arrival: { enabled: true, open: true, from: 0, until: 1_783_288_800, inventory: doc() },
  departure: { enabled: false, open: false, from: 0, until: 0, inventory: null },
});

function server() {
  const posted: { url: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.method === 'POST' ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      if (body) posted.push({ url, body });
      const answer = url.includes('inventories/confirm') ? doc({ confirmed: { user: { _id: 'g1', name: 'Amy Clark', kind: 'guest' }, time: 1_783_120_000 } }) : body ? doc() : mine();
      return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return posted;
}

afterEach(() => {
  cleanup();
  clearCache();
  vi.unstubAllGlobals();
});

describe('the guest inventory: confirming asks first', () => {
  it('asks in the guest language; Cancel sends nothing, Yes saves then confirms, in English', async () => {
    const posted = server();
    renderIn('en', <InventoryScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'I confirm this inventory' }));
    const question = screen.getByRole('alertdialog');
    expect(question.textContent).toContain('Once confirmed, this arrival inventory can no longer be changed');
    expect(document.activeElement).toBe(question);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posted).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'I confirm this inventory' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, confirm' }));
    expect(await screen.findByText('You confirmed this inventory.')).toBeTruthy();
    expect(posted.map((p) => [p.url.replace(/.*\/api\//, ''), p.body.lang])).toEqual([
      ['webapp/inventories/save', 'en'],
      ['webapp/inventories/confirm', 'en'],
    ]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'I confirm this inventory' })).toBeNull());
  });

  it('asks in German too', async () => {
    server();
    renderIn('de', <InventoryScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Ich bestätige dieses Inventar' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Nach der Bestätigung kann dieses Ankunftsinventar nicht mehr geändert werden');
    expect(screen.getByRole('button', { name: 'Ja, bestätigen' })).toBeTruthy();
  });
});
