import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Account } from '@campsite/shared/contract/account';
import type { GuestBenefit } from '@campsite/shared/contract/services-bookings';
import { renderIn } from '../../testing/context';
import { clearCache } from '../../lib/fetch-cache';
import { BenefitSlots } from './BenefitSlots';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const hours = 3600;
const soon = Math.floor(Date.now() / 1000 / hours) * hours + 30 * hours;
const benefit: GuestBenefit = {
  _id: 'b1', service: 's1', icon: 'i', show_price: true, price: 0, duration_hour: 1, duration_minute: 0, simultaneous: 2,
  client_number: false, identity: true, age: true, phone: false,
  questions: [{ type: 'number', mandatory: true, translations: [{ lang: 'fr', title: 'Pointure' }, { lang: 'de', title: 'Schuhgröße' }] }],
  translations: [{ lang: 'fr', subtitle: 'Kayak', description: '', comment: '', location: '' }],
};
const account: Account = {
  _id: 'g1', email: 'karl@example.de', firstname: 'Karl', lastname: 'Weber', civility: null, birthday: null, phone: '+49 170 1234567', langage: 'de', client_number: '12',
  user_type: null, participant_type: null, activate: true, created_time: 0, stay: null, client: null,
};

function server(answer: unknown) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      return json(answer);
    }
    if (url.includes('services/slots')) return json([{ start: soon, end: soon + hours, places: 1 }, { start: soon + hours, end: soon + 2 * hours, places: 0 }]);
    return json(false);
  }));
  return sent;
}

describe('booking a slot in the guest app', () => {
  afterEach(() => {
    cleanup();
    clearCache();
    vi.unstubAllGlobals();
  });

  it('shows the free slots with their places, asks only what the benefit needs, prefilled, in German', async () => {
    const sent = server({ error: 'full' });
    renderIn('de', <BenefitSlots benefit={benefit} signedIn account={account} />);
    const slot = await screen.findByRole('button', { name: /Noch 1 Platz/ });
    // a slot with no place left is not offered
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(1);
    fireEvent.click(slot);
    expect((screen.getByLabelText('Vor- und Nachname (Pflichtfeld)') as HTMLInputElement).value).toBe('Karl Weber');
    expect(screen.queryByLabelText(/Telefon/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Alter (Pflichtfeld)'), { target: { value: 'zehn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buchung bestätigen' }));
    expect(screen.getAllByText('Bitte eine ganze Zahl eingeben.')).toHaveLength(1);
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Alter (Pflichtfeld)'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('Schuhgröße (Pflichtfeld)'), { target: { value: '38' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buchung bestätigen' }));
    // the last place went meanwhile: the server's refusal in the guest's language, what was typed kept
    expect(await screen.findByText('Dieser Termin ist ausgebucht. Bitte wählen Sie einen anderen.')).toBeTruthy();
    expect(sent).toEqual([{ benefit: 'b1', start: soon, client_number: null, identity: 'Karl Weber', age: '10', phone: null, answers: ['38'] }]);
    expect((screen.getByLabelText('Schuhgröße (Pflichtfeld)') as HTMLInputElement).value).toBe('38');
  });

  it('says in the guest’s language why the server refused: outside the stay, past the day’s ceiling', async () => {
    for (const [error, lang, sentence] of [
      ['not_staying', 'nl', 'U kunt reserveren voor de dagen van uw verblijf, vanaf kort voor uw aankomst.'],
      ['limit', 'it', 'Hai raggiunto il numero massimo di posti per questo servizio in quel giorno.'],
    ] as const) {
      server({ error });
      renderIn(lang, <BenefitSlots benefit={{ ...benefit, age: false, questions: [] }} signedIn account={account} />);
      fireEvent.click(await screen.findByRole('button', { pressed: false }));
      fireEvent.click(screen.getByRole('button', { name: lang === 'nl' ? 'Reservering bevestigen' : 'Conferma la prenotazione' }));
      expect(await screen.findByText(sentence)).toBeTruthy();
      cleanup();
      clearCache();
      vi.unstubAllGlobals();
    }
  });

  it('asks a guest who is not signed in to sign in first', async () => {
    server(false);
    renderIn('fr', <BenefitSlots benefit={benefit} signedIn={false} account={null} />);
    fireEvent.click(await screen.findByRole('button', { name: /1 place restante/ }));
    await waitFor(() => expect(screen.getByText(/Connectez-vous pour réserver/)).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Mon compte' }).getAttribute('href')).toBe('/membres');
  });

  it('brings the form into view once a slot is tapped: it opens below a week of slots (issue 32)', async () => {
    const scrolled: Element[] = [];
    const own = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    }) as never;
    try {
      server(false);
      renderIn('de', <BenefitSlots benefit={benefit} signedIn account={account} />);
      fireEvent.click(await screen.findByRole('button', { name: /Noch 1 Platz/ }));
      await waitFor(() => expect(scrolled).toHaveLength(1));
      expect(scrolled[0].contains(screen.getByRole('button', { name: 'Buchung bestätigen' }))).toBe(true);
    } finally {
      Element.prototype.scrollIntoView = own;
    }
  });
});
