import type { GuestDeposit } from '@campsite/shared/contract/deposits';
import type { Lang } from '@campsite/shared/i18n/languages';
import { useT } from '../../lib/context';
import { useGet } from '../../lib/fetch-cache';
import { dateLabel, LOCALES } from '../../lib/agenda';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { dw, type DepositWord } from '../../lib/deposit-words';
import './deposit.css';

const euros = (n: number, lang: Lang) => new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR' }).format(n);
const SAID: Record<Exclude<GuestDeposit['status'], 'pending'>, DepositWord> = {
  waiting: 'waiting',
  accepted: 'accepted',
  refused: 'refused',
  released: 'released',
  claimed: 'claimed',
};

/** The guest's deposit (issue 25): the amount, the stay's dates and the link to leave it at Swikly, then its outcome. */
export default function DepositScreen() {
  const { lang, tz } = useT();
  const mine = useGet(guestCalls.deposits.mine);
  const d = mine.data;
  return (
    <div className="screen deposit">
      <h1 className="screen-title pad">{dw(lang, 'title')}</h1>
      {mine.loading && d === undefined && <p className="pad muted">…</p>}
      {mine.error && <p className="pad">{dw(lang, 'signIn')}</p>}
      {d === false && <p className="pad muted">{dw(lang, 'none')}</p>}
      {d && (
        <section className="section" aria-label={dw(lang, 'title')}>
          <dl className="deposit-facts">
            <dt>{dw(lang, 'amount')}</dt>
            <dd>{euros(d.amount, lang)}</dd>
            <dt>{dw(lang, 'period')}</dt>
            <dd>
              {dateLabel(d.arrival, lang, tz)} → {dateLabel(d.departure, lang, tz)}
            </dd>
          </dl>
          {d.status === 'pending' && d.link ? (
            <>
              <p>{dw(lang, 'pending')}</p>
              <a className="button button-wide" href={d.link} rel="noreferrer">
                {dw(lang, 'leave')}
              </a>
            </>
          ) : (
            <p role="status">{dw(lang, SAID[d.status as keyof typeof SAID] ?? 'waiting')}</p>
          )}
        </section>
      )}
    </div>
  );
}
