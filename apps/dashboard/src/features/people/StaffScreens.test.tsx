import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CORE, PERMISSIONS, PEOPLE } from '@campsite/shared';
import { useFlash, FlashBanner } from '../../components/flash';
import { renderApp } from '../../test-harness';
import DashboardUsersScreen from './DashboardUsersScreen';
import { StaffCreateForm } from './StaffCreateForm';

/** Staff accounts as issue 20 wants them: role presets, flags and last sign-in, only what the rules allow. */
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const flags = (on: string[]) => Object.fromEntries(PERMISSIONS.map((p) => [p, on.includes(p) ? 1 : 0]));
const member = (id: string, on: string[], last: number | null = null) => ({
  _id: id, lastname: 'Durand', firstname: 'Léo', email: `${id}@camping.test`, username: id, avatar: null, permissions: flags(on), created_time: 0, edited_time: 0, last_login: last,
});

function stub(handler: (url: string, body: unknown) => Response | undefined) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      return handler(url, body) ?? json(false);
    }),
  );
  return calls;
}
afterEach(() => vi.unstubAllGlobals());

function Create() {
  const flash = useFlash();
  return (
    <>
      <FlashBanner flash={flash} />
      <StaffCreateForm flash={flash} onCancel={() => {}} />
    </>
  );
}

async function fillIdentity(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Nom/), 'Durand');
  await user.type(screen.getByLabelText(/^Prénom/), 'Léo');
  await user.type(screen.getByLabelText(/^E-mail/), 'leo@camping.test');
  await user.type(screen.getByLabelText(/^Identifiant/), 'leo.durand');
  await user.type(screen.getByLabelText(/^Mot de passe/), 'motdepasse-leo');
  await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), 'motdepasse-leo');
}

describe('creating a staff member', () => {
  it('a super user picks a role preset, adjusts a flag, and the flags are sent', async () => {
    const calls = stub((url) => (url.includes('users/insert') ? json(member('new', ['users'])) : undefined));
    const user = userEvent.setup();
    renderApp({ '/utilisateurs': <Create /> }, { permissions: { super: 1, users: 1 } });
    await fillIdentity(user);
    await user.selectOptions(screen.getByRole('combobox', { name: PEOPLE.rolePreset }), 'Réception');
    expect(screen.getByRole('switch', { name: /Mes services|Services/ })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: /Mes services|Services/ }));
    await user.click(screen.getByRole('button', { name: "Créer l'utilisateur" }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('users/insert'))).toBe(true));
    const sent = calls.find((c) => c.url.includes('users/insert'))!.body as { permissions: Record<string, number> };
    expect(sent.permissions).toMatchObject({ users: 1, deposits: 1, inventories: 1, reviews: 1, services: 0, super: 0, params: 0 });
  });

  it('someone who is not super sees no flags; an identifier taken is said on its field', async () => {
    const calls = stub((url) => (url.includes('users/insert') ? json(1) : undefined));
    const user = userEvent.setup();
    renderApp({ '/utilisateurs': <Create /> }, { permissions: { users: 1 } });
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('combobox', { name: PEOPLE.rolePreset })).toBeNull();
    await fillIdentity(user);
    await user.click(screen.getByRole('button', { name: "Créer l'utilisateur" }));
    const field = screen.getByLabelText(/^Identifiant/);
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')?.split(' ').find((id) => id.includes('error')) ?? '')).toHaveTextContent(CORE.duplicateUsername);
    expect((calls.find((c) => c.url.includes('users/insert'))!.body as object)).not.toHaveProperty('permissions');
  });
});

describe('the staff list and a member’s file', () => {
  it('shows each member’s flags and last sign-in', async () => {
    stub((url) =>
      url.includes('users/list') ? json({ rows: [member('leo', ['users', 'stats'], 1_760_000_000), member('ana', ['super'])], total: 2, page: 1, per_page: 25 }) : undefined,
    );
    renderApp({ '/users/dashboard': <DashboardUsersScreen /> }, { permissions: { users: 1 } });
    const row = (await screen.findByText('leo@camping.test')).closest('tr')!;
    expect(within(row).getByText(/Statistiques/)).toBeInTheDocument();
    expect(within(row).getByText(/\d{2}\/\d{2}\/2025 \d{2}:\d{2}/)).toBeInTheDocument();
    const ana = screen.getByText('ana@camping.test').closest('tr')!;
    expect(within(ana).getByText('Administrateur (tout)')).toBeInTheDocument();
    expect(within(ana).getByText(PEOPLE.neverSignedIn)).toBeInTheDocument();
  });

  it('a holder of the users flag sees no switches, and no password form for an account with flags they lack', async () => {
    stub((url) => (url.includes('users/find') ? json(member('boss', ['users', 'stats', 'params'])) : url.includes('users/list') ? json({ rows: [], total: 0, page: 1, per_page: 25 }) : undefined));
    const view = renderApp({ '/users/dashboard': <DashboardUsersScreen />, '/users/dashboard/:id': <DashboardUsersScreen /> }, { permissions: { users: 1, stats: 1 } });
    await view.router.navigate('/users/dashboard/boss');
    expect(await screen.findByText('Permissions')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enregistrer les permissions' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Réinitialiser le mot de passe' })).toBeNull();
    expect(screen.queryByText(PEOPLE.auditTitle)).toBeNull();
  });

  it('a super user gets the switches, the password form and the history of changes', async () => {
    stub((url) => {
      if (url.includes('users/find')) return json(member('leo', ['users']));
      if (url.includes('users/list')) return json({ rows: [], total: 0, page: 1, per_page: 25 });
      if (url.includes('audit/list'))
        return json({ rows: [{ _id: 'a1', time: 1_760_000_000, actor: { _id: 'u1', username: 'lea' }, target: { _id: 'leo', username: 'leo', kind: 'staff' }, changes: ['permissions'], detail: { permissions: { from: flags([]), to: flags(['users']) } } }], total: 1, page: 1, per_page: 10 });
      return undefined;
    });
    const view = renderApp({ '/users/dashboard': <DashboardUsersScreen />, '/users/dashboard/:id': <DashboardUsersScreen /> }, { permissions: { super: 1, users: 1 } });
    await view.router.navigate('/users/dashboard/leo');
    expect(await screen.findByRole('button', { name: 'Enregistrer les permissions' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Réinitialiser le mot de passe' })).toBeInTheDocument();
    const history = await screen.findByRole('region', { name: PEOPLE.auditTitle });
    expect(await within(history).findByText('donné : users')).toBeInTheDocument();
  });
});
