import { useState } from 'react';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { useT } from '../../lib/context';
import { Link } from '../../components/Link';
import { Pending } from '../../components/Screen';
import { dayTimeLabel } from '../../lib/agenda';
import { useGet } from '../../lib/fetch-cache';
import { useVisit } from '../../lib/visits';
import { aw } from '../../lib/account-words';
import { nw } from './words';
import './notifications.css';

/**
 * The notifications a signed-in guest received (issue 32; `/notifications`, `/mitteilungen`…, reached from
 * the account): newest first, each in the guest's language (else English, else the default language, as
 * its push), leading to its page; older ones a page at a time.
 */
export default function NotificationsScreen() {
  const { lang, to, w } = useT();
  const me = useGet(guestCalls.account.me);
  const [pages, setPages] = useState(1);
  useVisit('notifications');
  return (
    <article className="screen">
      <h1 className="screen-title pad">{aw(lang, 'myNotifications')}</h1>
      {me.data === false ? (
        <p className="pad">
          {nw(lang, 'signIn')} <Link href={to({ screen: 'account' })}>{w('account')}</Link>
        </p>
      ) : (
        <Pending loading={me.loading} missing={false}>
          {me.data && (
            <ul className="notif-list" aria-label={aw(lang, 'myNotifications')}>
              {Array.from({ length: pages }, (_, i) => (
                <HistoryPage key={i} page={i + 1} last={i + 1 === pages} onMore={() => setPages(pages + 1)} />
              ))}
            </ul>
          )}
        </Pending>
      )}
    </article>
  );
}

/** One page of the history (its rows as list items); the last page offers the next when there is one. */
function HistoryPage({ page, last, onMore }: { page: number; last: boolean; onMore(): void }) {
  const { lang, tz } = useT();
  const read = useGet(guestCalls.notifications.history, { page, lang });
  if (!read.data) {
    return (
      <li className="notif-state">
        <Pending loading={read.loading} error={read.error} retry={read.retry} missing={false} />
      </li>
    );
  }
  if (page === 1 && read.data.rows.length === 0) {
    return <li className="notif-state muted">{nw(lang, 'empty')}</li>;
  }
  return (
    <>
      {read.data.rows.map((n) => (
        <li key={n._id} className="notif-item" lang={n.lang}>
          <Link href={n.url}>
            <strong>{n.title}</strong>
            {n.content && <span>{n.content}</span>}
            <time className="muted" dateTime={new Date(n.time * 1000).toISOString()} lang={lang}>
              {dayTimeLabel(n.time, lang, tz)}
            </time>
          </Link>
        </li>
      ))}
      {last && read.data.more && (
        <li className="notif-state">
          <button type="button" className="button button-wide button-outline" onClick={onMore}>
            {nw(lang, 'more')}
          </button>
        </li>
      )}
    </>
  );
}
