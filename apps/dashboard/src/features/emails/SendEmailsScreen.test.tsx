import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-harness';
import SendEmailsScreen, { recipientsSentence } from './SendEmailsScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const client = { client_number: '5001', activation_code: 'ABC', civility: null, firstname: 'Anna', lastname: 'Roux', birthday: null, langage: 'fr', email1: 'anna@exemple.test', email2: null, phone1: null, phone2: null, phone3: null, client_type: 'tourist', created_by: null, created_time: 0, edited_by: null, edited_time: 0 };
const template = { _id: 't1', name: 'Bienvenue', default: null, translations: [{ lang: 'fr', title: 'Bonjour', content: '<p>Bonjour</p>' }], created_time: 0, edited_time: 0 };

function server() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('clients/find-many')) return json([client]);
      if (url.includes('find-many-by-clients')) return json([]);
      if (url.includes('emails/list')) return json([template]);
      if (url.includes('emails/preview')) return json({ lang: 'fr', subject: 'Bonjour', html: '<p>Bonjour</p>', text: 'Bonjour' });
      return json(false);
    }),
  );
}

describe("'Envoyer des e-mails' tells the truth", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says how many addresses get the mail in French, 0 and 1 in the singular', () => {
    expect(recipientsSentence(0)).toBe('Aucune adresse e-mail ne recevra ce message');
    expect(recipientsSentence(1)).toBe('1 adresse e-mail recevra ce message');
    expect(recipientsSentence(2)).toBe('2 adresses e-mail recevront ce message');
    expect(recipientsSentence(1500)).toMatch(/^1\s500 adresses e-mail recevront ce message$/);
  });

  it('an error goes once its field is fixed, and the banner once nothing is wrong', async () => {
    server();
    const user = userEvent.setup();
    const { router } = renderApp({ '/start': <p>start</p>, '/administration/send-emails': <SendEmailsScreen /> });
    await act(() => router.navigate('/administration/send-emails', { state: { clients: ['5001'] } }));
    expect(await screen.findByText('1 adresse e-mail recevra ce message')).toBeInTheDocument();
    // both switches off, no template: three things wrong
    await user.click(screen.getByRole('switch', { name: 'Inclure les clients' }));
    await user.click(screen.getByRole('switch', { name: 'Inclure les utilisateurs' }));
    expect(screen.getByText('Aucune adresse e-mail ne recevra ce message')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Il y a une ou plusieurs erreur(s) dans le formulaire')).toBeInTheDocument();
    expect(screen.getByText("Veuillez sélectionner au moins des clients ou des utilisateurs à qui envoyer l'e-mail")).toBeInTheDocument();
    expect(screen.getByText("Veuillez choisir un template d'e-mail")).toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Inclure les clients' }));
    expect(screen.queryByText(/Veuillez sélectionner au moins des clients/)).toBeNull();
    // the template is still missing: the banner stays
    expect(screen.getByText('Il y a une ou plusieurs erreur(s) dans le formulaire')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Inclure les utilisateurs' }));
    await user.click(screen.getByPlaceholderText('Choisissez un template'));
    await user.click(await screen.findByRole('option', { name: /Bienvenue/, hidden: true }));
    await waitFor(() => expect(screen.queryByText("Veuillez choisir un template d'e-mail")).toBeNull());
    expect(screen.queryByText('Il y a une ou plusieurs erreur(s) dans le formulaire')).toBeNull();
  });
});
