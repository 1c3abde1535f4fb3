import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { GuestBooking } from '@campsite/shared/contract/services-bookings';
import { clearCache, seed } from '../../lib/fetch-cache';
import { renderIn } from '../../testing/context';
import BookingsScreen from './BookingsScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const ME = '/api/webapp/account/me';
const now = Math.floor(Date.now() / 1000);
const booking = (id: string, start: number, subtitle: string): GuestBooking => ({
  _id: id, service: 's1', service_benefit: 'b1', start, end: start + 3600, answers: [], client_number: null, identity: 'Anna Weber', age: null, phone: null, created_time: 0,
  service_name: 'Spa', benefit: [{ lang: 'fr', subtitle: `${subtitle} (fr)`, description: '', comment: '', location: '' }, { lang: 'de', subtitle, description: '', comment: '', location: '' }], cancel_until: start - 3600,
});
const me = { _id: 'g1', email: 'anna@example.de', firstname: 'Anna', lastname: 'Weber', civility: null, birthday: null, phone: null, langage: 'de', client_number: '12', user_type: null, participant_type: null, activate: true, created_time: 0, stay: null, client: null };

function server(coming: GuestBooking[], past: GuestBooking[]) {
  const posted: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      posted.push(`${url} ${String(init.body)}`);
      return json(true);
    }
    if (url.includes('services/bookings')) return json(url.includes('past=1') ? past : coming);
    return json(false);
  }));
  return posted;
}

afterEach(() => {
  cleanup();
  clearCache();
  vi.unstubAllGlobals();
});

describe("'My bookings' (issue 32)", () => {
  it('lists the coming bookings first, each cancellable until its cut-off, then the past ones, in German', async () => {
    const posted = server([booking('r2', now + 2 * 86400, 'Massage'), booking('r3', now + 1800, 'Sauna')], [booking('r1', now - 86400, 'Yoga')]);
    seed(ME, me, Date.now());
    renderIn('de', <BookingsScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Meine Buchungen');
    const coming = await screen.findByRole('region', { name: 'Bevorstehend' }, { timeout: 5000 });
    expect(within(coming).getAllByRole('listitem').map((li) => li.querySelector('strong')!.textContent)).toEqual(['Massage', 'Sauna']);
    // the sauna starts within the hour of its cut-off: nothing to cancel any more
    const [massage, sauna] = within(coming).getAllByRole('listitem');
    expect(within(sauna).queryByRole('button', { name: 'Buchung stornieren' })).toBeNull();
    const past = await screen.findByRole('region', { name: 'Vergangen' });
    expect(past.textContent).toContain('Yoga');
    expect(within(past).queryByRole('button')).toBeNull();
    fireEvent.click(within(massage).getByRole('button', { name: 'Buchung stornieren' }));
    fireEvent.click(within(massage).getByRole('button', { name: 'Ja' }));
    expect(await screen.findByText('Ihre Buchung wurde storniert.')).toBeTruthy();
    expect(posted.filter((p) => p.includes('services/cancel'))).toEqual(['/api/webapp/services/cancel {"id":"r2"}']);
  });

  it('says when nothing is coming and leads to the services; asks a guest signed out to sign in', async () => {
    server([], []);
    seed(ME, me, Date.now());
    renderIn('en', <BookingsScreen />);
    expect(await screen.findByText(/You have no upcoming bookings\./, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the services' }).getAttribute('href')).toBe('/services');
    expect(screen.queryByRole('region', { name: 'Past' })).toBeNull();
    cleanup();
    clearCache();
    server([], []);
    seed(ME, false, Date.now());
    renderIn('fr', <BookingsScreen />);
    expect(screen.getByText(/Connectez-vous pour voir vos réservations\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mon compte' }).getAttribute('href')).toBe('/membres');
  });
});
