import { useState } from 'react';
import { useSearch } from 'wouter/use-browser-location';
import { api } from '@campsite/shared/client/api';
import { useT } from '../../lib/context';
import { nextPath, parseRoute } from '../../lib/paths';
import { check, Field, Form, FormMessage, type Errors } from '../../components/Form';
import { aw } from '../../lib/account-words';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { AccountPage, signedIn, useAccountNav, useAccountSend } from './common';
import { Resend } from './Resend';

/** Sign-in (e-mail, password), with the ways to a forgotten password and to a new account. */
export function SignIn({ gate }: { gate: boolean }) {
  const { lang, navigate, path } = useT();
  const nav = useAccountNav();
  const next = nextPath(useSearch());
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors<'email' | 'password'>>({});
  const [notActivated, setNotActivated] = useState(false);
  const { pending, message, send } = useAccountSend();
  const submit = () => {
    const found = check(lang, values, { email: 'email', password: 'required' });
    setErrors(found);
    if (Object.keys(found).length) return;
    void send(
      async () => {
        const answer = await api(guestCalls.account.login, { email: values.email.trim(), password: values.password });
        setNotActivated('error' in answer && answer.error === 'not_activated');
        return answer;
      },
      (account) => {
        signedIn(account);
        // back to the screen that asked for the sign-in (?next=: a push's tap on a conversation); a closed app
        // shows the screen its address asks for, its home when that is the account; else the account shows the stay
        if (next) navigate(next, { replace: true });
        else if (gate && parseRoute(path, lang).screen === 'account') navigate('/', { replace: true });
      },
    );
  };
  return (
    <AccountPage title={aw(lang, 'signInTitle')} intro={aw(lang, gate ? 'closedIntro' : 'signInIntro')}>
      <Form onSubmit={submit}>
        <FormMessage text={message} />
        <Field label={aw(lang, 'email')} type="email" name="email" autoComplete="email" inputMode="email" value={values.email} error={errors.email} onChange={(e) => setValues({ ...values, email: e.target.value })} />
        <Field label={aw(lang, 'password')} type="password" name="password" autoComplete="current-password" value={values.password} error={errors.password} onChange={(e) => setValues({ ...values, password: e.target.value })} />
        <button type="submit" className="button button-wide" disabled={pending}>
          {aw(lang, 'signIn')}
        </button>
      </Form>
      {notActivated && <Resend email={values.email.trim()} />}
      <p className="account-links">
        <a href={`${nav.base}?forgot`} onClick={(e) => (e.preventDefault(), nav.go('forgot'))}>
          {aw(lang, 'forgot')}
        </a>
      </p>
      <p className="account-links">
        {aw(lang, 'noAccount')}{' '}
        <a href={`${nav.base}?signup`} onClick={(e) => (e.preventDefault(), nav.go('signup'))}>
          {aw(lang, 'signUpTitle')}
        </a>
      </p>
    </AccountPage>
  );
}
