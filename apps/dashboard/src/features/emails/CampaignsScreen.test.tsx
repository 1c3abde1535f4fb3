import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAILS } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import CampaignsScreen from './CampaignsScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const address = (email: string, status: string, error: string | null = null) => ({ client_number: null, email, firstname: '', lastname: '', code: null, lang: 'fr', user: null, status, error });
const campaign = {
  _id: 'c1', sent: 1_764_000_000, sent_list: [], translations: [{ lang: 'fr', title: 'Soirée crêpes', content: '<p>…</p>' }], timestamp: 1_764_000_000, user: null, create_time: 0, update_time: 0,
  template: null, status: 'sent', total: 10, sent_count: 7, failed_count: 2, cancelled_time: null, retry: null,
  email_list: [address('a@exemple.test', 'sent'), address('b@exemple.test', 'failed', '550 boîte inconnue'), address('c@exemple.test', 'cancelled', EMAILS.unsubscribed)],
};

describe('the campaigns', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('show each campaign’s sent, failed and unsubscribed counts, and the unsubscribed addresses as such', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json([campaign])));
    renderApp({ '/administration/auto-email': <CampaignsScreen /> }, { permissions: { emails: 1 } });
    const counts = await screen.findByTestId('campaign-counts');
    expect(counts).toHaveTextContent('7 envoyés · 1 désabonné');
    const row = counts.closest('tr')!;
    expect(within(row).getByText('2 échecs')).toBeInTheDocument();
    expect(within(row).getByText('c@exemple.test (désabonné)')).toBeInTheDocument();
    expect(within(row).getByText('b@exemple.test (échec)')).toBeInTheDocument();
  });

  it('say how many addresses were perhaps mailed twice when a server stopped during the send', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json([{ ...campaign, sent_twice: 2 }, { ...campaign, _id: 'c2', sent_twice: 0 }])));
    renderApp({ '/administration/auto-email': <CampaignsScreen /> }, { permissions: { emails: 1 } });
    expect(await screen.findByText(/2 destinataires ont peut-être reçu ce message deux fois/)).toBeInTheDocument();
    expect(screen.getAllByTestId('campaign-counts')).toHaveLength(2);
    expect(screen.getAllByText(/deux fois/)).toHaveLength(1);
  });
});
