import { useEffect, useRef, useState } from 'react';
import { api } from '@campsite/shared/client/api';
import type { Account } from '@campsite/shared/contract/account';
import type { GuestBenefit } from '@campsite/shared/contract/services-bookings';
import { checkBooking, type BookingIssue } from '@campsite/shared/domain/booking-form';
import { useT } from '../../lib/context';
import { Link } from '../../components/Link';
import { Field, Form, FormMessage, useSend, type Errors } from '../../components/Form';
import { byDay, dayStart, nowSeconds, timeLabel, whenLabel } from '../../lib/agenda';
import { refreshAll, useGet } from '../../lib/fetch-cache';
import { formWord } from '../../lib/form-words';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { sw, type ServiceWord } from './words';

/** Days of free slots shown ahead (a week: a holiday's horizon). */
const DAYS = 7;
/** Days shown at first: a phone screen, not a week of buttons; 'Afficher plus' shows the rest. */
const SHOWN_DAYS = 2;
/** The server's refusals of a booking (contract: bookAnswer), each with its words. */
const REFUSALS = new Map<string, ServiceWord>([['full', 'full'], ['unavailable', 'unavailable'], ['cutoff', 'cutoff'], ['not_staying', 'notStaying'], ['limit', 'dayLimit']]);

/** Age in whole years of a birthday (epoch seconds). */
const ageOf = (birthday: number) => {
  const b = new Date(birthday * 1000);
  const n = new Date();
  return n.getFullYear() - b.getFullYear() - (n.getMonth() < b.getMonth() || (n.getMonth() === b.getMonth() && n.getDate() < b.getDate()) ? 1 : 0);
};

/** The free slots of a benefit over the coming days, and the booking of the one chosen. */
export function BenefitSlots({ benefit, signedIn, account }: { benefit: GuestBenefit; signedIn: boolean; account: Account | null }) {
  const { lang, tz, to, tr, w } = useT();
  const now = nowSeconds();
  // midnight of today: the same address all day long, so the answer is read once and kept
  const slots = useGet(guestCalls.guestServices.slots, { benefit: benefit._id, from: dayStart(now, tz), days: DAYS });
  const [chosen, setChosen] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const [all, setAll] = useState(false);
  const free = (slots.data || []).filter((s) => s.start > now && (s.places === null || s.places > 0));
  const days = byDay(free, tz);
  return (
    <section aria-label={`${sw(lang, 'slots')} · ${tr(benefit.translations, 'subtitle')}`}>
      <h3 className="svc-day">{sw(lang, 'slots')}</h3>
      {done && <FormMessage tone="ok" text={sw(lang, 'booked')} />}
      {slots.data !== undefined && days.length === 0 && <p className="muted">{sw(lang, 'noSlots')}</p>}
      {(all ? days : days.slice(0, SHOWN_DAYS)).map((d) => (
        <div key={d.start}>
          <h4 className="svc-day">{whenLabel(d.start, lang, tz, now)}</h4>
          <ul className="svc-slots">
            {d.items.map((s) => (
              <li key={s.start}>
                <button type="button" className="svc-slot" aria-pressed={chosen === s.start} onClick={() => (setDone(false), setChosen(chosen === s.start ? null : s.start))}>
                  {timeLabel(s.start, lang, tz)}
                  {s.places !== null && <small>{s.places === 1 ? sw(lang, 'placeLeft') : sw(lang, 'placesLeft', { n: s.places })}</small>}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {!all && days.length > SHOWN_DAYS && (
        <button type="button" className="button-quiet" onClick={() => setAll(true)}>
          {w('more')}
        </button>
      )}
      {chosen !== null &&
        (signedIn ? (
          <BookingForm
            key={chosen}
            benefit={benefit}
            start={chosen}
            account={account}
            onBooked={() => {
              setChosen(null);
              setDone(true);
              // the slots' places and the guest's bookings changed
              refreshAll();
            }}
          />
        ) : (
          <p className="form-message is-error" role="status">
            {sw(lang, 'signInToBook')} <Link href={to({ screen: 'account' })}>{w('account')}</Link>
          </p>
        ))}
    </section>
  );
}

type Key = 'client_number' | 'identity' | 'age' | 'phone' | `q${number}`;

/** What the benefit asks, prefilled from the guest's account (001 §5 step 2, in the guest's language). */
function BookingForm({ benefit, start, account, onBooked }: { benefit: GuestBenefit; start: number; account: Account | null; onBooked(): void }) {
  const { lang, tz, tr } = useT();
  const [values, setValues] = useState<Partial<Record<Key, string>>>({
    client_number: account?.client_number ?? '',
    identity: account ? `${account.firstname} ${account.lastname}`.trim() : '',
    age: account?.birthday != null ? String(ageOf(account.birthday)) : '',
    phone: account?.phone ?? '',
  });
  const [errors, setErrors] = useState<Errors<Key>>({});
  const { pending, message, send } = useSend(lang, (code) => {
    const word = REFUSALS.get(code);
    return word ? sw(lang, word) : formWord(lang, 'failed');
  });
  const label = (text: string, required: boolean) => `${text}${required ? sw(lang, 'mandatory') : ''}`;
  // the form opens under a week of slots, below the fold on a phone (issue 32): brought into view, its
  // button above the bottom menu (services.css scroll margins), at once for those who ask for less motion
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    box.current?.scrollIntoView?.({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }, []);
  const field = (key: Key, text: string, required: boolean, extra: Record<string, string> = {}) => (
    <Field key={key} label={label(text, required)} error={errors[key]} value={values[key] ?? ''} onChange={(e) => setValues({ ...values, [key]: e.currentTarget.value })} {...extra} />
  );
  const submit = () => {
    // the server's own rules (shared/domain), worded in the guest's language
    const { issues } = checkBooking(benefit, { ...values, answers: benefit.questions.map((_, i) => values[`q${i}`]) });
    const found: Errors<Key> = {};
    for (const [field, issue] of Object.entries(issues) as [string, BookingIssue][]) {
      found[(field.startsWith('answers.') ? `q${field.slice(8)}` : field) as Key] = issue === 'required' ? formWord(lang, 'required') : sw(lang, 'wholeNumber');
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    const text = (k: Key) => (values[k] ?? '').trim() || null;
    void send(
      () =>
        api(guestCalls.guestServices.book, {
          benefit: benefit._id,
          start,
          client_number: benefit.client_number ? text('client_number') : null,
          identity: benefit.identity ? text('identity') : null,
          age: benefit.age ? text('age') : null,
          phone: benefit.phone ? text('phone') : null,
          answers: benefit.questions.map((_, i) => text(`q${i}`)),
        }),
      onBooked,
    );
  };
  return (
    <div ref={box} className="svc-form">
      <Form onSubmit={submit}>
        <p>
          <strong>{sw(lang, 'bookAt', { date: `${whenLabel(start, lang, tz, nowSeconds())} · ${timeLabel(start, lang, tz)}` })}</strong>
        </p>
        {benefit.identity && field('identity', sw(lang, 'identity'), true, { autoComplete: 'name' })}
        {benefit.client_number && field('client_number', sw(lang, 'clientNumber'), true, { inputMode: 'numeric' })}
        {benefit.age && field('age', sw(lang, 'age'), true, { inputMode: 'numeric' })}
        {benefit.phone && field('phone', sw(lang, 'phone'), true, { type: 'tel', autoComplete: 'tel' })}
        {benefit.questions.map((q, i) => field(`q${i}`, tr(q.translations, 'title'), q.mandatory, q.type === 'number' ? { inputMode: 'numeric' } : {}))}
        <FormMessage text={message} />
        <button type="submit" className="button" disabled={pending}>
          {sw(lang, 'confirm')}
        </button>
      </Form>
    </div>
  );
}
