import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LANGS } from '@campsite/shared/i18n/languages';
import { conversationPath, messagesPath, type ChatMessageDoc, type ConversationDoc } from '@campsite/shared/contract/chat';
import { parseRoute, pathOf } from '../../lib/paths';
import { renderIn } from '../../testing/context';
import ChatScreen from './ChatScreen';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const conv: ConversationDoc = {
  _id: 'c1',
  type: 'intervention',
  subject: 'gas',
  title: 'Bouteille de gaz',
  status: 'open',
  created_time: 1_780_000_000,
  last_time: 1_780_000_100,
  last_message: '',
  last_author: 'staff',
  unread: true,
  assignee: null,
  guest: null,
};
const message = (id: string, author: 'guest' | 'staff', text: string, photo: string | null = null): ChatMessageDoc => ({
  _id: id,
  seq: Number(id.slice(1)),
  conversation: 'c1',
  author,
  name: author === 'guest' ? 'Lena' : 'Léa',
  message: text,
  photo,
  event: null,
  created_time: 1_780_000_000,
  internal: false,
  translation: null,
  translation_error: null,
  notices: null,
});

/** The guest's calls: `thread` answers the conversation (or false: not theirs), 401 when signed out. */
function server(thread: unknown, status = 200) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (status !== 200) return json({ message: 'Vous devez être connecté.' }, status);
      if (url.startsWith('/api/webapp/chat/conversations')) return json([conv]);
      if (url.startsWith('/api/webapp/chat/thread')) return json(thread);
      return json({});
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a conversation's address (what a staff answer's push opens)", () => {
  it("is the messages' address and the conversation's id in every language, and the app's router reads it back", () => {
    for (const lang of LANGS) {
      const path = conversationPath(lang, 'c1');
      expect(parseRoute(path, lang), lang).toEqual({ screen: 'messages', conversation: 'c1' });
      expect(pathOf(lang, { screen: 'messages', conversation: 'c1' })).toBe(path);
      expect(pathOf(lang, { screen: 'messages' })).toBe(messagesPath(lang));
      // a push in one language opened on a phone set to another still finds it
      expect(parseRoute(path, lang === 'fr' ? 'de' : 'fr')).toEqual({ screen: 'messages', conversation: 'c1' });
    }
    expect(conversationPath('de', 'c1')).toBe('/konto/messages/c1');
    expect(parseRoute('/membres/messages/c1/x', 'fr')).toEqual({ screen: 'home' });
  });

  it("opens the thread at once, in the guest's language, with staff's photo read through the guest's own picture call", async () => {
    const calls = server({ conversation: conv, messages: [message('m1', 'guest', 'Notre bouteille est vide'), message('m2', 'staff', '', 'f1'), message('m3', 'staff', 'Voici la nouvelle.')] });
    renderIn('de', <ChatScreen conversation="c1" />, { path: '/konto/messages/c1' });
    const thread = await screen.findByRole('region', { name: 'Gasflasche' });
    expect(within(thread).getByRole('heading', { name: 'Gasflasche' })).toBeTruthy();
    expect(within(thread).getByText('Notre bouteille est vide')).toBeTruthy();
    expect(within(thread).getByText('Voici la nouvelle.')).toBeTruthy();
    const photo = within(thread).getByRole('img', { name: 'Foto angehängt' });
    expect(photo.getAttribute('src')).toBe('/api/webapp/chat/picture?id=f1&width=720');
    expect(within(thread).getByRole('link', { name: /Meine Nachrichten/ }).getAttribute('href')).toBe('/konto/messages');
    // the list is not shown; the thread was asked for by its id (which marks it read)
    expect(screen.queryByRole('button', { name: 'Neue Nachricht' })).toBeNull();
    await waitFor(() => expect(calls).toContain('POST /api/webapp/chat/thread'));
  });

  it("shows nothing of a conversation that is not the guest's (the server answers false)", async () => {
    server(false);
    renderIn('fr', <ChatScreen conversation="c-autre" />, { path: '/membres/messages/c-autre' });
    expect(await screen.findByText('Cette conversation est introuvable.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByLabelText('Votre message')).toBeNull();
  });

  it('takes a signed-out guest to the sign-in, which brings them back to the conversation', async () => {
    server(null, 401);
    const { navigated } = renderIn('fr', <ChatScreen conversation="c1" />, { path: '/membres/messages/c1' });
    await waitFor(() => expect(navigated).toEqual(['/membres?next=%2Fmembres%2Fmessages%2Fc1']));
    expect(screen.getByRole('link', { name: 'Mon compte' }).getAttribute('href')).toBe('/membres?next=%2Fmembres%2Fmessages%2Fc1');
  });

  it('lists the conversations as links to their addresses', async () => {
    server(false);
    renderIn('en', <ChatScreen />, { path: '/account/messages' });
    const list = await screen.findByRole('list', { name: 'My messages' });
    await waitFor(() => expect(within(list).getByRole('link', { name: /Gas bottle/ }).getAttribute('href')).toBe('/account/messages/c1'));
  });

  it("shows a staff answer sent machine-translated in the guest's language, marked so, with the original one tap away (issue 33)", async () => {
    const translated = { ...message('m2', 'staff', 'Nous arrivons dans dix minutes.'), translation: { lang: 'de', text: 'Wir kommen in zehn Minuten.', from: 'fr' } };
    server({ conversation: conv, messages: [message('m1', 'guest', 'Gas?'), translated] });
    renderIn('de', <ChatScreen conversation="c1" />, { path: '/konto/messages/c1' });
    const thread = await screen.findByRole('region', { name: 'Gasflasche' });
    expect(within(thread).getByText('Wir kommen in zehn Minuten.')).toBeTruthy();
    expect(within(thread).queryByText('Nous arrivons dans dix minutes.')).toBeNull();
    expect(within(thread).getByText(/Maschinelle Übersetzung/)).toBeTruthy();
    fireEvent.click(within(thread).getByRole('button', { name: 'Original anzeigen' }));
    expect(within(thread).getByText('Nous arrivons dans dix minutes.')).toBeTruthy();
    fireEvent.click(within(thread).getByRole('button', { name: 'Übersetzung anzeigen' }));
    expect(within(thread).getByText('Wir kommen in zehn Minuten.')).toBeTruthy();
    // the guest's own message is never marked
    expect(within(thread).getAllByText(/Maschinelle Übersetzung/)).toHaveLength(1);
  });
});
