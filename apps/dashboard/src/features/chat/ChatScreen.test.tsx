import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageDoc, ConversationDoc } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import ChatScreen from './ChatScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const conv = (id: string, subject: ConversationDoc['subject'], unread: boolean): ConversationDoc => ({
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
  guest: { _id: 'g1', firstname: 'Lena', lastname: 'Weber', client_number: '24001', stay_number: 'S1', location: 'C12' },
});
const message = (id: string, author: 'guest' | 'staff', text: string): ChatMessageDoc => ({ _id: id, seq: 1, conversation: 'c1', author, name: author === 'guest' ? 'Lena' : 'Léa', message: text, photo: null, event: null, created_time: 1_780_000_000 });

function server() {
  const sent: { url: string; body?: unknown }[] = [];
  const messages = [message('m1', 'guest', 'Notre bouteille est vide')];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ url, body });
    if (url.startsWith('/api/webapp/conversations/list')) return json({ rows: [conv('c1', 'gas', true), conv('c2', 'other', false)], total: 2, page: 1, per_page: 50, unread: 1 });
    if (url.startsWith('/api/webapp/conversations/unread')) return json({ count: 1 });
    if (url.startsWith('/api/webapp/messages/find-by-conversation')) return json({ conversation: conv('c1', 'gas', false), messages });
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
