/*
 * The guest app's forms (the account's today; booking, review and inventory screens next): labelled
 * fields whose errors are tied to them, checks in the guest's language before anything is sent, one
 * request at a time, and the form's message announced. Plain inputs and the app's CSS (`.form`, `.field`).
 */
import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import type { Lang } from '@campsite/shared/i18n/languages';
import { ApiError } from '@campsite/shared/client/api';
import { formWord, tryAgainIn } from '../lib/form-words';

export type Errors<K extends string> = Partial<Record<K, string>>;

/** A labelled input; its error is announced and tied to it, the hint read with it. */
export function Field({ label, error, hint, ...input }: { label: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A field's rule: required, an e-mail, a password (8 characters at least), or a screen's own check
 * (the value, trimmed and not empty, to the sentence to show, or null when it is right).
 */
export type Rule = 'required' | 'email' | 'password' | ((value: string) => string | null);

/** The checks the server makes too, worded in the guest's language before anything is sent. Every field of `rules` is required. */
export function check<K extends string>(lang: Lang, values: Partial<Record<K, string>>, rules: Partial<Record<K, Rule>>): Errors<K> {
  const errors: Errors<K> = {};
  for (const [field, rule] of Object.entries(rules) as [K, Rule][]) {
    const raw = values[field] ?? '';
    const v = raw.trim();
    if (!v) errors[field] = formWord(lang, 'required');
    else if (rule === 'email' && !EMAIL.test(v)) errors[field] = formWord(lang, 'emailInvalid');
    else if (rule === 'password' && raw.length < 8) errors[field] = formWord(lang, 'passwordShort');
    else if (typeof rule === 'function') {
      const found = rule(v);
      if (found) errors[field] = found;
    }
  }
  return errors;
}

/**
 * A form that sends once at a time and says what went wrong in the guest's language: an error code the
 * server answered (`{error}`), or the message of its 4xx refusal (a French constant of shared/messages,
 * never shown as such), both worded by the screen's `errorText`; too many attempts (with the wait the
 * server gave), or no network.
 * What was typed stays.
 */
export function useSend(lang: Lang, errorText: (code: string) => string = () => formWord(lang, 'failed')) {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const send = async <A,>(call: () => Promise<A>, done: (answer: Exclude<A, { error: string }>) => void) => {
    if (pending) return;
    setPending(true);
    setMessage(null);
    try {
      const answer = await call();
      if (answer && typeof answer === 'object' && 'error' in answer) setMessage(errorText(String(answer.error)));
      else done(answer as Exclude<A, { error: string }>);
    } catch (err) {
      // a throttle's 429 says how long to wait, in the guest's language (its French sentence would not)
      const tooMany = err instanceof ApiError && err.status === 429;
      if (tooMany) setMessage(err.retryAfter ? tryAgainIn(lang, err.retryAfter) : formWord(lang, 'tooMany'));
      else setMessage(err instanceof ApiError && err.status < 500 ? errorText(err.message) : formWord(lang, 'failed'));
    } finally {
      setPending(false);
    }
  };
  return { pending, message, setMessage, send };
}

export function FormMessage({ text, tone = 'error' }: { text: string | null; tone?: 'error' | 'ok' }) {
  if (!text) return null;
  return (
    <p className={`form-message is-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}

export function Form({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      {children}
    </form>
  );
}
