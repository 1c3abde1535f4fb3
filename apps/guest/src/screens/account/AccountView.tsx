import type { Account as AccountDoc } from '@campsite/shared/contract/account';
import { api } from '@campsite/shared/client/api';
import { useT } from '../../lib/context';
import { useGet } from '../../lib/fetch-cache';
import { FormMessage } from '../../components/Form';
import { aw, type AccountWord } from '../../lib/account-words';
import { dateLabel } from '../../lib/agenda';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { AccountPage, signedIn, useAccountSend } from './common';
import { PushInvite } from '../../components/PushInvite';
import { PendingReview } from '../../components/PendingReview';
import { iw } from '../../lib/inventory-words';
import { dw } from '../../lib/deposit-words';
import { cw } from '../../lib/chat-words';

/** The signed-in guest: who they are, their stay (dates and place as the establishment shows them), sign-out. */
export function AccountView({ account }: { account: AccountDoc }) {
  const { lang, tz, w, navigate, config, to } = useT();
  const { pending, message, send } = useAccountSend();
  // what the link that led here did, kept with this history entry (the view may be drawn twice)
  const notice = (history.state as { notice?: AccountWord } | null)?.notice;
  const shown = notice === 'activated' || notice === 'passwordSaved' ? aw(lang, notice) : null;
  const stay = account.stay;
  // 'My inventory' and 'My deposit' only when there is one to open (issue 32): an inventory the settings
  // let the guest fill or read now, a deposit asked for this stay (both false without the plan)
  const inventories = useGet(stay ? guestCalls.guestInventories.mine : null, { lang });
  const deposit = useGet(stay ? guestCalls.deposits.mine : null);
  const hasInventory = !!inventories.data && !!(inventories.data.arrival.inventory || inventories.data.departure.inventory);
  const hasDeposit = !!deposit.data;
  // 'My bookings' (issue 32) wherever the campsite offers services (the bottom menu reads the same list)
  const services = useGet(guestCalls.guestServices.list);
  const hasServices = !!services.data && services.data.length > 0;
  const signOut = () =>
    void send(
      () => api(guestCalls.account.logout, {}),
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
      {stay && hasInventory && (
        <a className="button button-wide button-outline" href={to({ screen: 'inventory' })} onClick={(e) => (e.preventDefault(), navigate(to({ screen: 'inventory' })))}>
          {iw(lang, 'title')}
        </a>
      )}
      {stay && hasDeposit && (
        <a className="button button-wide button-outline" href={to({ screen: 'deposit' })} onClick={(e) => (e.preventDefault(), navigate(to({ screen: 'deposit' })))}>
          {dw(lang, 'title')}
        </a>
      )}
      {hasServices && (
        <a className="button button-wide button-outline" href={to({ screen: 'bookings' })} onClick={(e) => (e.preventDefault(), navigate(to({ screen: 'bookings' })))}>
          {aw(lang, 'myBookings')}
        </a>
      )}
      {/* the notifications received (issue 32) */}
      <a className="button button-wide button-outline" href={to({ screen: 'notifications' })} onClick={(e) => (e.preventDefault(), navigate(to({ screen: 'notifications' })))}>
        {aw(lang, 'myNotifications')}
      </a>
      {/* every signed-in guest may write to the campsite (issue 25), with or without a stay */}
      <a className="button button-wide button-outline" href={to({ screen: 'messages' })} onClick={(e) => (e.preventDefault(), navigate(to({ screen: 'messages' })))}>
        {cw(lang, 'title')}
      </a>
      <PendingReview />
      <PushInvite />
      <FormMessage text={message} />
      <button type="button" className="button button-wide button-outline" disabled={pending} onClick={signOut}>
        {aw(lang, 'signOut')}
      </button>
    </AccountPage>
  );
}
