import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKUPS } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import { HomeWarnings } from './HomeWarnings';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function server(warnings: unknown) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return json(url.includes('backups/warnings') ? warnings : false);
    }),
  );
  return asked;
}

describe("the super's home warnings (issue 34)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a nightly backup failed, why, and links to the backups; and that the guest app needs HTTPS', async () => {
    server({ backup: { kind: 'failed', at: Date.UTC(2026, 10, 27, 3) / 1000, error: "Le dossier des sauvegardes n'existe pas." }, insecure_guest_url: 'http://192.168.1.20:5174' });
    renderApp({ '/': <HomeWarnings /> }, { permissions: { super: 1 } });
    const failed = (await screen.findByText(BACKUPS.failedWarning)).closest('[role="alert"]') as HTMLElement;
    expect(failed).toHaveTextContent("Le dossier des sauvegardes n'existe pas.");
    expect(screen.getByRole('link', { name: 'Voir les sauvegardes' })).toHaveAttribute('href', '/administration/features#sauvegardes');
    expect(screen.getByText(`${BACKUPS.httpsWarning} (http://192.168.1.20:5174)`)).toBeInTheDocument();
    expect(screen.getByText("Pour l'activer, indiquez le nom du serveur dans DOMAIN : il obtient alors son certificat lui-même (docs/production.md, « HTTPS »).")).toBeInTheDocument();
  });

  it('says a nightly backup is missing', async () => {
    server({ backup: { kind: 'missing', since: null }, insecure_guest_url: null });
    renderApp({ '/': <HomeWarnings /> }, { permissions: { super: 1 } });
    expect(await screen.findByText(BACKUPS.missingWarning)).toBeInTheDocument();
    expect(screen.queryByText(BACKUPS.httpsHow)).not.toBeInTheDocument();
  });

  it('shows nothing to staff without the super flag, and does not ask the server', async () => {
    const asked = server({ backup: { kind: 'missing', since: null }, insecure_guest_url: 'http://192.168.1.20:5174' });
    renderApp({ '/': <><HomeWarnings /><p>Tableau de bord</p></> }, { permissions: { params: 1 } });
    // once the page is drawn its effects have run: a read of the warnings would have been asked
    await screen.findByText('Tableau de bord');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(asked.filter((u) => u.includes('backups'))).toEqual([]);
  });
});
