import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-harness';
import NotificationsScreen from './NotificationsScreen';

if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const send = (over: Record<string, unknown>) => ({
  _id: 's', kind: 'now', status: 'sent', timestamp: 1_780_000_000, redirect: '{"type":"home"}', translations: [{ lang: 'fr', title: 'Titre', content: 'Texte' }], target: { kind: 'all' },
  template: null, user: null, targeted: 0, delivered: 0, failed: 0, opened: 0, waiting_until: null, sent_time: null, cancelled_time: null, created_time: 0, ...over,
});
const TEMPLATE = { _id: 't1', name: 'Marché nocturne', redirect: '{"type":"animations"}', translations: [{ lang: 'fr', title: 'Marché ce soir', content: 'De 18 h à 22 h' }, { lang: 'de', title: 'Markt heute', content: '18 bis 22 Uhr' }], user: null, created_time: 0, edited_time: 0 };

function server() {
  const posted: { url: string; body: unknown }[] = [];
  let sends = [
    send({ _id: 'past', translations: [{ lang: 'fr', title: 'Bienvenue', content: 'x' }], targeted: 64, delivered: 58, failed: 6, opened: 23, sent_time: 1_780_000_000 }),
    send({ _id: 'later', status: 'scheduled', translations: [{ lang: 'fr', title: 'Marché ce soir', content: 'x' }], target: { kind: 'arriving', days: 3 } }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      if (init?.method === 'POST') posted.push({ url, body });
      if (url.includes('notifications/list')) return json([TEMPLATE]);
      if (url.includes('cron_notification/list')) return json(sends);
      if (url.includes('cron_notification/cancel')) {
        sends = sends.map((s) => (s._id === body.id ? { ...s, status: 'cancelled' } : s));
        return json(sends.find((s) => s._id === body.id));
      }
      if (url.includes('notifications/settings')) return json({ quiet_start: '22:00', quiet_end: '08:00', public_key: 'k' });
      if (url.includes('audience')) return json({ devices: 5, users: 3, quiet_hours: null });
      return json([]);
    }),
  );
  return posted;
}

describe('the notifications screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the sends with their figures; a scheduled one is cancelled after the question, the others cannot be", async () => {
    const posted = server();
    const user = userEvent.setup();
    renderApp({ '/administration/notifications': <NotificationsScreen /> });
    const rows = await screen.findAllByTestId('send-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Bienvenue');
    expect(within(rows[0]).getAllByRole('cell').slice(-3).map((c) => c.textContent)).toEqual(['58 / 64', '6', '23']);
    expect(rows[1]).toHaveTextContent('Les clients arrivant dans les 3 jours');
    expect(within(rows[0]).queryByRole('button', { name: /Annuler l'envoi/ })).toBeNull();
    await user.click(within(rows[1]).getByRole('button', { name: "Annuler l'envoi Marché ce soir" }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText("L'envoi de la notification est annulé.")).toBeInTheDocument();
    expect(posted.filter((p) => p.url.includes('cancel'))).toEqual([{ url: '/api/dashboard/cron_notification/cancel', body: { id: 'later' } }]);
    await waitFor(() => expect(screen.getAllByTestId('send-row')[1]).toHaveTextContent('Annulée'));
  });

  it("a template's name opens the send form filled with it, with the devices it reaches", async () => {
    server();
    const user = userEvent.setup();
    renderApp({ '/administration/notifications': <NotificationsScreen /> });
    await user.click(await screen.findByRole('button', { name: 'Marché nocturne' }));
    const form = await screen.findByRole('form', { name: 'Envoyer « Marché nocturne »' });
    expect(within(form).getByRole('textbox', { name: 'Titre (FR)' })).toHaveValue('Marché ce soir');
    expect(await within(form).findByText(/atteindra/)).toHaveTextContent('Cette notification atteindra 5 appareils (3 utilisateurs connectés)');
  });
});
