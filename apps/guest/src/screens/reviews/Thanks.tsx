import type { SubmittedReview } from '@campsite/shared/contract/reviews';
import { useT } from '../../lib/context';
import { rw } from '../../lib/review-words';

/** A score at or above it is a happy stay: the thanks say so (the link is offered whatever the score). */
const GOOD = 4;

/**
 * After the answers: thanks, and the establishment's public review page offered to every respondent
 * (Google forbids offering it only to happy ones), worded by the score.
 */
export function Thanks({ review }: { review: SubmittedReview }) {
  const { lang, navigate } = useT();
  const link = review.public_link;
  const site = link ? link.label || hostOf(link.url) : '';
  const words = review.score === null ? 'thanksShare' : review.score >= GOOD ? 'thanksGood' : 'thanksMixed';
  return (
    <article className="screen reviews">
      <h1 className="screen-title pad">{rw(lang, 'thanks')}</h1>
      {review.test && (
        <p className="rv-test" role="note">
          {rw(lang, 'test')}
        </p>
      )}
      <div className="pad">
        {link && (
          <>
            <p>{rw(lang, words)}</p>
            <a className="button button-wide" href={link.url} target="_blank" rel="noopener noreferrer">
              {rw(lang, 'publicLink', { site })}
            </a>
          </>
        )}
        <a className="button button-wide button-outline" href="/" onClick={(e) => (e.preventDefault(), navigate('/'))}>
          {rw(lang, 'home')}
        </a>
      </div>
    </article>
  );
}

function hostOf(url: string) {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}
