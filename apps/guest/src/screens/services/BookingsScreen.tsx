import { useState } from 'react';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { useT } from '../../lib/context';
import { Link } from '../../components/Link';
import { FormMessage } from '../../components/Form';
import { Pending } from '../../components/Screen';
import { aw } from '../../lib/account-words';
import { refreshAll, useGet } from '../../lib/fetch-cache';
import { useVisit } from '../../lib/visits';
import { BookingItem } from './MyBookings';
import { sw } from './words';
import './services.css';

/**
 * 'My bookings' (issue 32), reached from the account: the guest's own bookings of every service, the coming
 * ones first (by start, each cancellable until its cut-off), then the past ones (the latest first).
 */
export default function BookingsScreen() {
  const { lang, to, w } = useT();
  const me = useGet(guestCalls.account.me);
  const signedIn = !!me.data;
  const coming = useGet(signedIn ? guestCalls.guestServices.bookings : null, {});
  const past = useGet(signedIn ? guestCalls.guestServices.bookings : null, { past: '1' });
  const [cancelled, setCancelled] = useState(false);
  useVisit('bookings');
  return (
    <article className="screen">
      <h1 className="screen-title pad">{aw(lang, 'myBookings')}</h1>
      {me.data === false ? (
        <p className="pad">
          {sw(lang, 'signInBookings')} <Link href={to({ screen: 'account' })}>{w('account')}</Link>
        </p>
      ) : (
        <Pending loading={me.loading || coming.loading} error={coming.error} retry={coming.retry} missing={false}>
          <section className="section" aria-labelledby="bookings-coming">
            <h2 className="section-title" id="bookings-coming">
              {sw(lang, 'comingBookings')}
            </h2>
            {cancelled && <FormMessage tone="ok" text={sw(lang, 'cancelled')} />}
            {coming.data?.length ? (
              <ul className="svc-list">
                {coming.data.map((b) => (
                  <li key={b._id}>
                    <BookingItem booking={b} onCancelled={() => (setCancelled(true), refreshAll())} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="pad muted">
                {sw(lang, 'noBookings')} <Link href={to({ screen: 'services' })}>{sw(lang, 'seeServices')}</Link>
              </p>
            )}
          </section>
          {!!past.data?.length && (
            <section className="section" aria-labelledby="bookings-past">
              <h2 className="section-title" id="bookings-past">
                {sw(lang, 'pastBookings')}
              </h2>
              <ul className="svc-list">
                {past.data.map((b) => (
                  <li key={b._id}>
                    <BookingItem booking={b} onCancelled={refreshAll} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </Pending>
      )}
    </article>
  );
}
