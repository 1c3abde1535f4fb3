import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Deposit, StayDeposit } from '@campsite/shared';
import { FlashBanner, useFlash } from '../flash';
import { renderApp } from '../../test-harness';
import { DepositProposal } from './DepositProposal';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const deposit = (over: Partial<Deposit> = {}): Deposit => ({
  _id: 'd1', status: 'OK', user: { lastname: 'De Vries', firstname: 'Anna', email: 'anna@example.nl' }, stay: '2390', client_number: 'C12',
  location: 'A12', arrival: 1_780_000_000, departure: 1_780_600_000, reference: 'swk_1', amount: 150, edited_time: 1_780_000_000,
  created_time: 1_780_000_000, link: null, error: null, settlement: null, claimed: null, settled_time: null, settled_by: null,
  settle_state: null, settle_error: null, ...over,
});

function Screen() {
  const flash = useFlash();
  return (
    <>
      <FlashBanner flash={flash} />
      <DepositProposal stayNumber="2390" flash={flash} />
    </>
  );
}

describe('the deposit proposal after the departure inventory (issue 29: an intent)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the claim is under way at Swikly until its job is back, then shows it done', async () => {
    const claimed = { settlement: 'claimed' as const, claimed: 4, settled_time: 1_780_700_000, settled_by: 'Agent Test' };
    let answer: StayDeposit = { deposit: deposit(), proposal: { kind: 'claim', amount: 4, amount_text: '4,00 €', missing: [{ name: 'Verre', reference: 6, count: 4, missing: 2, amount: 400 }] } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.includes('deposits/claim') && init?.method === 'POST') {
          answer = { deposit: deposit({ ...claimed, settle_state: 'pending' }), proposal: null };
          return json(answer.deposit);
        }
        if (url.includes('deposits/find-by-stay')) return json(answer);
        return json([]);
      }),
    );
    const user = userEvent.setup();
    renderApp({ '/': <Screen /> }, { permissions: { deposits: 1, inventories: 1 } });
    await user.click(await screen.findByRole('button', { name: 'Réclamer sur la caution' }));
    await user.click(await screen.findByRole('button', { name: /^Réclamer 4,00\s€ sur la caution$/ }));
    expect(await screen.findByText('La réclamation est enregistrée : elle est transmise à Swikly avec le rapport.')).toBeInTheDocument();
    expect(await screen.findByText('Réclamation de 4,00 € en cours auprès de Swikly…')).toBeInTheDocument();
    expect(screen.getByText(/Swikly n'a pas encore répondu/)).toBeInTheDocument();
    // the job is back: the screen, which asks again while pending, shows it done
    answer = { deposit: deposit({ ...claimed, settle_state: 'done' }), proposal: null };
    expect(await screen.findByText(/4,00 € réclamés sur la caution par Agent Test/, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows why the last try failed above the proposal offered again', async () => {
    const answer: StayDeposit = {
      deposit: deposit({ settle_state: 'failed', settle_error: 'Swikly ne répond pas pour le moment : réessayez dans quelques minutes.' }),
      proposal: { kind: 'release', amount: 0, amount_text: '0,00 €' },
    };
    vi.stubGlobal('fetch', vi.fn(async () => json(answer)));
    renderApp({ '/': <Screen /> }, { permissions: { deposits: 1, inventories: 1 } });
    expect(await screen.findByText("La dernière libération ou réclamation n'a pas abouti : Swikly ne répond pas pour le moment : réessayez dans quelques minutes.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Libérer la caution' })).toBeInTheDocument();
  });

  it('lists what the departure inventory finds missing, offers no release, and asks a reason for a partial claim (issue 32)', async () => {
    const sent: unknown[] = [];
    const answer: StayDeposit = {
      deposit: deposit(),
      proposal: {
        kind: 'claim', amount: 150, amount_text: '150,00 €',
        missing: [{ name: 'Poêle', reference: 1, count: 0, missing: 1, amount: 3000 }, { name: 'Couette', reference: 6, count: 4, missing: 2, amount: 12000 }],
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.includes('deposits/claim') && init?.method === 'POST') {
          sent.push(JSON.parse(String(init.body)));
          return json(deposit({ settlement: 'claimed', claimed: 100, settle_state: 'pending', claim_reason: 'Couette retrouvée' }));
        }
        return json(answer);
      }),
    );
    const user = userEvent.setup();
    renderApp({ '/': <Screen /> }, { permissions: { deposits: 1, inventories: 1 } });
    expect(await screen.findByText("L'inventaire de sortie relève des manquants : Poêle : 0 / 1, Couette : 4 / 6 (150,00 €).")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Libérer la caution' })).not.toBeInTheDocument();
    expect(screen.queryByText("L'inventaire de sortie ne relève aucun manque.")).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réclamer sur la caution' }));
    const amount = await screen.findByRole('textbox', { name: /Montant réclamé/ });
    expect(amount).toHaveValue('150');
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(screen.getByRole('button', { name: /^Réclamer 100,00\s€ sur la caution$/ }));
    expect(await screen.findByText(/^Indiquez la raison d'un montant autre que la différence chiffrée \(150,00\s€\)\.$/)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Raison' }), 'Couette retrouvée');
    await user.click(screen.getByRole('button', { name: /^Réclamer 100,00\s€ sur la caution$/ }));
    expect(await screen.findByText('La réclamation est enregistrée : elle est transmise à Swikly avec le rapport.')).toBeInTheDocument();
    expect(sent).toEqual([{ stay_number: '2390', amount: 100, reason: 'Couette retrouvée' }]);
  });
});
