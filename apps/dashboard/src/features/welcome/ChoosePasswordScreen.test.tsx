import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CORE, WELCOME } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import { ChoosePasswordScreen, WELCOME_PATH } from './ChoosePasswordScreen';

const MANAGER = { _id: 'u1', lastname: 'Administrateur', firstname: 'Super', email: 'gerant@pins.test', username: 'admin', avatar: null, permissions: { super: 1 }, created_time: 0, edited_time: 0 };

/** The server as the link finds it: `check` and `password` answers; records the bodies sent. */
function server(answers: { check: unknown; password?: unknown }) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return Response.json(String(url).includes('welcome/check') ? answers.check : answers.password);
  });
  return sent;
}

function open() {
  window.location.hash = '#le-jeton';
  return renderApp({ [WELCOME_PATH]: <ChoosePasswordScreen />, '/': <p>Tableau de bord</p> });
}

describe("'Choisissez votre mot de passe'", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.location.hash = '';
  });

  it("asks the personal settings' rules before sending, then signs the manager in", async () => {
    const sent = server({ check: { login: 'admin' }, password: MANAGER });
    const user = userEvent.setup();
    const { router } = open();
    expect(await screen.findByText(WELCOME.intro('admin'))).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Nouveau mot de passe/), 'court');
    await user.click(screen.getByRole('button', { name: WELCOME.save }));
    expect(await screen.findByText(CORE.passwordShort)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Nouveau mot de passe/), '-mais-long');
    await user.type(screen.getByLabelText(/^Confirmation/), 'autre-chose');
    await user.click(screen.getByRole('button', { name: WELCOME.save }));
    expect(await screen.findByText(CORE.passwordMismatch)).toBeInTheDocument();
    expect(sent.some((s) => s.url.includes('welcome/password'))).toBe(false);

    await user.clear(screen.getByLabelText(/^Confirmation/));
    await user.type(screen.getByLabelText(/^Confirmation/), 'court-mais-long');
    await user.click(screen.getByRole('button', { name: WELCOME.save }));
    expect(await screen.findByText('Tableau de bord')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(sent.find((s) => s.url.includes('welcome/password'))?.body).toEqual({ token: 'le-jeton', password: 'court-mais-long' });
  });

  it.each([
    ['used', WELCOME.used],
    ['expired', WELCOME.expired],
  ] as const)('says a link %s cannot serve, and what to do', async (error, sentence) => {
    server({ check: { error } });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(screen.queryByLabelText(/Nouveau mot de passe/)).toBeNull();
    expect(screen.getByRole('button', { name: WELCOME.toSignIn })).toBeInTheDocument();
  });
});
