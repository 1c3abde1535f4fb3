import { useState, type ChangeEvent } from 'react';
import { api } from '@campsite/shared/client/api';
import { useT } from '../../lib/context';
import { check, Field, Form, FormMessage, type Errors } from '../../components/Form';
import { aw } from '../../lib/account-words';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { AccountPage, useAccountNav, useAccountSend } from './common';
import { Resend } from './Resend';

/** Sign-up with the client's activation code (`?code=` of the pre-stay e-mail), then the address the link went to. */
export function SignUp({ code }: { code: string }) {
  const { lang } = useT();
  const nav = useAccountNav();
  const [values, setValues] = useState({ code, firstname: '', lastname: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors<keyof typeof values>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { pending, message, send } = useAccountSend();
  const set = (k: keyof typeof values) => (e: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [k]: e.target.value });
  const submit = () => {
    const found = check(lang, values, { code: 'required', firstname: 'required', lastname: 'required', email: 'email', password: 'password' });
    setErrors(found);
    if (Object.keys(found).length) return;
    const email = values.email.trim();
    void send(
      () => api(guestCalls.account.signup, { code: values.code.trim(), firstname: values.firstname.trim(), lastname: values.lastname.trim(), email, password: values.password, langage: lang }),
      () => setSentTo(email),
    );
  };
  if (sentTo) {
    return (
      <AccountPage title={aw(lang, 'signUpTitle')}>
        <FormMessage tone="ok" text={aw(lang, 'signupSent').replace('{email}', sentTo)} />
        <Resend email={sentTo} />
      </AccountPage>
    );
  }
  return (
    <AccountPage title={aw(lang, 'signUpTitle')}>
      <Form onSubmit={submit}>
        <FormMessage text={message} />
        <Field label={aw(lang, 'code')} hint={aw(lang, 'codeHint')} name="code" autoComplete="off" autoCapitalize="characters" value={values.code} error={errors.code} onChange={set('code')} />
        <Field label={aw(lang, 'firstname')} name="firstname" autoComplete="given-name" value={values.firstname} error={errors.firstname} onChange={set('firstname')} />
        <Field label={aw(lang, 'lastname')} name="lastname" autoComplete="family-name" value={values.lastname} error={errors.lastname} onChange={set('lastname')} />
        <Field label={aw(lang, 'email')} type="email" name="email" autoComplete="email" inputMode="email" value={values.email} error={errors.email} onChange={set('email')} />
        <Field label={aw(lang, 'password')} hint={aw(lang, 'passwordHint')} type="password" name="new-password" autoComplete="new-password" value={values.password} error={errors.password} onChange={set('password')} />
        <button type="submit" className="button button-wide" disabled={pending}>
          {aw(lang, 'signUp')}
        </button>
      </Form>
      <p className="account-links">
        {aw(lang, 'haveAccount')}{' '}
        <a href={nav.base} onClick={(e) => (e.preventDefault(), nav.go(''))}>
          {aw(lang, 'signIn')}
        </a>
      </p>
    </AccountPage>
  );
}
