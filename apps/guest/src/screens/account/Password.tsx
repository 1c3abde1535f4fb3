import { useState } from 'react';
import { api } from '@campsite/shared/client/api';
import { useT } from '../../lib/context';
import { check, Field, Form, FormMessage } from '../../components/Form';
import { aw } from '../../lib/account-words';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { AccountPage, signedIn, useAccountNav, useAccountSend } from './common';

/** A forgotten password: the address to send the link to. */
export function ForgotPassword() {
  const { lang } = useT();
  const nav = useAccountNav();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const { pending, message, send } = useAccountSend();
  const submit = () => {
    const found = check(lang, { email }, { email: 'email' });
    setError(found.email);
    if (found.email) return;
    void send(() => api(guestCalls.account.passwordRequest, { email: email.trim() }), () => setSent(true));
  };
  return (
    <AccountPage title={aw(lang, 'forgot')} intro={sent ? undefined : aw(lang, 'forgotIntro')}>
      {sent ? (
        <FormMessage tone="ok" text={aw(lang, 'linkSent')} />
      ) : (
        <Form onSubmit={submit}>
          <FormMessage text={message} />
          <Field label={aw(lang, 'email')} type="email" name="email" autoComplete="email" inputMode="email" value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
          <button type="submit" className="button button-wide" disabled={pending}>
            {aw(lang, 'sendLink')}
          </button>
        </Form>
      )}
      <p className="account-links">
        <a href={nav.base} onClick={(e) => (e.preventDefault(), nav.go(''))}>
          {aw(lang, 'signIn')}
        </a>
      </p>
    </AccountPage>
  );
}

/** The e-mailed reset link: a new password, then signed in. */
export function ResetPassword({ token }: { token: string }) {
  const { lang } = useT();
  const nav = useAccountNav();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { pending, message, send } = useAccountSend();
  const submit = () => {
    const found = check(lang, { password }, { password: 'password' });
    setError(found.password);
    if (found.password) return;
    void send(
      () => api(guestCalls.account.passwordReset, { token, password }),
      (answer) => {
        signedIn(answer);
        nav.go('', { replace: true, notice: 'passwordSaved' });
      },
    );
  };
  return (
    <AccountPage title={aw(lang, 'resetTitle')}>
      <Form onSubmit={submit}>
        <FormMessage text={message} />
        <Field label={aw(lang, 'newPassword')} hint={aw(lang, 'passwordHint')} type="password" name="new-password" autoComplete="new-password" value={password} error={error} onChange={(e) => setPassword(e.target.value)} />
        <button type="submit" className="button button-wide" disabled={pending}>
          {aw(lang, 'save')}
        </button>
      </Form>
      {message === aw(lang, 'invalid_token') && (
        <p className="account-links">
          <a href={`${nav.base}?forgot`} onClick={(e) => (e.preventDefault(), nav.go('forgot', { replace: true }))}>
            {aw(lang, 'forgot')}
          </a>
        </p>
      )}
    </AccountPage>
  );
}
