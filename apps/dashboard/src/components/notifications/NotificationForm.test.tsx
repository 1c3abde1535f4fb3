import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-harness';
import { useFlash, FlashBanner } from '../flash';
import { NotificationForm } from './NotificationForm';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const SENT = { _id: 's1', kind: 'now', status: 'sending', timestamp: 0, redirect: '{"type":"home"}', translations: [], target: { kind: 'all' }, template: null, user: null, targeted: 3, delivered: 0, failed: 0, opened: 0, waiting_until: null, sent_time: null, cancelled_time: null, created_time: 0 };

const GUESTS = [
  { _id: 'g1', firstname: 'Anna', lastname: 'Weber', email: 'anna@example.de', client_number: '5120', devices: 2 },
  { _id: 'g2', firstname: 'Karl', lastname: 'Webster', email: 'karl@example.de', client_number: null, devices: 0 },
  { _id: 'g3', firstname: 'Léa', lastname: 'Dubois', email: 'lea@example.fr', client_number: null, devices: 1 },
];

function Home({ schedule = false }: { schedule?: boolean }) {
  const flash = useFlash();
  return (
    <>
      <FlashBanner flash={flash} />
      <NotificationForm title="Envoyer une notification" flash={flash} schedule={schedule} target={schedule ? undefined : { kind: 'all' }} />
    </>
  );
}

function server(quiet: boolean) {
  const posted: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (init?.method === 'POST') posted.push({ path: url, body });
      if (url.includes('notifications/guests')) return json(GUESTS.filter((g) => g.lastname.toLowerCase().startsWith(new URL(url, 'http://x').searchParams.get('q') ?? '')));
      if (url.includes('notifications/audience')) return json({ devices: 3, users: 2, quiet_hours: quiet ? { start: '22:00', end: '08:00' } : null });
      if (url.includes('notifications/send') || url.includes('cron_notification/insert')) return json(SENT);
      if (url.includes('categories/list') || url.includes('pages/list') || url.includes('cron_notification/list')) return json([]);
      return json(false);
    }),
  );
  return posted;
}

describe('the notification send form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says how many devices it reaches, lists the languages without a title, asks inside the quiet hours, sends with force and starts again empty', async () => {
    const posted = server(true);
    const user = userEvent.setup();
    renderApp({ '/': <Home /> });
    expect(await screen.findByText((_, el) => el?.getAttribute('data-testid') === 'audience' && /atteindra 3 appareils \(2 utilisateurs connectés\)/.test(el.textContent ?? ''))).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Titre (FR)' }), 'Piscine fermée');
    await user.type(screen.getByRole('textbox', { name: 'Contenu (FR)' }), 'Réouverture demain à 9 h');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    // inside the quiet hours it asks first, then 002 §4 lists the languages without a title
    const quiet = await screen.findByRole('dialog', { name: 'Heures calmes' });
    expect(quiet).toHaveTextContent('de 22:00 à 08:00');
    expect(quiet).toHaveTextContent('Envoyer quand même ?');
    await user.click(within(quiet).getByRole('button', { name: 'Envoyer' }));
    const missing = await screen.findByRole('dialog', { name: 'Traductions manquantes' });
    // what those devices get instead (issue 32): without an English text, the default language
    expect(missing).toHaveTextContent("La notification n'est pas traduite dans les langues suivantes : EN, DE. Les appareils dans ces langues la recevront en français (FR), la langue par défaut.");
    expect(posted.filter((p) => p.path.includes('notifications/send'))).toHaveLength(0);
    await user.click(within(missing).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText("La notification vient d'être envoyée !")).toBeInTheDocument();
    const sends = posted.filter((p) => p.path.includes('notifications/send'));
    expect(sends).toHaveLength(1);
    expect(sends[0].body).toMatchObject({ force: true, target: { kind: 'all' }, redirect: '{"type":"home"}', translations: [{ lang: 'fr', title: 'Piscine fermée', content: 'Réouverture demain à 9 h' }] });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Titre (FR)' })).toHaveValue(''));
  });

  it('says the devices of a language without a title get the English text when it is written (issue 32)', async () => {
    const posted = server(false);
    const user = userEvent.setup();
    renderApp({ '/': <Home /> });
    await user.type(await screen.findByRole('textbox', { name: 'Titre (FR)' }), 'Marché ce soir');
    await user.type(screen.getByRole('textbox', { name: 'Contenu (FR)' }), 'Sur la place');
    await user.click(screen.getByText('EN'));
    await user.type(await screen.findByRole('textbox', { name: 'Titre (EN)' }), 'Market tonight');
    await user.type(screen.getByRole('textbox', { name: 'Contenu (EN)' }), 'On the square');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    const missing = await screen.findByRole('dialog', { name: 'Traductions manquantes' });
    expect(missing).toHaveTextContent("La notification n'est pas traduite dans la langue suivante : DE. Les appareils dans cette langue la recevront en anglais (EN).");
    expect(missing).not.toHaveTextContent('ne sera pas envoyée');
    await user.click(within(missing).getByRole('button', { name: 'Non' }));
    expect(posted.filter((p) => p.path.includes('notifications/send'))).toHaveLength(0);
  });

  it('refuses a send time in the past with the spec sentence and requires the default language', async () => {
    const posted = server(false);
    const user = userEvent.setup();
    renderApp({ '/': <Home schedule /> });
    await user.click(await screen.findByRole('radio', { name: 'À une date choisie' }));
    const at = screen.getByLabelText(/Date et heure d'envoi/);
    await user.clear(at);
    await user.type(at, '2020-01-01T10:00');
    await user.click(screen.getByRole('button', { name: "Programmer l'envoi" }));
    expect(await screen.findByText("La date d'envoi doit être dans le futur")).toBeInTheDocument();
    expect(screen.getByText('Vous devez indiquer le titre (version FR)')).toBeInTheDocument();
    expect(screen.getByText('Il y a une ou plusieurs erreur(s) dans le formulaire')).toBeInTheDocument();
    expect(posted.filter((p) => !p.path.includes('audience'))).toHaveLength(0);
  });

  it("'Un client': a guest account found by name, then the send names it; nobody picked is refused (issue 32)", async () => {
    const posted = server(false);
    const user = userEvent.setup();
    renderApp({ '/': <Home schedule /> });
    await user.click(await screen.findByRole('combobox', { name: 'Destinataires' }));
    await user.click(await screen.findByRole('option', { name: 'Un client', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: 'Titre (FR)' }), 'Votre colis');
    await user.type(screen.getByRole('textbox', { name: 'Contenu (FR)' }), 'Il vous attend à l’accueil');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Veuillez choisir au moins un client')).toBeInTheDocument();
    expect(posted.filter((p) => p.path.includes('notifications/send'))).toHaveLength(0);
    await user.type(screen.getByRole('combobox', { name: /^Client/ }), 'web');
    // an account without a device says so
    expect(await screen.findByRole('option', { name: /^Karl Webster · karl@example\.de · aucun appareil/, hidden: true }, { timeout: 5000 })).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Anna Weber · anna@example.de · client 5120 · 2 appareils', hidden: true }, { timeout: 5000 }));
    await waitFor(() => expect(posted.some((p) => p.path.includes('audience') && JSON.stringify(p.body.target) === '{"kind":"users","users":["g1"]}')).toBe(true));
    expect(screen.queryByText('Veuillez choisir au moins un client')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Traductions manquantes' })).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText("La notification vient d'être envoyée !")).toBeInTheDocument();
    expect(posted.filter((p) => p.path.includes('notifications/send'))[0].body).toMatchObject({ target: { kind: 'users', users: ['g1'] } });
  });

  it("'Une liste de clients': the accounts added one by one go with the send (issue 32)", async () => {
    const posted = server(false);
    const user = userEvent.setup();
    renderApp({ '/': <Home schedule /> });
    await user.click(await screen.findByRole('combobox', { name: 'Destinataires' }));
    await user.click(await screen.findByRole('option', { name: 'Une liste de clients', hidden: true }));
    const field = screen.getAllByLabelText(/^Clients choisis/).find((e) => e instanceof HTMLInputElement && e.type !== 'hidden')!;
    await user.type(field, 'web');
    await user.click(await screen.findByRole('option', { name: /^Anna Weber/, hidden: true }, { timeout: 5000 }));
    await user.clear(field);
    await user.type(field, 'dub');
    await user.click(await screen.findByRole('option', { name: /^Léa Dubois/, hidden: true }, { timeout: 5000 }));
    await user.type(screen.getByRole('textbox', { name: 'Titre (FR)' }), 'Apéritif');
    await user.type(screen.getByRole('textbox', { name: 'Contenu (FR)' }), 'Ce soir à 19 h');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Traductions manquantes' })).getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText("La notification vient d'être envoyée !")).toBeInTheDocument();
    expect(posted.filter((p) => p.path.includes('notifications/send'))[0].body).toMatchObject({ target: { kind: 'users', users: ['g1', 'g3'] } });
  });
});
