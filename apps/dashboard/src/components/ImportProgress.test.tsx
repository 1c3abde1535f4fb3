import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportDoc } from '@campsite/shared';
import { renderApp } from '../test-harness';
import { ImportProgress } from './ImportProgress';

const DOC: ImportDoc = {
  _id: 'i1', kind: 'reservations', status: 'running', source: 'dashboard', total: 20000, done: 5000, created: 5000, updated: 0,
  failures: [], message: null, created_time: 1_750_000_000, finished_time: null,
};
let answer: ImportDoc = DOC;

describe('the import progress (read from the server, not kept by the screen)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the bar of a running import again after leaving the page, then its result, kept', async () => {
    const fetch = vi.fn(async (url: string) => new Response(JSON.stringify(url.includes('imports/latest?kind=reservations') ? answer : false), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const first = renderApp({ '/': <ImportProgress kind="reservations" /> });
    expect(await screen.findByRole('progressbar', { name: "Avancement de l'import" })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('Import en cours : 5000 / 20000 lignes')).toBeInTheDocument();
    // the staff member goes elsewhere and comes back: a new screen, the same progress
    first.unmount();
    answer = { ...DOC, done: 15000 };
    const back = renderApp({ '/': <ImportProgress kind="reservations" /> });
    expect(await screen.findByText('Import en cours : 15000 / 20000 lignes')).toBeInTheDocument();
    // the run ends while the screen is open: its result replaces the bar (polled each second)
    answer = { ...DOC, status: 'done', done: 20000, created: 19998, failures: [{ line: 7, number: '12', reason: 'date « 32/07/2025 » invalide dans la colonne Arrivée (jj/mm/aaaa)' }, { line: 9, number: '14', reason: 'client 999 inconnu' }], finished_time: 1_750_000_100 };
    expect(await screen.findByText(/^2 réservations ne sont pas passées : ligne 7 \(n° 12\) : date « 32\/07\/2025 » invalide/, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('20000 lignes lues · 19998 créations · 0 mise à jour')).toBeInTheDocument();
    back.unmount();
  });
});
