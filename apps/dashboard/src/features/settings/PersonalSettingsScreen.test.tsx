import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-harness';
import PersonalSettingsScreen from './PersonalSettingsScreen';

describe("'Mon compte'", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an empty current password asks for it, and nothing is sent', async () => {
    const fetch = vi.fn(async (_url: string) => new Response('false', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderApp({ '/parametres': <PersonalSettingsScreen /> });
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'un-nouveau-secret');
    await user.type(screen.getByLabelText('Confirmation'), 'un-nouveau-secret');
    await user.click(screen.getByRole('button', { name: /Enregistrer/ }));
    expect(await screen.findByText('Indiquez votre mot de passe actuel pour changer votre identifiant ou votre mot de passe.')).toBeInTheDocument();
    expect(screen.queryByText('Mot de passe invalide')).toBeNull();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('users/update'))).toBe(false);
  });
});
