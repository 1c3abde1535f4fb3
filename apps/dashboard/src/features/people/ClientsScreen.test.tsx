import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-harness';
import ClientsScreen from './ClientsScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const PMS = { name: '', period: '', separator: ';', prefix: '', ftp_host: '', ftp_user: '', ftp_pass: '', intern_token: '', api_token: '', api_url: '', last_handling: null };

describe('the client list filters (002 §4)', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('config/pms')) return json(PMS);
        if (url.includes('clients/counts')) return json({ clients: 0, stays: 0, users: 0, notifications: 0 });
        if (url.includes('clients/list')) return json({ rows: [], total: 0, page: 1, per_page: 50 });
        return json(false);
      }),
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('couples the checkboxes: a pair is never both off, and turning on-site off turns "with users" on', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ '/users/clients': <ClientsScreen /> });
    const box = async (name: string) => screen.findByRole('checkbox', { name });
    const search = () => new URLSearchParams(router.state.location.search);

    await user.click(await box('Avec séjours'));
    expect(search().get('stays')).toBe('without');
    expect(await box('Sans séjours')).toBeChecked();
    await user.click(await box('Sans séjours'));
    await waitFor(() => expect(search().get('stays')).toBe('with'));
    expect(await box('Avec séjours')).toBeChecked();
    expect(await box('Sans séjours')).not.toBeChecked();

    await user.click(await box('Avec utilisateurs'));
    await waitFor(() => expect(search().get('users')).toBe('without'));
    await user.click(await box('Séjours sur place uniquement'));
    await waitFor(() => expect(search().get('on_site')).toBe('1'));
    expect(await box('Séjours sur place uniquement')).toBeChecked();
    await user.click(await box('Séjours sur place uniquement'));
    await waitFor(() => expect(search().get('on_site')).toBeNull());
    expect(search().get('users')).toBeNull();
    expect(await box('Avec utilisateurs')).toBeChecked();
    expect(await box('Sans utilisateurs')).toBeChecked();
  });

  it('offers to e-mail and to notify the selected clients, screens that exist', async () => {
    const card = {
      client_number: '1042', activation_code: null, civility: null, firstname: 'Élodie', lastname: 'Lefèvre', birthday: null, langage: null, email1: 'elodie@exemple.fr',
      email2: null, phone1: null, phone2: null, phone3: null, client_type: 'tourist', created_by: null, created_time: 0, edited_by: null, edited_time: 0, stays: [], users: [],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('config/pms')) return json(PMS);
        if (url.includes('clients/counts')) return json({ clients: 1, stays: 0, users: 0, notifications: 0 });
        if (url.includes('clients/list')) return json({ rows: [card], total: 1, page: 1, per_page: 50 });
        return json(false);
      }),
    );
    const user = userEvent.setup();
    renderApp({ '/users/clients': <ClientsScreen /> });
    await user.click(await screen.findByRole('checkbox', { name: /^Sélectionner la fiche / }));
    expect(await screen.findByRole('button', { name: 'Envoyer un e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Envoyer une notification' })).toBeInTheDocument();
  });
});
