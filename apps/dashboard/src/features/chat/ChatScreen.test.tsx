import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageDoc, ConversationDoc } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import ChatScreen from './ChatScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const conv = (id: string, subject: ConversationDoc['subject'], unread: boolean, lang: string | null = 'de'): ConversationDoc => ({
  _id: id,
  type: subject === 'other' ? 'message' : 'intervention',
  subject,
  title: { intervention: "Demande d'intervention", gas: 'Bouteille de gaz', other: 'Autre' }[subject],
  status: 'open',
  created_time: 1_780_000_000,
  last_time: 1_780_000_000,
  last_message: 'Notre bouteille est vide',
  last_author: 'guest',
  unread,
  assignee: null,
  guest: { _id: 'g1', firstname: 'Lena', lastname: 'Weber', client_number: '24001', stay_number: 'S1', location: 'C12', lang },
});
const message = (id: string, author: 'guest' | 'staff', text: string): ChatMessageDoc => ({ _id: id, seq: 1, conversation: 'c1', author, name: author === 'guest' ? 'Lena' : 'Léa', message: text, photo: null, event: null, created_time: 1_780_000_000, internal: false, translation: null, translation_error: null, notices: null });

/** The staff calls; `photo` answers the photo upload (a status refuses it with the server's sentence). */
function server(photo: 'ok' | 400 | 500 = 'ok') {
  const sent: { url: string; body?: unknown }[] = [];
  const messages = [message('m1', 'guest', 'Notre bouteille est vide')];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const form = init?.body instanceof FormData ? init.body : null;
    const body = form ? Object.fromEntries(form.entries()) : init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ url, body });
    if (url.startsWith('/api/webapp/messages/photo')) {
      if (photo !== 'ok') return new Response(JSON.stringify(photo === 400 ? { message: 'La photo doit être au format JPEG ou PNG', fields: { file: 'La photo doit être au format JPEG ou PNG' } } : { message: 'Erreur' }), { status: photo, headers: { 'content-type': 'application/json' } });
      const m = { ...message('m3', 'staff', ''), photo: 'f1' };
      messages.push(m);
      return json(m);
    }
    if (url.startsWith('/api/webapp/conversations/list')) return json({ rows: [conv('c1', 'gas', true), conv('c2', 'other', false, 'en')], total: 2, page: 1, per_page: 50, unread: 1 });
    if (url.startsWith('/api/webapp/conversations/unread')) return json({ count: 1 });
    if (url.startsWith('/api/webapp/conversations/close')) return json({ ...conv(body.conversation, 'gas', false), status: body.closed ? 'closed' : 'open' });
    if (url.startsWith('/api/webapp/messages/find-by-conversation')) {
      return json(body.conversation === 'c2' ? { conversation: conv('c2', 'other', false, 'en'), messages: [message('m9', 'guest', 'Where is the bakery?')] } : { conversation: conv('c1', 'gas', false), messages });
    }
    if (url.startsWith('/api/webapp/messages/insert')) {
      const m = message('m2', 'staff', body.message);
      messages.push(m);
      return json(m);
    }
    return json({});
  }));
  return sent;
}
afterEach(() => vi.unstubAllGlobals());

const png = (name = 'borne.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' });
/** Opens the conversation c1 as staff; user-event without the input's accept filter (a file dropped in the picker's 'all files'). */
async function openConversation(photo: 'ok' | 400 | 500 = 'ok') {
  // jsdom has no object URLs (the preview's)
  Object.assign(URL, { createObjectURL: () => 'blob:apercu', revokeObjectURL: () => {} });
  const sent = server(photo);
  const user = userEvent.setup({ applyAccept: false });
  const { router } = renderApp({ '/messages/chat': <ChatScreen /> }, { permissions: { emails: 1 } });
  await router.navigate('/messages/chat?c=c1');
  const region = await screen.findByRole('region', { name: 'Conversation Bouteille de gaz' });
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  return { sent, user, region, input };
}

describe('Messagerie', () => {
  it('shows the inbox with its badges, opens a conversation and sends the answer; an empty answer is refused without a call', async () => {
    const sent = server();
    renderApp({ '/messages/chat': <ChatScreen /> }, { permissions: { emails: 1 } });
    expect(await screen.findByRole('heading', { name: 'Messages clients' })).toBeInTheDocument();
    const first = await screen.findByRole('button', { name: /Lena Weber.*Bouteille de gaz/ });
    expect(within(first).getByText("Demande d'intervention")).toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: /Autre/ })).getByText('Conversation')).toBeInTheDocument();
    expect(screen.getByText('1 non lu')).toBeInTheDocument();
    await userEvent.click(first);
    const region = await screen.findByRole('region', { name: 'Conversation Bouteille de gaz' });
    expect(within(region).getByText('Notre bouteille est vide')).toBeInTheDocument();

    await userEvent.click(within(region).getByRole('button', { name: 'Envoyer' }));
    expect(await within(region).findByText('Veuillez insérer un message')).toBeInTheDocument();
    expect(sent.some((s) => s.url.includes('messages/insert'))).toBe(false);

    await userEvent.type(within(region).getByLabelText('Votre réponse'), 'On arrive');
    await userEvent.click(within(region).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(sent.find((s) => s.url.includes('messages/insert'))?.body).toMatchObject({ conversation: 'c1', message: 'On arrive' }));
    expect(await within(region).findByText('On arrive')).toBeInTheDocument();
    await waitFor(() => expect(within(region).getByLabelText('Votre réponse')).toHaveValue(''));
  });
});

describe('the inbox, conversation after conversation', () => {
  it("a conversation's 'fermée' sentence goes when another one is opened", async () => {
    server();
    const user = userEvent.setup();
    renderApp({ '/messages/chat': <ChatScreen /> }, { permissions: { emails: 1 } });
    await user.click(await screen.findByRole('button', { name: /Lena Weber.*Bouteille de gaz/ }));
    const region = await screen.findByRole('region', { name: 'Conversation Bouteille de gaz' });
    await user.click(within(region).getByRole('button', { name: 'Fermer la conversation' }));
    expect(await screen.findByText('La conversation a été fermée')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Lena Weber.*Autre/ }));
    expect(await screen.findByRole('region', { name: 'Conversation Autre' })).toBeInTheDocument();
    expect(screen.queryByText('La conversation a été fermée')).toBeNull();
  });

  it("shows the guest's language beside each conversation, and in the conversation's head", async () => {
    server();
    renderApp({ '/messages/chat': <ChatScreen /> }, { permissions: { emails: 1 } });
    expect(within(await screen.findByRole('button', { name: /Bouteille de gaz/ })).getByText('Allemand')).toBeInTheDocument();
    const other = screen.getByRole('button', { name: /Autre/ });
    expect(within(other).getByText('Anglais')).toBeInTheDocument();
    await userEvent.click(other);
    const region = await screen.findByRole('region', { name: 'Conversation Autre' });
    expect(within(region).getByText(/· Langue : Anglais/)).toBeInTheDocument();
  });
});

describe("the conversation's guest (issue 33)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("links the guest's name to the stay's page and the client number to the card, only for a member who may see people", async () => {
    server();
    const { router, unmount } = renderApp({ '/messages/chat': <ChatScreen /> }, { permissions: { emails: 1, users: 1 } });
    await router.navigate('/messages/chat?c=c1');
    const region = await screen.findByRole('region', { name: 'Conversation Bouteille de gaz' });
    expect(within(region).getByRole('link', { name: 'Lena Weber' })).toHaveAttribute('href', '/users/sejours/S1');
    expect(within(region).getByRole('link', { name: 'Client n° 24001' })).toHaveAttribute('href', '/users/clients/24001');
    unmount();
    const other = renderApp({ '/messages/chat': <ChatScreen /> }, { permissions: { emails: 1 } });
    await other.router.navigate('/messages/chat?c=c1');
    const plain = await screen.findByRole('region', { name: 'Conversation Bouteille de gaz' });
    expect(within(plain).getByText(/Lena Weber/)).toBeInTheDocument();
    expect(within(plain).queryByRole('link')).toBeNull();
  });
});

describe('a photo joined to an answer', () => {
  it('refuses a file that is not a JPEG or PNG photo with a sentence, and sends nothing', async () => {
    const { sent, user, region, input } = await openConversation();
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png');
    await user.upload(input, new File(['%PDF-1.7'], 'reglement.pdf', { type: 'application/pdf' }));
    expect(within(region).getByRole('alert').textContent).toBe('« reglement.pdf » ne peut pas être joint : choisissez une photo au format JPEG ou PNG.');
    expect(within(region).queryByRole('img', { name: /Photo à envoyer/ })).toBeNull();
    await user.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'enorme.png', { type: 'image/png' }));
    expect(within(region).getByRole('alert').textContent).toBe('Le fichier est trop volumineux (5 Mo maximum).');
    expect(sent.some((s) => s.url.includes('messages/photo'))).toBe(false);
  });

  it('shows the photo before it goes, can take it back (focus back on the button), and sends it, then the text', async () => {
    const { sent, user, region, input } = await openConversation();
    await user.upload(input, png());
    expect(within(region).getByRole('img', { name: 'Photo à envoyer : borne.png' }).getAttribute('src')).toBe('blob:apercu');
    await user.click(within(region).getByRole('button', { name: 'Retirer la photo' }));
    expect(within(region).queryByRole('img', { name: /Photo à envoyer/ })).toBeNull();
    expect(document.activeElement).toBe(within(region).getByRole('button', { name: 'Joindre une photo' }));

    await user.upload(input, png());
    // the photo alone may go, without a text
    await user.click(within(region).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(sent.find((s) => s.url.includes('messages/photo'))?.body).toMatchObject({ conversation: 'c1' }));
    expect(sent.some((s) => s.url.includes('messages/insert'))).toBe(false);
    await waitFor(() => expect(within(region).queryByRole('img', { name: /Photo à envoyer/ })).toBeNull());
    expect(await within(region).findByRole('img', { name: 'Photo jointe' })).toHaveAttribute('src', '/api/webapp/conversations/picture?id=f1&width=720');

    await user.upload(input, png('deux.png'));
    await user.type(within(region).getByLabelText('Votre réponse'), 'Voici la borne');
    await user.click(within(region).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(sent.filter((s) => s.url.includes('messages/photo'))).toHaveLength(2));
    await waitFor(() => expect(sent.find((s) => s.url.includes('messages/insert'))?.body).toMatchObject({ conversation: 'c1', message: 'Voici la borne' }));
    const order = sent.map((s) => s.url).filter((u) => /messages\/(photo|insert)/.test(u));
    expect(order.slice(-2).map((u) => u.split('?')[0])).toEqual(['/api/webapp/messages/photo', '/api/webapp/messages/insert']);
    await waitFor(() => expect(within(region).getByLabelText('Votre réponse')).toHaveValue(''));
  });

  it.each([400, 500] as const)('keeps the typed text and the photo when the upload fails (%i), and sends no text', async (status) => {
    const { sent, user, region, input } = await openConversation(status);
    await user.type(within(region).getByLabelText('Votre réponse'), 'Regardez la photo');
    await user.upload(input, png());
    await user.click(within(region).getByRole('button', { name: 'Envoyer' }));
    // the server's sentence for a refused file, else the action's
    const alert = await within(region).findByRole('alert');
    expect(alert.textContent).toMatch(status === 400 ? /^La photo doit être au format JPEG ou PNG$/ : /^Impossible d'envoyer la photo\. /);
    expect(within(region).getByLabelText('Votre réponse')).toHaveValue('Regardez la photo');
    expect(within(region).getByRole('img', { name: 'Photo à envoyer : borne.png' })).toBeInTheDocument();
    expect(sent.some((s) => s.url.includes('messages/insert'))).toBe(false);
    // a second try sends the same photo with the same key (kept once if the first one arrived after all)
    await user.click(within(region).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(sent.filter((s) => s.url.includes('messages/photo'))).toHaveLength(2));
    const [a, b] = sent.filter((s) => s.url.includes('messages/photo')).map((s) => (s.body as { key: string }).key);
    expect(a).toBe(b);
  });
});
