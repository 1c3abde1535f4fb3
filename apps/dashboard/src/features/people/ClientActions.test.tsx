import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PEOPLE } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import ClientsScreen from './ClientsScreen';

/** A client in view and in reach (issue 20): the compact list, the card on demand, the card's actions. */
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const PMS = { name: '', period: '', separator: ';', prefix: '', ftp_host: '', ftp_user: '', ftp_pass: '', intern_token: '', api_token: '', api_url: '', last_handling: null };
const card = (n: number) => ({
  client_number: String(1040 + n), activation_code: `CODE${n}XYZ`, civility: null, firstname: 'Élodie', lastname: `Lefèvre${n}`, birthday: null, langage: 'fr',
  email1: `elodie.tres-longue-adresse-${n}@exemple-de-camping.fr`, email2: null, phone1: '06 12 34 56 78', phone2: null, phone3: null, client_type: 'tourist',
  created_by: null, created_time: 0, edited_by: null, edited_time: 0, stays: [], users: [],
});

type Handler = (url: string, init?: RequestInit) => Response | undefined;
function serve(extra: Handler = () => undefined, total = 3) {
  const calls: { url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const own = extra(url, init);
      if (own) return own;
      if (url.includes('config/pms')) return json(PMS);
      if (url.includes('clients/counts')) return json({ clients: total, stays: 0, users: 0, notifications: 0 });
      if (url.includes('clients/list')) {
        const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 1);
        const rows = page <= 1 ? [card(1), card(2), card(3)].slice(0, total) : [];
        return json({ rows, total, page, per_page: 50 });
      }
      if (url.includes('clients/find')) return json(card(1));
      return json(false);
    }),
  );
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

/** The client screens at `url` (the list, or a detail). */
async function open(url: string) {
  const view = renderApp({ '/users/clients': <ClientsScreen />, '/users/clients/:clientNumber': <ClientsScreen /> });
  await view.router.navigate(url);
  return view;
}

describe('the client list as a compact table', () => {
  it('one line per client, the card opening beneath on demand, an export link with the filters', async () => {
    serve();
    const user = userEvent.setup();
    await open('/users/clients?on_site=1&lastname=lef&search=1');
    const link = await screen.findByRole('link', { name: 'Élodie LEFÈVRE1' });
    expect(link).toHaveAttribute('href', '/users/clients/1041');
    expect(screen.queryByRole('article', { name: 'Fiche client 1041' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ouvrir la carte de Élodie LEFÈVRE1' }));
    expect(await screen.findByRole('article', { name: 'Fiche client 1041' })).toBeInTheDocument();
    const exported = screen.getByRole('link', { name: 'Exporter les fiches en CSV' });
    expect(exported.getAttribute('href')).toMatch(/^\/api\/dashboard\/clients\/export\?/);
    expect(new URL(exported.getAttribute('href')!, 'http://x').searchParams.get('lastname')).toBe('lef');
    // a searched list folds its search form; the import panel comes after the results
    expect(screen.getByRole('button', { name: 'Modifier la recherche' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('a page past the end shows the last page', async () => {
    const calls = serve();
    const { router } = await open('/users/clients?page=999');
    await waitFor(() => expect(calls.some((c) => c.url.includes('clients/list') && c.url.includes('page=999'))).toBe(true));
    // back to the last page (the first here, the default, left out of the address)
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull());
    expect(await screen.findByRole('link', { name: 'Élodie LEFÈVRE1' })).toBeInTheDocument();
    expect(screen.queryByText(PEOPLE.noResult)).toBeNull();
  });
});

describe("a client's card actions", () => {
  it('sends the code and says to whom; a 429 says when to retry', async () => {
    let refuse = false;
    const calls = serve((url) =>
      url.includes('clients/send-code') ? (refuse ? json({ statusCode: 429, message: PEOPLE.tooManyClientMails('35 minutes'), fields: {} }, 429) : json({ email: 'elodie@exemple.fr' })) : undefined,
    );
    const user = userEvent.setup();
    await open('/users/clients/1041');
    await user.click(await screen.findByRole('button', { name: PEOPLE.sendCode }));
    expect(await screen.findByText(PEOPLE.codeSent('elodie@exemple.fr'))).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('send-code'))?.body).toEqual({ client_number: '1041' });
    refuse = true;
    await user.click(screen.getByRole('button', { name: PEOPLE.sendCode }));
    expect(await screen.findByText(PEOPLE.tooManyClientMails('35 minutes'))).toBeInTheDocument();
  });

  it('corrects the contact details with the field rules, and sends only valid ones', async () => {
    const calls = serve((url) => (url.includes('update-contact') ? json(card(1)) : undefined));
    const user = userEvent.setup();
    await open('/users/clients/1041');
    await user.click(await screen.findByRole('button', { name: PEOPLE.editContact }));
    const dialog = await screen.findByRole('dialog');
    const phone = within(dialog).getByLabelText('Téléphone 2');
    await user.type(phone, '06 AB');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(PEOPLE.roomPhoneInvalid)).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('update-contact'))).toBe(false);
    await user.clear(phone);
    await user.type(phone, '+33 6 11 22 33 44');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(PEOPLE.contactUpdated)).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('update-contact'))?.body).toMatchObject({ client_number: '1041', phone2: '+33 6 11 22 33 44', langage: 'fr' });
  });

  it('erases after asking, then the list says so', async () => {
    const calls = serve((url) => (url.includes('clients/delete') ? json(true) : undefined));
    const user = userEvent.setup();
    const { router } = await open('/users/clients/1041');
    await user.click(await screen.findByRole('button', { name: PEOPLE.eraseClient }));
    const ask = await screen.findByRole('dialog');
    expect(within(ask).getByText(PEOPLE.eraseConfirm('Élodie Lefèvre1'))).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/clients'));
    expect(await screen.findByText(PEOPLE.clientErased('Élodie Lefèvre1'))).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('clients/delete'))?.body).toEqual({ client_number: '1041' });
  });

  it('prints a card with the QR code of the link and the activation code', async () => {
    const link = 'http://localhost:3001/compte?code=CODE1XYZ';
    serve((url) =>
      url.includes('print-card')
        ? json({ client_number: '1041', civility: null, firstname: 'Élodie', lastname: 'Lefèvre1', activation_code: 'CODE1XYZ', link, establishment: 'Camping des Pins' })
        : undefined,
    );
    const user = userEvent.setup();
    await open('/users/clients/1041');
    await user.click(await screen.findByRole('button', { name: PEOPLE.printCard }));
    const qr = await screen.findByRole('img', { name: `${PEOPLE.cardScan} : ${link}` });
    expect(qr.getAttribute('data-qr')).toBe(link);
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(500);
    expect(screen.getByTestId('print-code')).toHaveTextContent('CODE1XYZ');
  });
});
