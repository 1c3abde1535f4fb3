import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-harness';
import { SERVICES } from '@campsite/shared';
import ServicesScreen from './ServicesScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const service = (id: string, name: string, type: string) => ({
  _id: id, name, cover: 'f1', type, payment_link: null, translations: [{ lang: 'fr', title: name, location: '' }], comment: null, list_mode: false, user: null,
  duration_hour: 0, duration_minute: 0, interval_hour: 0, interval_minute: 0, limit_end: 0, open_dates: [], open_hours: [],
  guest_day_places: 6, days_before_arrival: 1,
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

  it('sets what one guest may book in the slots form: places a day and days before arrival, checked in French', async () => {
    const sent: { url: string; body: Record<string, unknown> }[] = [];
    const open = {
      ...service('s1', 'Kayak', 'prestation'),
      duration_hour: 1,
      translations: [{ lang: 'fr', title: 'Kayak', location: 'Ponton' }],
      open_dates: [{ start_day: 1, start_month: 1, end_day: 31, end_month: 12 }],
      open_hours: [{ monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true, start_hour: 9, start_minute: 0, end_hour: 12, end_minute: 0 }],
    };
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        sent.push({ url, body });
        return json({ ...open, ...body, _id: 's1' });
      }
      if (url.includes('services/list')) return json([open]);
      if (url.includes('find-by-service')) return json([]);
      return json(false);
    }));
    const { router } = renderApp({ '/services': <ServicesScreen /> }, { permissions: { services: 1 } });
    await act(() => router.navigate('/services?id=s1'));
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Paramètres des créneaux' });
    const places = within(form).getByLabelText('Places par client et par jour');
    expect(places).toHaveValue('6');
    expect(within(form).getByLabelText('Réservation ouverte avant l’arrivée (jours)')).toHaveValue('1');
    expect(within(form).getByText(/Vos réservations depuis le planning ne comptent pas/)).toBeInTheDocument();
    // left empty: the sentence the server would say
    await user.clear(places);
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les créneaux' }));
    expect(await within(form).findByText(SERVICES.guestDayPlacesRange)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.clear(places);
    await user.type(places, '2');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les créneaux' }));
    // the meeting point is in French only: the missing-translation question, answered Oui
    await user.click(within(await screen.findByRole('dialog', { name: 'Traductions manquantes' })).getByRole('button', { name: 'Oui' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].url).toContain('services/update-duration');
    expect(sent[0].body).toMatchObject({ id: 's1', guest_day_places: 2, days_before_arrival: 1 });
  });

  it('marks the cover as required, as the other required fields (issue 32)', async () => {
    server();
    const { router } = renderApp({ '/services': <ServicesScreen /> }, { permissions: { services: 1 } });
    await act(() => router.navigate('/services?new=1'));
    const form = await screen.findByRole('form', { name: 'Nouveau service' });
    // the name's asterisk is Mantine's; the cover says it the same way, and in words to a screen reader
    expect(within(form).getByRole('textbox', { name: 'Nom' })).toBeRequired();
    const cover = within(form).getByText(/^Photo de couverture/);
    expect(cover).toHaveTextContent('Photo de couverture * (obligatoire)');
    expect(within(cover).getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('says which duration, interval and meeting point count, and a new benefit starts from the service’s (issue 32)', async () => {
    const kayak = {
      ...service('s1', 'Kayak', 'prestation'),
      duration_hour: 1,
      duration_minute: 30,
      interval_minute: 15,
      translations: [{ lang: 'fr', title: 'Kayak', location: 'Ponton nord' }],
    };
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      if (url.includes('services/list')) return json([kayak]);
      // the benefits and workers, and the icons the icon field offers
      return json([]);
    }));
    const { router } = renderApp({ '/services': <ServicesScreen /> }, { permissions: { services: 1 } });
    await act(() => router.navigate('/services?id=s1'));
    const slots = await screen.findByRole('form', { name: 'Paramètres des créneaux' });
    expect(within(slots).getByText(SERVICES.slotsHelp)).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Configurer une prestation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle prestation' });
    expect(within(dialog).getByLabelText('Durée : heures')).toHaveValue('1 h');
    expect(within(dialog).getByLabelText('Durée : minutes')).toHaveValue('30 min');
    expect(within(dialog).getByLabelText('Intervalle entre deux créneaux : minutes')).toHaveValue('15 min');
    expect(within(dialog).getByLabelText(/^Lieu de rendez-vous \(FR\)/)).toHaveValue('Ponton nord');
    expect(within(dialog).getByText(SERVICES.benefitDurationHelp)).toBeInTheDocument();
    expect(within(dialog).getByText(SERVICES.benefitLocationHelp)).toBeInTheDocument();
  });
});
