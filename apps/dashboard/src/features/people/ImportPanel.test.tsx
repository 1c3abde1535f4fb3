import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreview } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import { useFlash } from '../../components/flash';
import { ImportPanel } from './ImportPanel';

function Panel() {
  const flash = useFlash();
  return <ImportPanel flash={flash} />;
}

const PREVIEW: ImportPreview = {
  columns: [
    { header: 'Numéro client', column: 'N° client' },
    { header: 'NOM', column: 'Nom' },
    { header: 'Commentaire', column: null },
  ],
  rows: [{ line: 2, values: { 'N° client': '3001', Nom: 'Roux' } }],
  readable: 1,
  refused: 1,
  failures: [{ line: 3, number: '3002', reason: 'la ligne compte 2 colonnes au lieu de 3' }],
  message: null,
};

describe('the reservations import panel (issue 20)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows, before importing, the columns recognised, the first rows as they will be read and the refusals', async () => {
    const sent: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
        const answer = url.includes('config/pms') ? { name: 'amenitiz' } : url.includes('imports/preview') ? PREVIEW : false;
        return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
      }),
    );
    renderApp({ '/': <Panel /> });
    await screen.findByText('Fichier des clients');
    // the first of the two pickers: the clients file
    const input = document.querySelectorAll<HTMLInputElement>('input[type="file"]')[0];
    await userEvent.upload(input, new File(['Numéro client;NOM;Commentaire\n3001;Roux;\n3002;Blanc\n'], 'clients.csv', { type: 'text/csv' }));
    const region = await screen.findByRole('region', { name: 'Aperçu de « clients.csv »' });
    expect(await within(region).findByText('1 ligne sera importée, 1 ligne sera refusée')).toBeInTheDocument();
    expect(within(region).getByText('Numéro client → N° client')).toBeInTheDocument();
    expect(within(region).getByText('Commentaire (ignorée)')).toBeInTheDocument();
    expect(within(region).getByRole('table', { name: 'Premières lignes telles qu’elles seront lues' })).toHaveTextContent('3001Roux');
    expect(within(region).getByText('Ligne 3 : la ligne compte 2 colonnes au lieu de 3')).toBeInTheDocument();
    // the file went to the preview call, nothing to the import
    expect(sent.find((s) => s.url.includes('imports/preview'))?.body).toMatchObject({ file: expect.stringMatching(/^data:text\/csv;base64,/) });
    expect(sent.some((s) => s.url.includes('clients/import'))).toBe(false);
  });

  it('clears the files and their preview once imported', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const done = { _id: 'i1', kind: 'reservations', status: 'done', source: 'dashboard', total: 1, done: 1, created: 2, updated: 0, failures: [], refused: 0, message: null, created_time: 1_750_000_000, finished_time: 1_750_000_001 };
        const answer = url.includes('config/pms') ? { name: 'amenitiz' } : url.includes('imports/preview') ? PREVIEW : url.includes('clients/import') || url.includes('imports/latest') ? done : false;
        return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
      }),
    );
    renderApp({ '/': <Panel /> });
    await screen.findByText('Fichier des clients');
    await userEvent.upload(document.querySelectorAll<HTMLInputElement>('input[type="file"]')[0], new File(['Numéro client;NOM\n3001;Roux\n'], 'clients.csv', { type: 'text/csv' }));
    await screen.findByRole('region', { name: 'Aperçu de « clients.csv »' });
    await userEvent.click(screen.getByRole('button', { name: 'Importer' }));
    expect(await screen.findByText('Les réservations ont bien été importées !')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Aperçu de « clients.csv »' })).not.toBeInTheDocument();
  });
});
