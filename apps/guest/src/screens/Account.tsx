import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useSearch } from 'wouter/use-browser-location';
import type { Account as AccountDoc } from '@campsite/shared/contract/account';
import { api, callUrl } from '@campsite/shared/client/api';
import { useT } from '../app/context';
import { Loader, Problem } from '../components/States';
import { aw, type AccountWord } from '../lib/account-words';
import { dateLabel } from '../lib/agenda';
import { calls } from '../lib/calls';
import { refreshAll, store, useGet } from '../lib/fetch-cache';
import { useVisit } from '../lib/visits';
import { check, Field, Form, FormMessage, useSend, type Errors } from './account/Form';

const ME = callUrl(calls.me);

/** The guest is signed in (or out): every read may answer otherwise now (a closed app opens). */
function signedIn(account: AccountDoc | false) {
  store(ME, account);
  refreshAll([ME]);
}

/**
 * The guest's account page (`/membres`, `/account`…): sign-in, sign-up (with the client's activation
 * code, `?code=` from the pre-stay e-mail), the e-mailed links (`?activation=`, `?reset=`), forgotten
 * password (`?forgot`), and once signed in the account with its stay. `gate`: the app is closed to
 * guests who are not signed in, and this is all it shows.
 */
export default function Account({ gate = false }: { gate?: boolean }) {
  const { config, lang, w } = useT();
  const params = new URLSearchParams(useSearch());
  const me = useGet(calls.me);
  useVisit('account');
  if (!config.webapp_connexion) return <Problem text={aw(lang, 'closed')} />;
  const activation = params.get('activation');
  const reset = params.get('reset');
  if (activation) return <Activation token={activation} />;
  if (reset) return <ResetPassword token={reset} />;
  if (me.loading) return <Loader label={w('loading')} />;
  if (me.data) return <AccountView account={me.data} />;
  if (params.has('forgot')) return <ForgotPassword />;
  if (params.has('signup') || params.has('code')) return <SignUp code={params.get('code') ?? ''} />;
  return <SignIn gate={gate} />;
}

/** Moves between the account page's views, in the guest's language. */
function useAccountNav() {
  const { to, navigate } = useT();
  const base = to({ screen: 'account' });
  return {
    base,
    go: (view: '' | 'signup' | 'forgot', opts?: { replace?: boolean; notice?: AccountWord }) =>
      navigate(view ? `${base}?${view}` : base, { replace: opts?.replace, state: opts?.notice ? { notice: opts.notice } : undefined }),
  };
}

function AccountPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <article className="screen account">
      <h1 className="screen-title pad">{title}</h1>
      {intro && <p className="pad muted">{intro}</p>}
      <div className="pad">{children}</div>
    </article>
  );
}

function SignIn({ gate }: { gate: boolean }) {
  const { lang, navigate } = useT();
  const nav = useAccountNav();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors<'email' | 'password'>>({});
  const [notActivated, setNotActivated] = useState(false);
  const { pending, message, send } = useSend(lang);
  const submit = () => {
    const found = check(lang, values, { email: 'email', password: 'required' });
    setErrors(found);
    if (Object.keys(found).length) return;
    void send(
      async () => {
        const answer = await api(calls.login, { email: values.email.trim(), password: values.password });
        setNotActivated('error' in answer && answer.error === 'not_activated');
        return answer;
      },
      (account) => {
        signedIn(account);
        // a closed app opens on its home; otherwise the account shows the stay
        if (gate) navigate('/', { replace: true });
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

function SignUp({ code }: { code: string }) {
  const { lang } = useT();
  const nav = useAccountNav();
  const [values, setValues] = useState({ code, firstname: '', lastname: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors<keyof typeof values>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { pending, message, send } = useSend(lang);
  const set = (k: keyof typeof values) => (e: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [k]: e.target.value });
  const submit = () => {
    const found = check(lang, values, { code: 'required', firstname: 'required', lastname: 'required', email: 'email', password: 'password' });
    setErrors(found);
    if (Object.keys(found).length) return;
    const email = values.email.trim();
    void send(
      () => api(calls.signup, { code: values.code.trim(), firstname: values.firstname.trim(), lastname: values.lastname.trim(), email, password: values.password, langage: lang }),
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

/** Sends the activation link again to an address (answers the same whether or not it has an account). */
function Resend({ email }: { email: string }) {
  const { lang } = useT();
  const [sent, setSent] = useState(false);
  const { pending, message, send } = useSend(lang);
  if (!email) return null;
  return (
    <div className="account-resend">
      <FormMessage text={message} />
      {sent ? (
        <FormMessage tone="ok" text={aw(lang, 'linkSent')} />
      ) : (
        <button type="button" className="button-quiet" disabled={pending} onClick={() => void send(() => api(calls.resendActivation, { email }), () => setSent(true))}>
          {aw(lang, 'resend')}
        </button>
      )}
    </div>
  );
}

/** The e-mailed activation link: activates once, signs in, and shows the account. */
function Activation({ token }: { token: string }) {
  const { lang, w } = useT();
  const nav = useAccountNav();
  const [state, setState] = useState<'busy' | 'invalid' | 'failed'>('busy');
  const started = useRef<string | null>(null);
  // after every commit, guarded by the token (see App): a link is used once
  useEffect(() => {
    if (started.current === token) return;
    started.current = token;
    api(calls.activate, { token })
      .then((answer) => {
        if ('error' in answer) return setState(answer.error === 'closed' ? 'failed' : 'invalid');
        // signed in: the account shows, and the used link leaves the address (a reload must not try it)
        signedIn(answer);
        nav.go('', { replace: true, notice: 'activated' });
      })
      .catch(() => setState('failed'));
  });
  if (state === 'busy') return <Loader label={aw(lang, 'activating')} />;
  return (
    <AccountPage title={aw(lang, 'signInTitle')}>
      <FormMessage text={aw(lang, state === 'invalid' ? 'invalid_token' : 'failed')} />
      <p className="account-links">
        <a href={nav.base} onClick={(e) => (e.preventDefault(), nav.go('', { replace: true }))}>
          {aw(lang, 'signIn')}
        </a>
      </p>
      {state === 'failed' && <p className="muted">{w('retry')}</p>}
    </AccountPage>
  );
}

function ForgotPassword() {
  const { lang } = useT();
  const nav = useAccountNav();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const { pending, message, send } = useSend(lang);
  const submit = () => {
    const found = check(lang, { email }, { email: 'email' });
    setError(found.email);
    if (found.email) return;
    void send(() => api(calls.passwordRequest, { email: email.trim() }), () => setSent(true));
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
function ResetPassword({ token }: { token: string }) {
  const { lang } = useT();
  const nav = useAccountNav();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { pending, message, send } = useSend(lang);
  const submit = () => {
    const found = check(lang, { password }, { password: 'password' });
    setError(found.password);
    if (found.password) return;
    void send(
      () => api(calls.passwordReset, { token, password }),
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

/** The signed-in guest: who they are, their stay (dates and place as the establishment shows them), sign-out. */
function AccountView({ account }: { account: AccountDoc }) {
  const { lang, tz, w, navigate, config } = useT();
  const { pending, message, send } = useSend(lang);
  // what the link that led here did, kept with this history entry (the view may be drawn twice)
  const notice = (history.state as { notice?: AccountWord } | null)?.notice;
  const shown = notice === 'activated' || notice === 'passwordSaved' ? aw(lang, notice) : null;
  const stay = account.stay;
  const signOut = () =>
    void send(
      () => api(calls.logout, {}),
      () => {
        signedIn(false);
        // an open app goes on at its home; a closed one shows its sign-in
        navigate('/', { replace: !config.application_ouverte });
      },
    );
  return (
    <AccountPage title={w('account')}>
      <FormMessage tone="ok" text={shown} />
      <section className="section account-card" aria-labelledby="account-who">
        <h2 id="account-who" className="section-title">
          {account.firstname} {account.lastname}
        </h2>
        <p className="muted">{account.email}</p>
      </section>
      <section className="section account-card" aria-labelledby="account-stay">
        <h2 id="account-stay" className="section-title">
          {aw(lang, 'yourStay')}
        </h2>
        {stay ? (
          <dl className="stay">
            <dt>{aw(lang, 'booking')}</dt>
            <dd>{stay.stay_number}</dd>
            {stay.arrival !== undefined && (
              <>
                <dt>{aw(lang, 'arrival')}</dt>
                <dd>
                  {dateLabel(stay.arrival, lang, tz)}
                  {stay.arrival_time ? ` · ${stay.arrival_time}` : ''}
                </dd>
              </>
            )}
            {stay.departure !== undefined && (
              <>
                <dt>{aw(lang, 'departure')}</dt>
                <dd>
                  {dateLabel(stay.departure, lang, tz)}
                  {stay.departure_time ? ` · ${stay.departure_time}` : ''}
                </dd>
              </>
            )}
            {stay.location && (
              <>
                <dt>{aw(lang, 'location')}</dt>
                <dd>{stay.location}</dd>
              </>
            )}
          </dl>
        ) : (
          <p className="muted">{aw(lang, 'noStay')}</p>
        )}
      </section>
      <FormMessage text={message} />
      <button type="button" className="button button-wide button-outline" disabled={pending} onClick={signOut}>
        {aw(lang, 'signOut')}
      </button>
    </AccountPage>
  );
}
