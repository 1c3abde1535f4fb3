import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-harness';
import StaysScreen from './StaysScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const stay = (n: number) => ({
  stay_number: String(60000 + n), client_number: '5000', location: 'Z1', location_category: null, arrival: 1_750_000_000, departure: 1_750_600_000,
  arrival_time: null, departure_time: null, participants: [], created_time: 0, created_by: null, edited_time: 0, edited_by: null,
  client: { lastname: 'Grand', firstname: 'Groupe', civility: null }, users: [],
});

/** Answers the list with `page`, the count call when `count` resolves; records the addresses asked. */
function server(page: { total: number; more?: boolean }, count: Promise<number>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url.includes('stays/count')) return json({ total: await count });
      if (url.includes('stays/list')) return json({ rows: Array.from({ length: 50 }, (_, i) => stay(i + 1)), ...page, page: 1, per_page: 50 });
      return json(false);
    }),
  );
  return asked;
}

describe('the stay list beyond 1 000 matches', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says 'plus de 1 000' until the count call answers, then the exact figure, and pages over it", async () => {
    let answer!: (n: number) => void;
    const asked = server({ total: 1000, more: true }, new Promise((done) => (answer = done)));
    const { router } = renderApp({ '/users/sejours': <StaysScreen /> });
    await act(() => router.navigate('/users/sejours?location=z&sort=arrival&page=1'));
    expect(await screen.findByText(/^Nombre de lignes : plus de 1\s000$/)).toBeInTheDocument();
    expect(screen.getByText(/^1 à 50 sur 1\s000$/)).toBeInTheDocument();
    // the count call carries the filters, not the page or the sort
    const count = asked.find((u) => u.includes('stays/count'))!;
    expect(new URL(count, 'http://x').searchParams.get('location')).toBe('z');
    expect(count).not.toMatch(/page|sort/);
    answer(150000);
    expect(await screen.findByText(/^Nombre de lignes : 150\s000$/)).toBeInTheDocument();
    expect(screen.getByText(/^1 à 50 sur 150\s000$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3000' })).toBeInTheDocument();
  });

  it('asks for no count when the page counted every match; arrival and departure share a column, each sortable', async () => {
    const asked = server({ total: 312, more: false }, Promise.resolve(312));
    const { router } = renderApp({ '/users/sejours': <StaysScreen /> });
    expect(await screen.findByText('Nombre de lignes : 312')).toBeInTheDocument();
    await waitFor(() => expect(asked.some((u) => u.includes('stays/list'))).toBe(true));
    expect(asked.some((u) => u.includes('stays/count'))).toBe(false);
    const dates = screen.getByRole('columnheader', { name: /Arrivée.*Départ/ });
    expect(dates).toHaveAttribute('aria-sort', 'none');
    await userEvent.setup().click(within(dates).getByRole('button', { name: 'Départ' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('departure'));
    expect(screen.getByRole('columnheader', { name: /Arrivée.*Départ/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Utilisateurs/ })).not.toHaveAttribute('aria-sort');
  });
});
