import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageDoc, ConversationDoc } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import ChatScreen from './ChatScreen';

/** The inbox reception lives in (issue 33): views, assignment, internal notes, saved replies, translations, what was sent. */
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const conv = (id: string, assignee: ConversationDoc['assignee'] = null): ConversationDoc => ({
  _id: id,
  type: 'intervention',
  subject: 'gas',
  title: 'Bouteille de gaz',
  status: 'open',
  created_time: 1_780_000_000,
  last_time: 1_780_000_000,
  last_message: 'Guten Tag, unsere Gasflasche ist leer.',
  last_author: 'guest',
  unread: false,
  assignee,
  guest: { _id: 'g1', firstname: 'Lena', lastname: 'Weber', client_number: '24001', stay_number: 'S1', location: 'C12', lang: 'de' },
});
const base = { seq: 1, conversation: 'c1', photo: null, event: null, created_time: 1_780_000_000, internal: false, translation: null, translation_error: null, notices: null };
const guestMessage: ChatMessageDoc = {
  ...base,
  _id: 'm1',
  author: 'guest',
  name: 'Lena',
  message: 'Guten Tag, unsere Gasflasche ist leer.',
  translation: { lang: 'fr', text: 'Bonjour, notre bouteille de gaz est vide.', from: 'de' },
};
const staffAnswer: ChatMessageDoc = {
  ...base,
  _id: 'm2',
  seq: 2,
  author: 'staff',
  name: 'Paul',
  message: 'Nous arrivons.',
  translation: { lang: 'de', text: 'Wir kommen.', from: 'fr' },
  notices: { push: 1_780_000_060, push_until: null, mail: null, read: null },
};
const failed: ChatMessageDoc = { ...base, _id: 'm3', seq: 3, author: 'staff', name: 'Paul', message: 'Merci.', translation_error: 'le quota du service de traduction est atteint', notices: { push: null, push_until: null, mail: null, read: 1_780_000_200 } };
const note: ChatMessageDoc = { ...base, _id: 'm4', seq: 4, author: 'staff', name: 'Léa', message: 'Client habitué.', internal: true };
const line: ChatMessageDoc = { ...base, _id: 'm5', seq: 5, author: 'system', name: 'Léa Martin', message: 'Paul Durand', event: 'assigned', internal: true };

/** The staff calls of the inbox; `assign` answers the assignment (409: taken meanwhile). */
function server(opts: { assign?: 'ok' | 409 } = {}) {
  const sent: { url: string; body?: Record<string, unknown> }[] = [];
  let current: ConversationDoc['assignee'] = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ url, body });
      if (url.startsWith('/api/webapp/conversations/list')) {
        const mine = url.includes('assignee=me');
        return json({ rows: mine ? [] : [conv('c1', current)], total: mine ? 0 : 1, page: 1, per_page: 50, unread: 0, counts: { mine: 0, unassigned: 1, all: 3 } });
      }
      if (url.startsWith('/api/webapp/conversations/unread')) return json({ count: 0 });
      if (url.startsWith('/api/webapp/conversations/team')) return json({ members: [{ _id: 'u1', name: 'Léa Martin' }, { _id: 'u2', name: 'Paul Durand' }], translation: 'simulator' });
      if (url.startsWith('/api/webapp/messages/find-by-conversation')) return json({ conversation: conv('c1', current), messages: [guestMessage, staffAnswer, failed, note, line] });
      if (url.startsWith('/api/webapp/conversations/assign')) {
        if (opts.assign === 409) return json({ message: "Cette conversation vient d'être attribuée à Paul Durand : choisissez à nouveau." }, 409);
        current = body.member ? { _id: body.member, name: body.member === 'u1' ? 'Léa Martin' : 'Paul Durand' } : null;
        return json(conv('c1', current));
      }
      if (url.startsWith('/api/webapp/chat-replies/list')) {
        return json([
          { _id: 'r1', name: 'Bouteille de gaz', translations: [], text: 'Wir kommen in zehn Minuten mit einer vollen Flasche.', lang: 'de' },
          { _id: 'r2', name: 'Piscine', translations: [], text: 'The pool opens at 10.', lang: 'en' },
        ]);
      }
      if (url.startsWith('/api/webapp/messages/note')) return json({ ...note, _id: 'm6', message: body.message });
      if (url.startsWith('/api/webapp/messages/insert')) return json({ ...staffAnswer, _id: 'm7', message: body.message });
      return json({});
    }),
  );
  return sent;
}
afterEach(() => vi.unstubAllGlobals());

async function open(opts: { assign?: 'ok' | 409 } = {}) {
  const sent = server(opts);
  const user = userEvent.setup();
  const { router } = renderApp({ '/messages/chat': <ChatScreen /> }, { permissions: { emails: 1 } });
  await router.navigate('/messages/chat?c=c1');
  const region = await screen.findByRole('region', { name: 'Conversation Bouteille de gaz' });
  return { sent, user, region, router };
}

describe('the views', () => {
  it("'Mes conversations / Non attribuées / Toutes' with their counts, kept in the address and sent to the server", async () => {
    const sent = server();
    const user = userEvent.setup();
    const { router } = renderApp({ '/messages/chat': <ChatScreen /> }, { permissions: { emails: 1 } });
    const views = await screen.findByRole('radiogroup', { name: 'Conversations à afficher' });
    await waitFor(() => expect(within(views).getByText('Toutes (3)')).toBeInTheDocument());
    expect(within(views).getByText('Non attribuées (1)')).toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: /Lena Weber/ })).getByText('Non attribuée')).toBeInTheDocument();
    await user.click(within(views).getByText('Mes conversations (0)'));
    await waitFor(() => expect(router.state.location.search).toBe('?vue=mine'));
    await waitFor(() => expect(sent.some((s) => s.url.includes('assignee=me'))).toBe(true));
    expect(await screen.findByText('Pas de message pour le moment.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('radiogroup', { name: 'Filtrer les conversations' })).getByText('En cours'));
    await waitFor(() => expect(router.state.location.search).toBe('?vue=mine&filtre=open'));
    await waitFor(() => expect(sent.some((s) => s.url.includes('assignee=me') && s.url.includes('status=open'))).toBe(true));
    await user.click(within(views).getByText('Non attribuées (1)'));
    await waitFor(() => expect(sent.some((s) => s.url.includes('assignee=none'))).toBe(true));
  });
});

describe('a conversation', () => {
  it("reads the guest's words with their French translation, staff's with what the guest read, why one failed, what was sent, notes and assignment lines", async () => {
    const { region } = await open();
    expect(within(region).getByText('Guten Tag, unsere Gasflasche ist leer.')).toBeInTheDocument();
    expect(within(region).getByText("Traduction automatique de l'allemand")).toBeInTheDocument();
    expect(within(region).getByText('Bonjour, notre bouteille de gaz est vide.')).toBeInTheDocument();
    expect(within(region).getByText('Envoyé traduit en allemand (traduction automatique)')).toBeInTheDocument();
    expect(within(region).getByText('Wir kommen.')).toBeInTheDocument();
    expect(within(region).getByText('Pas de traduction : le quota du service de traduction est atteint')).toBeInTheDocument();
    expect(within(region).getByText(/^Notification envoyée à .+ · Pas encore lu$/)).toBeInTheDocument();
    expect(within(region).getByText(/^Lu à /)).toBeInTheDocument();
    const noteBubble = within(region).getByText('Client habitué.').parentElement!;
    expect(within(noteBubble).getByText('Note interne')).toBeInTheDocument();
    expect(within(region).getByText(/^Attribuée à Paul Durand par Léa Martin · /)).toBeInTheDocument();
    // a long conversation scrolls: from the keyboard too (axe's scrollable-region-focusable in the journey)
    expect(within(region).getByRole('log', { name: 'Messages de la conversation' })).toHaveAttribute('tabindex', '0');
  });

  it("'M'attribuer' sends who had it as seen; a member who took it meanwhile is named", async () => {
    const { sent, user, region } = await open();
    await user.click(within(region).getByRole('button', { name: "M'attribuer" }));
    await waitFor(() => expect(sent.find((s) => s.url.includes('conversations/assign'))?.body).toEqual({ conversation: 'c1', member: 'u1', from: null }));
    expect(await screen.findByText('Conversation attribuée à Léa Martin')).toBeInTheDocument();

    cleanup();
    vi.unstubAllGlobals();
    const late = await open({ assign: 409 });
    await late.user.click(within(late.region).getByRole('button', { name: "M'attribuer" }));
    expect(await screen.findByText("Cette conversation vient d'être attribuée à Paul Durand : choisissez à nouveau.")).toBeInTheDocument();
  });

  it('an internal note goes by its own call, never as an answer', async () => {
    const { sent, user, region } = await open();
    await user.click(within(region).getByRole('radio', { name: 'Note interne' }));
    const box = within(region).getByRole('textbox', { name: 'Note interne' });
    expect(within(region).getByText('Le client ne voit jamais les notes internes.')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Réponse enregistrée' })).toBeNull();
    await user.type(box, 'Livrer avant 18 h');
    await user.click(within(region).getByRole('button', { name: 'Ajouter la note' }));
    await waitFor(() => expect(sent.find((s) => s.url.includes('messages/note'))?.body).toMatchObject({ conversation: 'c1', message: 'Livrer avant 18 h' }));
    expect(sent.some((s) => s.url.includes('messages/insert'))).toBe(false);
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it("a saved reply is inserted in the guest's language, editable, and sent translated only if still asked", async () => {
    const { sent, user, region } = await open();
    const translate = await within(region).findByRole('checkbox', { name: 'Envoyer traduit en allemand' });
    expect(translate).toBeChecked();
    await user.click(within(region).getByRole('button', { name: 'Réponse enregistrée' }));
    // Mantine's transitions leave the dropdown display:none in jsdom (as the menus of ModelsScreen.test)
    const picker = await screen.findByRole('dialog', { name: 'Réponse enregistrée', hidden: true });
    await user.type(within(picker).getByLabelText('Rechercher une réponse'), 'gaz');
    expect(within(picker).queryByText('Piscine')).toBeNull();
    await user.click(within(picker).getByText('Bouteille de gaz'));
    const box = within(region).getByLabelText('Votre réponse');
    expect(box).toHaveValue('Wir kommen in zehn Minuten mit einer vollen Flasche.');
    expect(within(region).getByText(/Réponse insérée en allemand : relisez-la avant d'envoyer\./)).toBeInTheDocument();
    // the box has the focus, and keeps it once the picker has closed: what is typed next goes on the reply
    // (the picker gave the focus back to its button after the box took it)
    await waitFor(() => expect(picker).not.toBeVisible());
    expect(box).toHaveFocus();
    await user.keyboard(' Bis gleich!');
    expect(box).toHaveFocus();
    await user.click(translate);
    await user.click(within(region).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(sent.find((s) => s.url.includes('messages/insert'))?.body).toMatchObject({ conversation: 'c1', message: 'Wir kommen in zehn Minuten mit einer vollen Flasche. Bis gleich!' }));
    expect(sent.find((s) => s.url.includes('messages/insert'))?.body?.translate).toBeUndefined();

    // a reply without the guest's language: said so
    await user.click(within(region).getByRole('button', { name: 'Réponse enregistrée' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Réponse enregistrée', hidden: true })).getByText('Piscine'));
    expect(within(region).getByText(/Pas de version en allemand : réponse insérée en anglais\./)).toBeInTheDocument();
  });
});
