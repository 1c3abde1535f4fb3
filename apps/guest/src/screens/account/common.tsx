import type { ReactNode } from 'react';
import type { Account as AccountDoc } from '@campsite/shared/contract/account';
import { callUrl } from '@campsite/shared/client/api';
import { useT } from '../../lib/context';
import { useSend } from '../../components/Form';
import { ALL_ACCOUNT_WORDS, aw, type AccountWord } from '../../lib/account-words';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { refreshAll, store } from '../../lib/fetch-cache';
import { formWord } from '../../lib/form-words';

// what every view of the account page shares: the sign-in's effect, the sending, the moves between views, the frame

const ME = callUrl(guestCalls.account.me);

/** The guest is signed in (or out): every read may answer otherwise now (a closed app opens). */
export function signedIn(account: AccountDoc | false) {
  store(ME, account);
  refreshAll([ME]);
  // a closed app (application_ouverte off) lets a signed-in guest read the booklet: keep it offline now
  if (account && navigator.serviceWorker?.controller) void import('../../lib/offline').then((m) => m.storeBookletNow()).catch(() => {});
  // this device's notifications now belong to the guest signed in (or to nobody after a sign-out)
  void import('../../lib/push').then((m) => m.resendSubscription()).catch(() => {});
}

/** The shared form's sending, with the account calls' error codes in the guest's language. */
export function useAccountSend() {
  const { lang } = useT();
  return useSend(lang, (code) => (Object.hasOwn(ALL_ACCOUNT_WORDS, code) ? aw(lang, code as AccountWord) : formWord(lang, 'failed')));
}

/** Moves between the account page's views, in the guest's language. */
export function useAccountNav() {
  const { to, navigate } = useT();
  const base = to({ screen: 'account' });
  return {
    base,
    go: (view: '' | 'signup' | 'forgot', opts?: { replace?: boolean; notice?: AccountWord }) =>
      navigate(view ? `${base}?${view}` : base, { replace: opts?.replace, state: opts?.notice ? { notice: opts.notice } : undefined }),
  };
}

/** A view of the account page: its title, an optional introduction, its content. */
export function AccountPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <article className="screen account">
      <h1 className="screen-title pad">{title}</h1>
      {intro && <p className="pad muted">{intro}</p>}
      <div className="pad">{children}</div>
    </article>
  );
}
