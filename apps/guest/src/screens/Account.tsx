import { useSearch } from 'wouter/use-browser-location';
import { useT } from '../lib/context';
import { Loader, Problem } from '../components/States';
import { aw } from '../lib/account-words';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { useGet } from '../lib/fetch-cache';
import { useVisit } from '../lib/visits';
import { AccountView } from './account/AccountView';
import { Activation } from './account/Activation';
import { ForgotPassword, ResetPassword } from './account/Password';
import { SignIn } from './account/SignIn';
import { SignUp } from './account/SignUp';

/**
 * The guest's account page (`/membres`, `/account`…): sign-in, sign-up (with the client's activation
 * code, `?code=` from the pre-stay e-mail), the e-mailed links (`?activation=`, `?reset=`), forgotten
 * password (`?forgot`), and once signed in the account with its stay. `gate`: the app is closed to
 * guests who are not signed in, and this is all it shows.
 */
export default function Account({ gate = false }: { gate?: boolean }) {
  const { config, lang, w } = useT();
  const params = new URLSearchParams(useSearch());
  const me = useGet(guestCalls.account.me);
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
