import { useState } from 'react';
import { api } from '@campsite/shared/client/api';
import type { GuestBooking } from '@campsite/shared/contract/services-bookings';
import { useT } from '../../lib/context';
import { FormMessage, useSend } from '../../components/Form';
import { dateLabel, nowSeconds, timeLabel, whenLabel } from '../../lib/agenda';
import { refreshAll, useGet } from '../../lib/fetch-cache';
import { formWord } from '../../lib/form-words';
import { aw } from '../../lib/account-words';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { sw } from './words';

/** The signed-in guest's coming bookings of this service, each cancellable until its cut-off. */
export function MyBookings({ service }: { service: string }) {
  const { lang } = useT();
  const read = useGet(guestCalls.guestServices.bookings, {});
  const [cancelled, setCancelled] = useState(false);
  const mine = (read.data ?? []).filter((b) => b.service === service);
  if (!mine.length && !cancelled) return null;
  return (
    <section className="section" aria-labelledby="my-bookings">
      <h2 className="section-title" id="my-bookings">
        {aw(lang, 'myBookings')}
      </h2>
      {cancelled && <FormMessage tone="ok" text={sw(lang, 'cancelled')} />}
      <ul className="svc-list" style={{ padding: 0 }}>
        {mine.map((b) => (
          <li key={b._id}>
            <BookingItem booking={b} onCancelled={() => (setCancelled(true), refreshAll())} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A booking with its day and times, cancellable (asked first) until its cut-off; 'My bookings' lists them too. */
export function BookingItem({ booking, onCancelled }: { booking: GuestBooking; onCancelled(): void }) {
  const { lang, tz, tr } = useT();
  const [asking, setAsking] = useState(false);
  const { pending, message, send } = useSend(lang, (code) => (code === 'cutoff' ? sw(lang, 'cutoff') : formWord(lang, 'failed')));
  const now = nowSeconds();
  const open = now < booking.cancel_until;
  return (
    <div className="svc-booking">
      <strong>{tr(booking.benefit, 'subtitle') || booking.service_name}</strong>
      <span>
        {whenLabel(booking.start, lang, tz, now)} · {timeLabel(booking.start, lang, tz)} – {timeLabel(booking.end, lang, tz)}
      </span>
      {open && <span className="muted">{sw(lang, 'cancelUntil', { date: `${dateLabel(booking.cancel_until, lang, tz)} ${timeLabel(booking.cancel_until, lang, tz)}` })}</span>}
      <FormMessage text={message} />
      {open &&
        (asking ? (
          <p role="group" aria-label={sw(lang, 'confirmCancel')}>
            {sw(lang, 'confirmCancel')}{' '}
            <button type="button" className="button" disabled={pending} onClick={() => void send(() => api(guestCalls.guestServices.cancel, { id: booking._id }), (ok) => ok && onCancelled())}>
              {sw(lang, 'yes')}
            </button>{' '}
            <button type="button" className="button button-outline" onClick={() => setAsking(false)}>
              {sw(lang, 'no')}
            </button>
          </p>
        ) : (
          <button type="button" className="button button-outline" onClick={() => setAsking(true)}>
            {sw(lang, 'cancel')}
          </button>
        ))}
    </div>
  );
}
