import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Deposit } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import DepositsScreen from './DepositsScreen';
import SettingsScreen from './SettingsScreen';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const deposit = (over: Partial<Deposit>): Deposit => ({
  _id: 'd1', status: 'OK', user: { lastname: 'Jansen', firstname: 'Daan', email: 'daan@example.nl' }, stay: '2390', client_number: '1042',
  location: 'M12', arrival: 1_780_000_000, departure: 1_780_600_000, reference: 'swk_1', amount: 150, edited_time: 1_780_000_000, created_time: 1_779_000_000,
  link: null, error: null, settlement: null, claimed: null, settled_time: null, settled_by: null, ...over,
});
const CONFIG = { activate: false, amount: 150, userId: 'a'.repeat(32), secret: '', secret_set: true, secret_mask: '••••••••••••••3x', days: 7, mode: 'simulator' };

let resendAnswer: (() => Response) | null = null;
/** The stays no request went to (issue 32), as the server answers them. */
let unasked: { stay: string; client_number: string; user: { lastname: string; firstname: string; email: string }; location: string | null; arrival: number; departure: number }[] = [];
/** The text of a line of the detail ('Date de dépôt' → its value). */
const line = (modal: HTMLElement, label: string) => within(modal).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

function server(rows: Deposit[], asked = 0, config: Partial<typeof CONFIG> = {}) {
  const calls: { url: string; body: Record<string, unknown> | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      calls.push({ url, body });
      if (url.includes('webapp/deposits/list')) return json({ rows, total: rows.length, page: 1, per_page: 50 });
      if (url.includes('webapp/deposits/unasked')) return json({ rows: unasked, total: unasked.length, page: 1, per_page: 50 });
      if (url.includes('webapp/deposits/request-stay')) {
        const stay = unasked.find((u) => u.stay === body.stay_number)!;
        unasked = unasked.filter((u) => u !== stay);
        return json(deposit({ _id: 'd7', stay: stay.stay, status: '', reference: null, user: stay.user, client_number: stay.client_number }));
      }
      if (url.includes('webapp/deposits/resend')) return resendAnswer ? resendAnswer() : json(rows.find((r) => r._id === body.id));
      if (url.includes('webapp/deposits/cancel')) return json({ ...rows.find((r) => r._id === body.id), status: 'Annulée' });
      if (url.includes('webapp/deposits/request-now')) return json({ ...rows.find((r) => r._id === body.id), _id: 'd9', status: '', reference: null, error: null });
      if (url.includes('config/deposit/update')) {
        if (body.userId.length !== 32) return json({ statusCode: 400, message: 'x', fields: { userId: "L'user ID doit faire 32 caractères" } }, 400);
        return json({ ...CONFIG, ...body, secret: '' });
      }
      if (url.includes('config/deposit/preview')) return json({ count: asked, until: 1_780_000_000 });
      if (url.includes('webapp/config/deposit')) return json({ ...CONFIG, ...config });
      if (url.includes('accommodations/list')) return json([{ _id: 't1', name: 'Tente safari', deposit: false, categories: [], inventory_count: 1, created_time: 0, edited_time: 0 }]);
      if (url.includes('update-deposit')) return json({ _id: 't1', name: 'Tente safari', deposit: body.deposit, categories: [], inventory_count: 1, created_time: 0, edited_time: 0 });
      return json([]);
    }),
  );
  return calls;
}

describe('Gérer mes cautions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each status as 002 §4 says, opens 'Informations sur la caution', and the two boxes filter by 'only'", async () => {
    const calls = server([deposit({}), deposit({ _id: 'd2', stay: '2391', status: '' }), deposit({ _id: 'd3', stay: '2392', status: 'Refusée' })]);
    const { router } = renderApp({ '/deposit/users-deposit': <DepositsScreen /> }, { permissions: { deposits: 1 } });
    await act(() => router.navigate('/deposit/users-deposit'));
    expect(await screen.findByText('Validé')).toBeInTheDocument();
    expect(screen.getByText('Non déposé')).toBeInTheDocument();
    expect(screen.getByText('Refusée')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Informations sur la caution du séjour 2390' }));
    const modal = await screen.findByRole('dialog', { name: 'Informations sur la caution' });
    expect(within(modal).getByText('Daan Jansen (n° 1042)')).toBeInTheDocument();
    expect(within(modal).getByText('swk_1')).toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: 'Fermer' }));

    // both boxes on by default; turning 'Déposées' off keeps only those not deposited
    const deposited = screen.getByRole('checkbox', { name: 'Déposées' });
    expect(deposited).toBeChecked();
    await userEvent.click(deposited);
    await waitFor(() => expect(calls.at(-1)?.url).toMatch(/[?&]not_deposited=(1|true)(&|$)/));
    expect(screen.getByRole('checkbox', { name: 'Déposées' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Non déposées' })).toBeChecked();
  });

  it("links each deposit's guest to the stay's page, and the detail its stay number, for a member who may see people (issue 33)", async () => {
    server([deposit({})]);
    const { router, unmount } = renderApp({ '/deposit/users-deposit': <DepositsScreen /> }, { permissions: { deposits: 1, users: 1 } });
    await act(() => router.navigate('/deposit/users-deposit'));
    expect(await screen.findByRole('link', { name: 'Jansen Daan' })).toHaveAttribute('href', '/users/sejours/2390');
    await userEvent.click(screen.getByRole('button', { name: 'Informations sur la caution du séjour 2390' }));
    const modal = await screen.findByRole('dialog', { name: 'Informations sur la caution' });
    expect(within(modal).getByRole('link', { name: '2390' })).toHaveAttribute('href', '/users/sejours/2390');
    unmount();
    // without the people flag the page would refuse them: the same words, no link
    renderApp({ '/deposit/users-deposit': <DepositsScreen /> }, { permissions: { deposits: 1 } });
    expect(await screen.findByText('Jansen Daan')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Jansen Daan' })).toBeNull();
  });

  it("says 'Pas de cautions pour le moment' when there is none", async () => {
    server([]);
    const { router } = renderApp({ '/deposit/users-deposit': <DepositsScreen /> }, { permissions: { deposits: 1 } });
    await act(() => router.navigate('/deposit/users-deposit'));
    expect(await screen.findByText('Pas de cautions pour le moment')).toBeInTheDocument();
  });
});

describe('Informations sur la caution: its dates and actions', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resendAnswer = null;
  });

  const openDetail = async (rows: Deposit[]) => {
    const calls = server(rows);
    const { router } = renderApp({ '/deposit/users-deposit': <DepositsScreen /> }, { permissions: { deposits: 1 } });
    await act(() => router.navigate('/deposit/users-deposit'));
    await userEvent.click(await screen.findByRole('button', { name: `Informations sur la caution du séjour ${rows[0].stay}` }));
    return { calls, modal: await screen.findByRole('dialog', { name: 'Informations sur la caution' }) };
  };

  it("a deposit not made: 'Date de dépôt' empty, the request's time apart; resend, then a 429 says when to retry", async () => {
    const pending = deposit({ status: '', link: 'https://sim/r/swk_1', edited_time: 1_780_100_000, created_time: 1_780_000_000 });
    const { calls, modal } = await openDetail([pending]);
    expect(line(modal, 'Date de dépôt')).toBe('—');
    expect(line(modal, 'Demande créée le')).toMatch(/^28\/05\/2026/);
    expect(within(modal).queryByRole('button', { name: 'Demander maintenant' })).not.toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: 'Renvoyer le lien' }));
    expect(await within(modal).findByText('Le lien de dépôt a bien été renvoyé au client')).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('deposits/resend'))?.body).toEqual({ id: 'd1' });
    const wait = "Cette adresse a déjà reçu plusieurs e-mails dans l'heure. Réessayez dans 12 minutes.";
    resendAnswer = () => json({ statusCode: 429, message: wait, fields: {} }, 429);
    await userEvent.click(within(modal).getByRole('button', { name: 'Renvoyer le lien' }));
    expect(await within(modal).findByText(wait)).toBeInTheDocument();
  });

  it('cancels after asking, then offers to request again', async () => {
    // a stay not over (its departure to come): it may be asked again
    const { calls, modal } = await openDetail([deposit({ status: '', link: 'https://sim/r/swk_1', departure: Math.floor(Date.now() / 1000) + 86400 })]);
    await userEvent.click(within(modal).getByRole('button', { name: 'Annuler la demande' }));
    const ask = await screen.findByRole('dialog', { name: 'Confirmation' });
    expect(within(ask).getByText(/La demande de caution sera annulée chez Swikly/)).toBeInTheDocument();
    await userEvent.click(within(ask).getByRole('button', { name: 'Oui' }));
    expect(await within(modal).findByText('La demande de caution a bien été annulée')).toBeInTheDocument();
    expect(within(modal).getByText('Annulée')).toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'Renvoyer le lien' })).not.toBeInTheDocument();
    await userEvent.click(within(modal).getByRole('button', { name: 'Demander maintenant' }));
    expect(await within(modal).findByText('La demande de caution est envoyée au client')).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('deposits/request-now'))?.body).toEqual({ id: 'd1' });
  });

  it("a stay over: no 'Demander maintenant' for its refused deposit", async () => {
    const { modal } = await openDetail([deposit({ status: 'Refusée', departure: Math.floor(Date.now() / 1000) - 2 * 86400 })]);
    expect(within(modal).getByText('Refusée')).toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: 'Demander maintenant' })).not.toBeInTheDocument();
  });

  it('a deposit made: the moment it was made, and no action', async () => {
    const { modal } = await openDetail([deposit({ deposited_time: 1_780_000_000, edited_time: 1_781_000_000 })]);
    expect(line(modal, 'Date de dépôt')).toMatch(/^28\/05\/2026/);
    expect(within(modal).queryByRole('button', { name: /Renvoyer|Annuler la demande|Demander/ })).not.toBeInTheDocument();
  });
});

describe('Paramétrer les cautions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("switches a type at once, never shows the stored key, refuses a short user ID in the spec's words, then saves", async () => {
    const calls = server([]);
    const { router } = renderApp({ '/deposit/swikly': <SettingsScreen /> }, { permissions: { deposits: 1 } });
    await act(() => router.navigate('/deposit/swikly'));
    const group = await screen.findByRole('radiogroup', { name: 'Caution pour Tente safari' });
    await userEvent.click(within(group).getByRole('radio', { name: 'Oui' }));
    expect(await screen.findByText("L'hébergement a bien été mis à jour !")).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('update-deposit'))?.body).toEqual({ id: 't1', deposit: true, from_now: false });

    expect(screen.getByLabelText('Clé secrète')).toHaveValue('');
    expect(screen.getByText(/Clé enregistrée \(••••••••••••••3x\)/)).toBeInTheDocument();
    const userId = screen.getByRole('textbox', { name: 'User ID' });
    await userEvent.clear(userId);
    await userEvent.type(userId, 'court');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("L'user ID doit faire 32 caractères")).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('config/deposit/update'))).toBe(false);
    await userEvent.clear(userId);
    await userEvent.type(userId, 'b'.repeat(32));
    await userEvent.click(screen.getByRole('switch', { name: 'Activer les cautions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Les paramètres ont bien été mis à jour')).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('config/deposit/update'))?.body).toMatchObject({ activate: true, amount: 150, userId: 'b'.repeat(32), secret: '', days: 7 });
  });

  it('before switching on, says how many guests would be asked at once; cancelled nothing is saved, then "from now on only" is sent', async () => {
    const calls = server([], 44);
    const { router } = renderApp({ '/deposit/swikly': <SettingsScreen /> }, { permissions: { deposits: 1 } });
    await act(() => router.navigate('/deposit/swikly'));
    await userEvent.click(await screen.findByRole('switch', { name: 'Activer les cautions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demandes de caution envoyées dès maintenant' });
    expect(within(dialog).getByText("44 clients arrivant d'ici le 28/05/2026 recevront la demande de caution dès l'enregistrement.")).toBeInTheDocument();
    expect(within(dialog).getByText('Les clients déjà arrivés ne reçoivent jamais de demande automatique.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('config/deposit/preview'))?.url).toMatch(/activate=(1|true).*days=7|days=7.*activate=(1|true)/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.url.includes('config/deposit/update'))).toBe(false);
    expect(screen.getByRole('switch', { name: 'Activer les cautions' })).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'À partir de maintenant seulement' }));
    expect(await screen.findByText('Les paramètres ont bien été mis à jour')).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('config/deposit/update'))?.body).toMatchObject({ activate: true, days: 7, from_now: true });
  });

  it('asks nothing when the save asks nobody at once, and sends them all when staff choose so', async () => {
    const calls = server([], 0);
    const { router } = renderApp({ '/deposit/swikly': <SettingsScreen /> }, { permissions: { deposits: 1 } });
    await act(() => router.navigate('/deposit/swikly'));
    await userEvent.click(await screen.findByRole('switch', { name: 'Activer les cautions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Les paramètres ont bien été mis à jour')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('config/deposit/update'))?.body).toMatchObject({ activate: true, from_now: false });
  });

  it("switching a type to Oui while deposits are on: its guests asked at once are counted; 'from now on only' is sent with the switch", async () => {
    const calls = server([], 3, { activate: true, days: 10 });
    const { router } = renderApp({ '/deposit/swikly': <SettingsScreen /> }, { permissions: { deposits: 1 } });
    await act(() => router.navigate('/deposit/swikly'));
    const group = await screen.findByRole('radiogroup', { name: 'Caution pour Tente safari' });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Activer les cautions' })).toBeChecked());
    await userEvent.click(within(group).getByRole('radio', { name: 'Oui' }));
    const dialog = await screen.findByRole('dialog', { name: 'Demandes de caution envoyées dès maintenant' });
    expect(within(dialog).getByText(/^3 clients arrivant d'ici le/)).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('config/deposit/preview'))?.url).toMatch(/type=t1/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'À partir de maintenant seulement' }));
    expect(await screen.findByText("L'hébergement a bien été mis à jour !")).toBeInTheDocument();
    expect(calls.find((c) => c.url.includes('update-deposit'))?.body).toEqual({ id: 't1', deposit: true, from_now: true });
  });

  it("'Non demandées': the stays no request went to, counted on the switch, each asked with 'Demander maintenant' (issue 32)", async () => {
    unasked = [
      { stay: '3101', client_number: '2001', user: { lastname: 'Bakker', firstname: 'Sanne', email: 'sanne@example.nl' }, location: 'M3', arrival: 1_780_000_000, departure: 1_780_600_000 },
      { stay: '3102', client_number: '2002', user: { lastname: 'Visser', firstname: 'Tim', email: '' }, location: null, arrival: 1_780_086_400, departure: 1_780_600_000 },
    ];
    const calls = server([deposit({})]);
    const { router } = renderApp({ '/deposit/users-deposit': <DepositsScreen /> }, { permissions: { deposits: 1 } });
    await act(() => router.navigate('/deposit/users-deposit'));
    const user = userEvent.setup();
    await user.click(await screen.findByText('Non demandées (2)'));
    expect(router.state.location.search).toBe('?vue=non-demandees');
    expect(await screen.findByText('Bakker Sanne')).toBeInTheDocument();
    expect(screen.getByText(/laissés de côté par « À partir de maintenant seulement »/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Demander maintenant pour le séjour 3101' }));
    expect(calls.filter((c) => c.url.includes('request-stay')).map((c) => c.body)).toEqual([{ stay_number: '3101' }]);
    // the deposit made opens, the success said; the stay leaves the list
    expect(await screen.findByRole('dialog', { name: 'Informations sur la caution' })).toBeInTheDocument();
    expect(screen.getByText('La demande de caution est envoyée au client')).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByText('Bakker Sanne')).toBeNull());
    expect(screen.getByText('Visser Tim')).toBeInTheDocument();
    unasked = [];
  });
});
