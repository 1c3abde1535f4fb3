import { useEffect, useRef, useState } from 'react';
import { api } from '@campsite/shared/client/api';
import { useT } from '../../lib/context';
import { FormMessage } from '../../components/Form';
import { Loader } from '../../components/States';
import { aw } from '../../lib/account-words';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { formWord } from '../../lib/form-words';
import { AccountPage, signedIn, useAccountNav } from './common';

/** The e-mailed activation link: activates once, signs in, and shows the account. */
export function Activation({ token }: { token: string }) {
  const { lang, w } = useT();
  const nav = useAccountNav();
  const [state, setState] = useState<'busy' | 'invalid' | 'failed'>('busy');
  const started = useRef<string | null>(null);
  // after every commit, guarded by the token (see App): a link is used once
  useEffect(() => {
    if (started.current === token) return;
    started.current = token;
    api(guestCalls.account.activate, { token })
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
      <FormMessage text={state === 'invalid' ? aw(lang, 'invalid_token') : formWord(lang, 'failed')} />
      <p className="account-links">
        <a href={nav.base} onClick={(e) => (e.preventDefault(), nav.go('', { replace: true }))}>
          {aw(lang, 'signIn')}
        </a>
      </p>
      {state === 'failed' && <p className="muted">{w('retry')}</p>}
    </AccountPage>
  );
}
