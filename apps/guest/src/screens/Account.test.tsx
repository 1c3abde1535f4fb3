import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Account as AccountDoc } from '@campsite/shared/contract/account';
import { clearCache, seed } from '../lib/fetch-cache';
import { CONFIG, renderIn } from '../testing/context';
import Account from './Account';

const ME = '/api/webapp/account/me';
const account = (stay: AccountDoc['stay']): AccountDoc => ({
  _id: 'u1',
  email: 'elodie@exemple.fr',
  firstname: 'Élodie',
  lastname: 'Lefèvre',
  civility: null,
  birthday: null,
  phone: null,
  langage: 'fr',
  client_number: '101',
  user_type: 'primary',
  participant_type: null,
  activate: true,
  created_time: 0,
  stay,
  client: null,
});

afterEach(() => {
  cleanup();
  clearCache();
  vi.unstubAllGlobals();
});

describe('the account page', () => {
  it('shows the stay with what the establishment lets guests see: dates and place, or only the booking', () => {
    // 2026-07-04 and 2026-07-11, midnight in Paris
    seed(ME, account({ stay_number: 'S1', arrival: 1783116000, departure: 1783720800, arrival_time: '15:00', departure_time: null, location: 'B07' }), Date.now());
    renderIn('fr', <Account />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mon compte');
    const stay = screen.getByRole('region', { name: 'Votre séjour' });
    expect(stay.textContent).toContain('Samedi 4 juillet 2026 · 15:00');
    expect(stay.textContent).toContain('Samedi 11 juillet 2026');
    expect(stay.textContent).toContain('B07');
    cleanup();
    clearCache();
    seed(ME, account({ stay_number: 'S1' }), Date.now());
    renderIn('de', <Account />);
    const hidden = screen.getByRole('region', { name: 'Ihr Aufenthalt' });
    expect(hidden.textContent).toContain('S1');
    expect(hidden.textContent).not.toContain('Anreise');
    expect(hidden.textContent).not.toContain('Stellplatz');
  });

  it('checks the sign-in form in the guest’s language before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    seed(ME, false, Date.now());
    renderIn('de', <Account />);
    fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: 'keine-adresse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(screen.getByText('Ungültige E-Mail-Adresse.')).toBeTruthy());
    expect(screen.getByText('Dieses Feld ist erforderlich.')).toBeTruthy();
    expect(screen.getByLabelText('E-Mail-Adresse').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('E-Mail-Adresse') as HTMLInputElement).value).toBe('keine-adresse');
    // nothing sent but the visit of the screen
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/webapp/logs/insert']);
  });

  it('goes back to the screen that asked for the sign-in (?next=, a push on a conversation), never to another site', async () => {
    const login = account(null);
    vi.stubGlobal('fetch', vi.fn(async (url: string) => new Response(JSON.stringify(String(url).includes('account/login') ? login : {}), { headers: { 'content-type': 'application/json' } })));
    const signIn = async (search: string) => {
      window.history.replaceState({}, '', `/membres${search}`);
      seed(ME, false, Date.now());
      const { navigated } = renderIn('fr', <Account />, { path: '/membres' });
      fireEvent.change(screen.getByLabelText('Adresse e-mail'), { target: { value: 'elodie@exemple.fr' } });
      fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'vacances-2025' } });
      fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
      await waitFor(() => expect(screen.queryByLabelText('Mot de passe')).toBeNull());
      cleanup();
      clearCache();
      return navigated;
    };
    expect(await signIn('?next=%2Fmembres%2Fmessages%2Fc1')).toEqual(['/membres/messages/c1']);
    expect(await signIn('?next=%2F%2Fexemple.com%2Fx')).toEqual([]);
    expect(await signIn('?next=https%3A%2F%2Fexemple.com')).toEqual([]);
    expect(await signIn('?next=%2F%09%2Fexemple.com')).toEqual([]);
    expect(await signIn('?next=%2F%5Cexemple.com')).toEqual([]);
    window.history.replaceState({}, '', '/');
  });

  it('offers no sign-in where the establishment has no accounts', () => {
    seed(ME, false, Date.now());
    renderIn('en', <Account />, { config: { ...CONFIG, webapp_connexion: false } });
    expect(screen.getByRole('alert').textContent).toBe('This campsite does not offer accounts in the app.');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it("offers 'My inventory' and 'My deposit' only when there is one, in the guest's words (issue 32)", async () => {
    const answers: Record<string, unknown> = { 'inventories/mine': false, 'deposits/mine': false };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const hit = Object.keys(answers).find((k) => url.includes(k));
        return new Response(JSON.stringify(hit ? answers[hit] : false), { headers: { 'content-type': 'application/json' } });
      }),
    );
    seed(ME, account({ stay_number: 'S1' }), Date.now());
    renderIn('en', <Account />);
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole('link', { name: 'My inventory' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'My deposit' })).toBeNull();
    cleanup();
    clearCache();
    const direction = { enabled: true, open: true, from: 0, until: 0, inventory: { _id: null } };
    answers['inventories/mine'] = { intro: '', stay_number: 'S1', arrival: direction, departure: { ...direction, inventory: null } };
    answers['deposits/mine'] = { status: 'pending', amount: 150, link: 'https://swikly.test/r/1', arrival: 0, departure: 0 };
    seed(ME, account({ stay_number: 'S1' }), Date.now());
    renderIn('en', <Account />);
    expect((await screen.findByRole('link', { name: 'My inventory' })).getAttribute('href')).toBe('/account/inventory');
    expect((await screen.findByRole('link', { name: 'My deposit' })).getAttribute('href')).toBe('/account/deposit');
  });

  it("offers 'My bookings' wherever the campsite has services (issue 32)", async () => {
    const services: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify(url.includes('services/list') ? services : false), { headers: { 'content-type': 'application/json' } })),
    );
    seed(ME, account(null), Date.now());
    renderIn('de', <Account />);
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('services/list'))).toBe(true));
    expect(screen.queryByRole('link', { name: 'Meine Buchungen' })).toBeNull();
    cleanup();
    clearCache();
    services.push({ _id: 's1', name: 'Spa', cover: null, type: 'prestation', payment_link: null, translations: [], comment: null });
    seed(ME, account(null), Date.now());
    renderIn('de', <Account />);
    expect((await screen.findByRole('link', { name: 'Meine Buchungen' })).getAttribute('href')).toBe('/konto/buchungen');
  });

  it("leads a signed-in guest to the notifications received, in their words (issue 32)", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('false', { headers: { 'content-type': 'application/json' } })));
    seed(ME, account(null), Date.now());
    renderIn('de', <Account />);
    expect((await screen.findByRole('link', { name: 'Meine Mitteilungen' })).getAttribute('href')).toBe('/mitteilungen');
  });
});
