import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceProduct } from '@campsite/shared';
import { CORE } from '@campsite/shared';
import { renderApp } from '../test-harness';
import SettingsScreen from './deposits/SettingsScreen';
import { ProductForm } from './services/ProductForm';
import { useFlash } from '../components/flash';

// Two staff members saving the same record (issue 29): the second save, from a stale read, is answered 409.
// The shared form (components/form.tsx) shows the sentence, fills the form with the record as it is now,
// and the next save sends the new revision: nothing of the other's change is lost, nothing typed is sent
// over it unseen.

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const conflict = () => json({ statusCode: 409, code: 'CONFLICT', message: CORE.editConflict, fields: {} }, 409);

describe('a staff form saved after someone else saved the same record', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("the deposit settings: the sentence, the other's amount reloaded in the form, then a save with the new revision", async () => {
    // what the server holds: read at revision 3 (150 €), then another staff member saved 180 € (revision 4)
    let stored = { activate: false, amount: 150, userId: 'a'.repeat(32), secret: '', secret_set: true, secret_mask: '••••••••••••••3x', days: 7, mode: 'simulator', revision: 3 };
    const sent: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const body = init?.body ? JSON.parse(String(init.body)) : null;
        if (url.includes('config/deposit/update')) {
          sent.push(body);
          if (body.revision !== stored.revision) return conflict();
          stored = { ...stored, amount: body.amount, days: body.days, revision: stored.revision + 1 };
          return json(stored);
        }
        if (url.includes('webapp/config/deposit')) return json(stored);
        if (url.includes('accommodations/list')) return json([]);
        return json([]);
      }),
    );
    const user = userEvent.setup();
    renderApp({ '/deposit/swikly': <SettingsScreen /> }, { permissions: { deposits: 1 } });
    const amount = await screen.findByRole('textbox', { name: /Montant de la caution/ });
    expect(amount).toHaveValue('150');
    stored = { ...stored, amount: 180, revision: 4 };

    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(CORE.editConflict)).toBeInTheDocument();
    expect(CORE.editConflict).toBe("Cette fiche a été modifiée par quelqu'un d'autre pendant que vous l'éditiez. Elle a été rechargée : vérifiez-la et enregistrez de nouveau.");
    expect(sent.at(-1)).toMatchObject({ amount: 200, revision: 3 });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Montant de la caution/ })).toHaveValue('180'));

    // checked, changed again and saved: with the revision reloaded
    const reloaded = screen.getByRole('textbox', { name: /Montant de la caution/ });
    await user.clear(reloaded);
    await user.type(reloaded, '190');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Les paramètres ont bien été mis à jour')).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ amount: 190, revision: 4 });
    expect(stored.amount).toBe(190);
  });

  it('a product in its modal: the sentence in the modal, which stays open with the stored product', async () => {
    const product = (over: Partial<ServiceProduct>): ServiceProduct => ({
      _id: 'p1', service: 's1', icon: 'pain', price: 1.2, stock: 5, order_max: 10, user: null, revision: 1,
      translations: [{ lang: 'fr', subtitle: 'Baguette', description: '<p>Tradition</p>' }], ...over,
    });
    let stored = product({});
    const sent: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const body = init?.body ? JSON.parse(String(init.body)) : null;
        if (url.includes('service_products/update')) {
          sent.push(body);
          if (body.revision !== stored.revision) return conflict();
          stored = product({ ...stored, stock: body.stock, revision: stored.revision! + 1 });
          return json(stored);
        }
        if (url.includes('service_products/find-by-service')) return json([stored]);
        return json([]);
      }),
    );
    function Modal() {
      const flash = useFlash();
      return <ProductForm service="s1" current={stored} flash={flash} onClose={() => {}} />;
    }
    const user = userEvent.setup();
    renderApp({ '/services': <Modal /> }, { permissions: { services: 1 } });
    const title = await screen.findByRole('textbox', { name: /Titre/ });
    expect(title).toHaveValue('Baguette');
    // someone else renamed it meanwhile
    stored = product({ translations: [{ lang: 'fr', subtitle: 'Baguette tradition', description: '<p>Tradition</p>' }], revision: 2 });
    await user.click(screen.getByRole('button', { name: 'Mettre à jour' }));
    // French only: the translations' question first
    await user.click(within(await screen.findByRole('dialog', { name: 'Traductions manquantes' })).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CORE.editConflict);
    expect(sent.at(-1)).toMatchObject({ _id: 'p1', revision: 1 });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Titre/ })).toHaveValue('Baguette tradition'));
    expect(screen.getByRole('dialog', { name: 'Modifier le produit' })).toBeInTheDocument();
  });
});
