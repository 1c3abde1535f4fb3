import { useState } from 'react';
import { api } from '@campsite/shared/client/api';
import { useT } from '../../lib/context';
import { FormMessage } from '../../components/Form';
import { aw } from '../../lib/account-words';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { useAccountSend } from './common';

/** Sends the activation link again to an address (answers the same whether or not it has an account). */
export function Resend({ email }: { email: string }) {
  const { lang } = useT();
  const [sent, setSent] = useState(false);
  const { pending, message, send } = useAccountSend();
  if (!email) return null;
  return (
    <div className="account-resend">
      <FormMessage text={message} />
      {sent ? (
        <FormMessage tone="ok" text={aw(lang, 'linkSent')} />
      ) : (
        <button type="button" className="button-quiet" disabled={pending} onClick={() => void send(() => api(guestCalls.account.resendActivation, { email }), () => setSent(true))}>
          {aw(lang, 'resend')}
        </button>
      )}
    </div>
  );
}
