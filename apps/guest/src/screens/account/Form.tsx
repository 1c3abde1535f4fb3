import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import type { Lang } from '@campsite/shared/i18n/languages';
import { ApiError } from '@campsite/shared/client/api';
import { aw, type AccountWord } from '../../lib/account-words';

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

/** The checks the server makes too, worded in the guest's language before anything is sent. */
export function check(lang: Lang, values: Record<string, string>, rules: Record<string, 'required' | 'email' | 'password'>) {
  const errors: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const v = (values[field] ?? '').trim();
    if (!v) errors[field] = aw(lang, 'required');
    else if (rule === 'email' && !EMAIL.test(v)) errors[field] = aw(lang, 'emailInvalid');
    else if (rule === 'password' && (values[field] ?? '').length < 8) errors[field] = aw(lang, 'passwordShort');
  }
  return errors;
}

/**
 * A form that sends once at a time and says what went wrong in the guest's language: an error code the
 * server answered (`{error}`), too many attempts, or no network. What was typed stays.
 */
export function useSend(lang: Lang) {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const send = async <A,>(call: () => Promise<A>, done: (answer: Exclude<A, { error: string }>) => void) => {
    if (pending) return;
    setPending(true);
    setMessage(null);
    try {
      const answer = await call();
      if (answer && typeof answer === 'object' && 'error' in answer) setMessage(aw(lang, answer.error as AccountWord));
      else done(answer as Exclude<A, { error: string }>);
    } catch (err) {
      setMessage(aw(lang, err instanceof ApiError && err.status === 429 ? 'tooMany' : 'failed'));
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
