import { useState } from 'react';
import { useSearch } from 'wouter/use-browser-location';
import type { GuestReviewForm, SubmittedReview } from '@campsite/shared/contract/reviews';
import { api } from '@campsite/shared/client/api';
import { useT } from '../../lib/context';
import { useGet } from '../../lib/fetch-cache';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { rw, type ReviewWord } from '../../lib/review-words';
import { Pending } from '../../components/Screen';
import { Questionnaire, type Outcome } from './Questionnaire';
import { Thanks } from './Thanks';
import './reviews.css';

const REFUSAL_WORD: Record<'answered' | 'expired' | 'closed', ReviewWord> = { answered: 'already', expired: 'expired', closed: 'closed' };

/**
 * The review questionnaire (issue 24), `/reviews?t=…` in the guest's language: from the invitation's
 * link (its signed token, no sign-in needed), or from the account for a signed-in guest (their first
 * questionnaire still to answer). One review per questionnaire: a second one is refused kindly.
 */
export default function ReviewScreen() {
  const token = new URLSearchParams(useSearch()).get('t');
  const [done, setDone] = useState<SubmittedReview | ReviewWord | null>(null);
  const finish = ({ review }: Outcome) => setDone(review === false ? 'expired' : 'error' in review ? REFUSAL_WORD[review.error] : review);
  if (done) return typeof done === 'string' ? <Notice word={done} /> : <Thanks review={done} />;
  return token ? <ByToken token={token} onDone={finish} /> : <SignedIn onDone={finish} />;
}

function ByToken({ token, onDone }: { token: string; onDone(o: Outcome): void }) {
  const read = useGet(guestCalls.reviews.form, { token });
  const form = read.data;
  return (
    <Pending loading={read.loading && form === undefined} error={read.error} retry={read.retry}>
      {form === false ? (
        <Notice word="expired" />
      ) : form && 'error' in form ? (
        <Notice word={REFUSAL_WORD[form.error]} />
      ) : (
        form && <Questionnaire form={form} submit={async (answers) => ({ review: await api(guestCalls.reviews.submitByToken, { token, answers }) })} onDone={onDone} />
      )}
    </Pending>
  );
}

function SignedIn({ onDone }: { onDone(o: Outcome): void }) {
  // the account first (the menu has read it already): a guest who is not signed in is asked to sign in
  // without a call refused with a 401 (an error in the browser's console)
  const me = useGet(guestCalls.account.me);
  const read = useGet(me.data ? guestCalls.reviews.pending : null);
  const first: GuestReviewForm | undefined = read.data?.[0];
  // not signed in (or the session ended since): the account page, where the guest signs in and finds the
  // questionnaire again
  if (me.data === false || (read.error && !read.data)) return <Notice word="signIn" account />;
  return (
    <Pending loading={me.loading || (read.loading && read.data === undefined)} error={me.data === undefined ? me.error : undefined} retry={me.retry}>
      {first ? <Questionnaire key={first.invitation} form={first} submit={async (answers) => ({ review: await api(guestCalls.reviews.submit, { invitation: first.invitation, answers }) })} onDone={onDone} /> : <Notice word="none" />}
    </Pending>
  );
}

function Notice({ word, account = false }: { word: ReviewWord; account?: boolean }) {
  const { lang, navigate, to, w } = useT();
  const go = (path: string) => (e: React.MouseEvent) => (e.preventDefault(), navigate(path));
  return (
    <article className="screen reviews">
      <h1 className="screen-title pad">{rw(lang, 'title')}</h1>
      <div className="pad">
        <p className="rv-notice" role="status">
          {rw(lang, word)}
        </p>
        {account ? (
          <a className="button button-wide" href={to({ screen: 'account' })} onClick={go(to({ screen: 'account' }))}>
            {w('account')}
          </a>
        ) : (
          <a className="button button-wide button-outline" href="/" onClick={go('/')}>
            {rw(lang, 'home')}
          </a>
        )}
      </div>
    </article>
  );
}
