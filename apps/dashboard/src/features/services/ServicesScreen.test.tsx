import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-harness';
import ServicesScreen from './ServicesScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const service = (id: string, name: string, type: string) => ({
  _id: id, name, cover: 'f1', type, payment_link: null, translations: [{ lang: 'fr', title: name, location: '' }], comment: null, list_mode: false, user: null,
  duration_hour: 0, duration_minute: 0, interval_hour: 0, interval_minute: 0, limit_end: 0, open_dates: [], open_hours: [],
});

function server() {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') sent.push({ url, body: JSON.parse(String(init.body)) });
    if (url.includes('services/list')) return json([service('s1', 'Kayak', 'prestation'), service('s2', 'Boulangerie', 'vente')]);
    if (url.includes('find-by-service')) return json([]);
    if (url.includes('services/update')) return json(service('s1', 'Kayak de mer', 'prestation'));
    return json(false);
  }));
  return sent;
}

describe('the services screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a card per service with its menu, and the edit view of a prestation with its three panels', async () => {
    server();
    const { router } = renderApp({ '/services': <ServicesScreen /> }, { permissions: { services: 1 } });
    await act(() => router.navigate('/services'));
    expect(await screen.findByText('Boulangerie')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions du service Kayak' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ouvrir le service Kayak' }));
    expect(router.state.location.search).toBe('?id=s1');
    expect(await screen.findByRole('region', { name: 'Paramètres des prestations' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Paramètres des prestataires' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Paramètres des créneaux' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Configurer une prestation' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Paramètres des produits' })).toBeNull();
  });

  it('asks before a type change, which would delete the benefits and workers', async () => {
    const sent = server();
    const { router } = renderApp({ '/services': <ServicesScreen /> }, { permissions: { services: 1 } });
    await act(() => router.navigate('/services?id=s1'));
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Paramètres du service' });
    await user.click(within(form).getByText('Vente (produits)'));
    await user.click(within(form).getByRole('button', { name: 'Mettre à jour' }));
    const question = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(within(question).getByText(/supprime toutes ses prestations, ses prestataires et leurs réservations/)).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'Non' }));
    expect(sent).toHaveLength(0);
  });
});
