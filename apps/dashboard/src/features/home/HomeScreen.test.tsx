import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-harness';
import HomeScreen from './HomeScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

/** The booklet's category 'Accueil' (the reception desk), as the demo has it. */
function server() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('notifications/audience')) return json({ devices: 3, users: 2, quiet_hours: null });
      if (url.includes('categories/list')) return json([{ _id: 'c1', group: 'g1', translations: [{ lang: 'fr', name: 'Accueil' }] }]);
      if (url.includes('pages/list')) return json([]);
      return json(false);
    }),
  );
}

describe('the home page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("does not put the focus in the broadcast to every guest, so the page stays on 'Aujourd'hui' (issue 32)", async () => {
    server();
    renderApp({ '/': <HomeScreen /> });
    const form = await screen.findByRole('form', { name: 'Envoyer une notification' });
    const title = within(form).getByRole('textbox', { name: 'Titre (FR)' });
    // FormCard focuses its first field in the effect of its mount, which has run once the form is found
    expect(title).not.toHaveFocus();
    expect(form.contains(document.activeElement)).toBe(false);
  });

  it("offers the app's home page and the booklet's 'Accueil' under two names (issue 32)", async () => {
    server();
    renderApp({ '/': <HomeScreen /> });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Envoyer une notification' });
    const select = within(form).getByRole('combobox', { name: /^Page de destination/ });
    expect(select).toHaveValue("Page d'accueil");
    await user.click(select);
    const list = document.getElementById(select.getAttribute('aria-controls')!)!;
    await within(list).findByRole('option', { name: 'Accueil', hidden: true });
    const names = within(list).getAllByRole('option', { hidden: true }).map((o) => o.textContent);
    expect(names).toEqual(["Page d'accueil", 'Animations', 'Espace membres', 'Accueil']);
  });
});
