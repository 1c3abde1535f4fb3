import { useT } from '../lib/context';
import { useGet } from '../lib/fetch-cache';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { rw } from '../lib/review-words';

/** On the account page: 'Donner mon avis sur le séjour' while the guest has a questionnaire to answer (issue 24). */
export function PendingReview() {
  const { lang, navigate, to } = useT();
  const pending = useGet(guestCalls.reviews.pending);
  if (!pending.data?.length) return null;
  const href = to({ screen: 'reviews' });
  return (
    <a className="button button-wide" href={href} onClick={(e) => (e.preventDefault(), navigate(href))}>
      {rw(lang, 'giveReview')}
    </a>
  );
}
