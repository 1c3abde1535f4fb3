import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchClient, SearchStay } from '@campsite/shared';
import { SEARCH } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import { Shell } from '../../app/Shell';
import { GlobalSearch } from './GlobalSearch';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
// 29 June 2026 and 8 July 2026, midnight in Paris
const JUNE_29 = Date.parse('2026-06-29T00:00:00+02:00') / 1000;
const JULY_8 = Date.parse('2026-07-08T00:00:00+02:00') / 1000;
const stay = (over: Partial<SearchStay>): SearchStay => ({
  stay_number: '8812', client_number: '5120', firstname: 'Hélène', lastname: 'Lefèvre', location: 'B12', arrival: JUNE_29, departure: JULY_8, when: 'current', ...over,
});
const ELODIE: SearchClient = { client_number: '6001', firstname: 'Élodie', lastname: 'Garçon', email: 'elodie@example.test' };

/** Answers the search with `answer(q)` (held until `hold` resolves when given); records what was asked. */
function server(answer: (q: string) => { stays: SearchStay[]; clients: SearchClient[] }, hold?: Promise<void>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const u = new URL(url, 'http://x');
      if (u.pathname.endsWith('/dashboard/search')) {
        const q = u.searchParams.get('q') ?? '';
        asked.push(q);
        if (hold) await hold;
        return json(answer(q));
      }
      return json(false);
    }),
  );
  return asked;
}

const LEFEVRE = () => ({ stays: [stay({}), stay({ stay_number: '7701', location: 'A03', when: 'gone' })], clients: [] });

function renderSearch() {
  return renderApp({ '/': <GlobalSearch />, '/users/sejours/:n': <p>page du séjour</p>, '/users/clients/:n': <p>fiche client</p> }, { permissions: { users: 1 } });
}

describe('the global search (issue 33)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("'/' focuses it, the results are a listbox (stays first), the arrows move and Enter opens the stay page", async () => {
    const asked = server(LEFEVRE);
    const { router } = renderSearch();
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: SEARCH.label });
    expect(field).toHaveAttribute('placeholder', expect.stringContaining('(/)'));
    await user.keyboard('/');
    expect(field).toHaveFocus();
    // the '/' itself is not typed
    expect(field).toHaveValue('');
    await user.keyboard('lef');
    const list = await screen.findByRole('listbox', { name: SEARCH.results });
    expect(asked.at(-1)).toBe('lef');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    const stays = within(list).getByRole('group', { name: SEARCH.stays });
    const options = within(stays).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Lefèvre HélèneEn coursSéjour n° 8812 · Empl. B12 · 29/06/2026 → 08/07/2026',
      'Lefèvre HélènePasséSéjour n° 7701 · Empl. A03 · 29/06/2026 → 08/07/2026',
    ]);
    // the first is the one Enter opens, and the field says so
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', options[0].id);
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', options[1].id);
    // past the last, back to the first; up from the first, the last
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/sejours/7701'));
    expect(await screen.findByText('page du séjour')).toBeInTheDocument();
  });

  it('Ctrl+K focuses it too, even from another field; Enter typed before the answer opens the first result when it comes', async () => {
    let release!: () => void;
    server(LEFEVRE, new Promise((done) => (release = done)));
    const { router } = renderApp(
      { '/': <><input aria-label="Autre champ" /><GlobalSearch /></>, '/users/sejours/:n': <p>page du séjour</p> },
      { permissions: { users: 1 } },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'Autre champ' }));
    // '/' in a field is a character of that field
    await user.keyboard('/');
    expect(screen.getByRole('textbox', { name: 'Autre champ' })).toHaveValue('/');
    await user.keyboard('{Control>}k{/Control}');
    const field = screen.getByRole('combobox', { name: SEARCH.label });
    expect(field).toHaveFocus();
    await user.keyboard('helene{Enter}');
    expect(screen.getByText(SEARCH.searching)).toBeInTheDocument();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/sejours/8812'));
  });

  it('leaves the keys to an open dialog', async () => {
    server(LEFEVRE);
    renderApp(
      { '/': <><GlobalSearch /><div role="dialog" aria-modal="true" aria-label="Une fenêtre"><button type="button">Dans la fenêtre</button></div></> },
      { permissions: { users: 1 } },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dans la fenêtre' }));
    await user.keyboard('/{Control>}k{/Control}');
    expect(screen.getByRole('button', { name: 'Dans la fenêtre' })).toHaveFocus();
  });

  it("Escape closes the list, then empties the field; nothing found says 'Aucun résultat'", async () => {
    server((q) => (q === 'zzz' ? { stays: [], clients: [] } : LEFEVRE()));
    renderSearch();
    const user = userEvent.setup();
    await user.keyboard('/lef');
    await screen.findByRole('listbox');
    const field = screen.getByRole('combobox', { name: SEARCH.label });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveValue('lef');
    // the arrows open it again
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}{Escape}');
    expect(field).toHaveValue('');
    await user.keyboard('zzz');
    expect(await screen.findByText(SEARCH.noResult)).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).toBeNull();
    // Enter on nothing goes nowhere
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('zzz');
  });

  it("a client without a stay is listed after the stays and opens the client's card, by click too", async () => {
    server(() => ({ stays: [stay({ when: 'coming' })], clients: [ELODIE] }));
    const { router } = renderSearch();
    const user = userEvent.setup();
    await user.keyboard('/e');
    const list = await screen.findByRole('listbox');
    const groups = within(list).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)).toEqual([SEARCH.stays, SEARCH.clients]);
    expect(within(groups[0]).getByRole('option')).toHaveTextContent(SEARCH.coming);
    const client = within(groups[1]).getByRole('option');
    expect(client).toHaveTextContent('Garçon ÉlodieClient n° 6001 · elodie@example.test');
    await user.click(client);
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/clients/6001'));
  });

  it('is in the top bar only for a member who may see people', async () => {
    server(LEFEVRE);
    const { unmount } = renderApp({ '/': <Shell><p>écran</p></Shell> }, { permissions: { users: 1 } });
    expect(within(screen.getByRole('banner')).getByRole('combobox', { name: SEARCH.label })).toBeInTheDocument();
    unmount();
    renderApp({ '/': <Shell><p>écran</p></Shell> }, { permissions: { services: 1 } });
    await screen.findByText('écran');
    expect(screen.queryByRole('combobox', { name: SEARCH.label })).toBeNull();
    // and '/' does nothing
    await userEvent.setup().keyboard('/');
    expect(document.body).toHaveFocus();
  });
});
