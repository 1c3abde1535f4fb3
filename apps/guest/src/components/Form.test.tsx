import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@campsite/shared/client/api';
import { tryAgainIn } from '../lib/form-words';
import { check, Field, Form, FormMessage, useSend, type Errors } from './Form';

afterEach(cleanup);

describe('the form kit', () => {
  it('words a wait in seconds, minutes or hours, singular or plural, in the seven languages', () => {
    expect(tryAgainIn('fr', 1)).toBe('Trop de tentatives. Réessayez dans 1 seconde.');
    expect(tryAgainIn('fr', 2)).toBe('Trop de tentatives. Réessayez dans 2 secondes.');
    expect(tryAgainIn('en', 60)).toBe('Too many attempts. Try again in 1 minute.');
    expect(tryAgainIn('de', 3550)).toBe('Zu viele Versuche. Versuchen Sie es in 60 Minuten erneut.');
    expect(tryAgainIn('nl', 85_000)).toBe('Te veel pogingen. Probeer het over 24 uur opnieuw.');
    expect(tryAgainIn('it', 3600)).toBe('Troppi tentativi. Riprova tra 1 ora.');
    expect(tryAgainIn('es', 900)).toBe('Demasiados intentos. Inténtalo de nuevo en 15 minutos.');
    expect(tryAgainIn('pt', 7200)).toBe('Demasiadas tentativas. Tente novamente dentro de 2 horas.');
  });

  it('checks required fields, e-mails, passwords and a screen’s own rule in the guest’s language', () => {
    const nights = (v: string) => (/^\d+$/.test(v) && Number(v) > 0 ? null : 'Nombre de nuits invalide.');
    expect(check('fr', { email: 'x', password: 'court', nights: '0', note: ' ' }, { email: 'email', password: 'password', nights, note: 'required' })).toEqual({
      email: 'Adresse e-mail invalide.',
      password: 'Le mot de passe doit contenir au moins 8 caractères.',
      nights: 'Nombre de nuits invalide.',
      note: 'Ce champ est obligatoire.',
    });
    expect(check('nl', { email: 'a@b.nl', nights: '3' }, { email: 'email', nights })).toEqual({});
    expect(check('pt', {}, { name: 'required' })).toEqual({ name: 'Este campo é obrigatório.' });
  });

  /** A booking-like form on the kit: a screen's own error code worded by the screen, the rest by the kit. */
  function Booking({ answer }: { answer: () => Promise<unknown> }) {
    const [guests, setGuests] = useState('');
    const [errors, setErrors] = useState<Errors<'guests'>>({});
    const [done, setDone] = useState(false);
    const { pending, message, send } = useSend('en', (code) => (code === 'full' ? 'This slot is full.' : 'Something else.'));
    const submit = () => {
      const found = check('en', { guests }, { guests: 'required' });
      setErrors(found);
      if (!Object.keys(found).length) void send(answer, () => setDone(true));
    };
    return (
      <Form onSubmit={submit}>
        <FormMessage text={message} />
        <FormMessage tone="ok" text={done ? 'Booked.' : null} />
        <Field label="Guests" value={guests} error={errors.guests} onChange={(e) => setGuests(e.target.value)} />
        <button type="submit" disabled={pending}>
          Book
        </button>
      </Form>
    );
  }

  it('ties an error to its field, then says the answer: a business refusal, too many attempts, a success', async () => {
    let answer: () => Promise<unknown> = async () => ({ error: 'full' });
    render(<Booking answer={() => answer()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    const input = screen.getByLabelText('Guests');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe('This field is required.');

    fireEvent.change(input, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This slot is full.'));
    expect((input as HTMLInputElement).value).toBe('2');

    answer = async () => Promise.reject(new ApiError(429, 'Trop de tentatives'));
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Try again in a few minutes.'));

    // a throttle's 429 with Retry-After: the wait in the guest's language, not the server's French sentence
    answer = async () => Promise.reject(new ApiError(429, 'Trop de demandes depuis cette adresse. Réessayez dans 15 minutes.', {}, 840));
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Try again in 14 minutes.'));

    answer = async () => ({ ok: true });
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Booked.'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
