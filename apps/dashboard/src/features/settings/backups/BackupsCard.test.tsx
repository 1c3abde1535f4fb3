import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKUPS } from '@campsite/shared';
import { renderApp } from '../../../test-harness';
import { BackupsSection } from './BackupsCard';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const NAME = 'campsite-2026-11-27T030000Z.sql.gz';

/** The server as the screen sees it; answers what it was sent, and records it. */
function server(state: { running?: boolean; started?: boolean } = {}) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') sent.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('backups/state'))
        return json({
          files: [{ name: NAME, at: Date.UTC(2026, 10, 27, 3) / 1000, bytes: 2.5 * 1024 * 1024 }],
          last: { at: Date.UTC(2026, 10, 28, 3) / 1000, ok: false, error: "Le dossier des sauvegardes n'existe pas." },
          running: state.running ?? false,
          settings: { hour: '03:00', daily: 7, weekly: 4 },
        });
      if (url.includes('backups/start')) return json({ started: state.started ?? true });
      if (url.includes('backups/settings')) return json(JSON.parse(String(init!.body)));
      return json(false);
    }),
  );
  return sent;
}

describe("the super's backups on the administrator screen (issue 34)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the backups with their size and a download, and says why the last one failed', async () => {
    server();
    renderApp({ '/': <BackupsSection /> }, { permissions: { super: 1 } });
    const list = await screen.findByRole('table');
    const row = within(list).getAllByRole('row')[1];
    expect(row).toHaveTextContent('2,5 Mo');
    expect(within(row).getByRole('link', { name: /^Télécharger la sauvegarde du / })).toHaveAttribute('href', `/api/dashboard/backups/download/${NAME}`);
    expect(screen.getByTestId('backup-failure')).toHaveTextContent(`${BACKUPS.failedWarning} le`);
    expect(screen.getByTestId('backup-failure')).toHaveTextContent("Le dossier des sauvegardes n'existe pas.");
  });

  it("starts a backup with 'Sauvegarder maintenant', and says so when one already runs", async () => {
    const sent = server({ started: false });
    renderApp({ '/': <BackupsSection /> }, { permissions: { super: 1 } });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sauvegarder maintenant' }));
    expect(await screen.findByText(BACKUPS.alreadyRunning)).toBeInTheDocument();
    expect(sent.map((s) => s.url)).toEqual(['/api/dashboard/backups/start']);
  });

  it('shows a running backup and offers no second one', async () => {
    server({ running: true });
    renderApp({ '/': <BackupsSection /> }, { permissions: { super: 1 } });
    expect(await screen.findByRole('button', { name: 'Sauvegarde en cours…' })).toBeDisabled();
  });

  it('refuses a wrong hour or retention in French, sends nothing, then saves what is right', async () => {
    const sent = server();
    renderApp({ '/': <BackupsSection /> }, { permissions: { super: 1 } });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Sauvegarde de nuit' });
    const hour = within(form).getByRole('textbox', { name: 'Heure (HH:MM)' });
    const daily = within(form).getByRole('textbox', { name: 'Jours gardés' });
    await user.clear(hour);
    await user.type(hour, '25h');
    await user.clear(daily);
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText(BACKUPS.hourInvalid)).toBeInTheDocument();
    expect(within(form).getByText(BACKUPS.dailyInvalid)).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(hour);
    await user.type(hour, '01:30');
    await user.type(daily, '3');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(BACKUPS.settingsSaved)).toBeInTheDocument();
    expect(sent).toEqual([{ url: '/api/dashboard/backups/settings', body: { hour: '01:30', daily: 3, weekly: 4 } }]);
  });
});
