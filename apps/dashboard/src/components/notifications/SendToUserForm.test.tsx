import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-harness';
import { FlashBanner, useFlash } from '../flash';
import { SendToUserForm } from './SendToUserForm';

if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function Detail({ user }: { user: string }) {
  const flash = useFlash();
  return (
    <>
      <FlashBanner flash={flash} />
      <p>Détails</p>
      <SendToUserForm user={user} flash={flash} />
    </>
  );
}

function server(canNotify: Record<string, boolean>) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as { user: string }) : null;
      if (url.includes('find-by-user')) return json(canNotify[body!.user] ?? false);
      if (url.includes('send-user')) return sent.push(body), json({ _id: 's1' });
      return json(false);
    }),
  );
  return sent;
}

describe("the guest detail's notification form", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows only for a guest whose lookup says yes', async () => {
    server({ u1: true });
    renderApp({ '/': <Detail user="u2" /> });
    await screen.findByText('Détails');
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('heading', { name: "Envoyer une notification à l'utilisateur" })).toBeNull();
  });

  it("needs a message ('Veuillez insérer un message'), sends to that guest and says it went to them", async () => {
    const sent = server({ u1: true });
    const user = userEvent.setup();
    renderApp({ '/': <Detail user="u1" /> });
    expect(await screen.findByRole('heading', { name: "Envoyer une notification à l'utilisateur" })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Envoyer une notification' }));
    expect(await screen.findByText('Veuillez insérer un message')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Titre' }), 'Colis');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Votre colis est à l’accueil');
    await user.click(screen.getByRole('button', { name: 'Envoyer une notification' }));
    expect(await screen.findByText("La notification a été envoyée à l'utilisateur.")).toBeInTheDocument();
    expect(sent).toEqual([{ title: 'Colis', msg: 'Votre colis est à l’accueil', user: 'u1' }]);
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('');
  });
});
