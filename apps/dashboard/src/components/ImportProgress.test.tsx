import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportDoc } from '@campsite/shared';
import { renderApp } from '../test-harness';
import { ImportProgress } from './ImportProgress';

const DOC: ImportDoc = {
  _id: 'i1', kind: 'reservations', status: 'running', source: 'dashboard', total: 20000, done: 5000, created: 5000, updated: 0,
  failures: [], refused: 0, message: null, created_time: 1_750_000_000, finished_time: null,
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
    answer = { ...DOC, status: 'done', done: 20000, created: 19998, refused: 2, failures: [{ line: 7, number: '12', reason: 'date « 32/07/2025 » invalide dans la colonne Arrivée (jj/mm/aaaa)' }, { line: 9, number: '14', reason: 'client 999 inconnu' }], finished_time: 1_750_000_100 };
    expect(await screen.findByText(/^2 réservations ne sont pas passées : ligne 7 \(n° 12\) : date « 32\/07\/2025 » invalide/, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('20000 lignes lues · 19998 créations · 0 mise à jour · 2 lignes refusées')).toBeInTheDocument();
    back.unmount();
  });
});

describe('the last import\'s result (issue 20)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const show = (doc: ImportDoc) => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(doc), { headers: { 'content-type': 'application/json' } })));
    return renderApp({ '/': <ImportProgress kind="reservations" /> });
  };
  const done: ImportDoc = { ...DOC, status: 'done', done: 600, total: 600, created: 598, finished_time: 1_750_000_100 };

  it('is green when nothing failed', async () => {
    show({ ...done, created: 600 });
    expect(await screen.findByText('Les réservations ont bien été importées !')).toBeInTheDocument();
    const box = screen.getByRole('status');
    expect(box.getAttribute('style') ?? '').toMatch(/green/);
    expect(screen.queryByRole('table', { name: 'Lignes refusées' })).not.toBeInTheDocument();
  });

  it('is orange, not red, when some rows were refused, says one in the singular, lists it and offers it to download', async () => {
    show({ ...done, created: 599, refused: 1, failures: [{ line: 6, number: '1004', reason: 'la ligne compte 2 colonnes au lieu de 8', value: '1004;Dupré', file: 'réservations' }] });
    expect(await screen.findByText('1 réservation n\'est pas passée : ligne 6 (n° 1004) : la ligne compte 2 colonnes au lieu de 8')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status').getAttribute('style') ?? '').toMatch(/orange/);
    const table = screen.getByRole('table', { name: 'Lignes refusées' });
    expect(table).toHaveTextContent('1004;Dupré');
    expect(screen.getByRole('link', { name: 'Télécharger les lignes refusées (CSV)' })).toHaveAttribute('href', '/api/dashboard/imports/refused?id=i1&file=r%C3%A9servations');
  });

  it('is red when the file was refused whole', async () => {
    show({ ...done, status: 'failed', created: 0, message: 'Erreur de parsing dans le fichier CSV à la ligne 3' });
    expect(await screen.findByRole('alert')).toHaveTextContent("Impossible d'importer un fichier csv : Erreur de parsing dans le fichier CSV à la ligne 3");
  });
});
