import { useId, useState } from 'react';
import type { GuestReviewForm, ReviewQuestion, SubmittedReview } from '@campsite/shared/contract/reviews';
import { useT } from '../../lib/context';
import { rw } from '../../lib/review-words';
import { Form, FormMessage, useSend } from '../../components/Form';

type Answer = string | number | null;
/** What the server answered a submit: the review, a refusal, or false (wrapped: useSend takes `{error}` for its own). */
export type Outcome = { review: SubmittedReview | { error: 'answered' | 'expired' | 'closed' } | false };

/**
 * A text of the questionnaire in the guest's language, else English, else the establishment's default
 * (the guest app's fallback for what a guest reads).
 */
export function useText() {
  const { lang, tr } = useT();
  const own = (list: readonly { lang: string }[], field: string, l: string) => {
    const v = (list.find((t) => t.lang === l) as Record<string, unknown> | undefined)?.[field];
    return typeof v === 'string' && v.trim() ? v : '';
  };
  return (list: readonly { lang: string }[], field: string) => own(list, field, lang) || own(list, field, 'en') || tr(list as never, field);
}

/** The possible answers of a select question (the contract's selectAnswers, without its zod). */
export const choicesOf = (list: string) => list.split(',').map((s) => s.trim()).filter(Boolean);

/**
 * The questionnaire in the guest's language (issue 24): stars for a notation, one choice for a select,
 * a text box; mandatory answers checked before anything is sent, the first one missing focused.
 */
export function Questionnaire({ form, submit, onDone }: { form: GuestReviewForm; submit(answers: Answer[]): Promise<Outcome>; onDone(o: Outcome): void }) {
  const { lang } = useT();
  const text = useText();
  const [answers, setAnswers] = useState<Answer[]>(() => form.questions.map(() => null));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const { pending, message, setMessage, send } = useSend(lang);
  const base = useId();
  const set = (i: number, v: Answer) => {
    setAnswers((a) => a.map((x, j) => (j === i ? v : x)));
    const { [i]: _, ...rest } = errors;
    setErrors(rest);
    // the form's sentence about missing answers goes once none is missing
    if (Object.keys(rest).length === 0 && message === rw(lang, 'missing')) setMessage(null);
  };
  const title = text(form.translations, 'title') || rw(lang, 'title');
  const intro = text(form.translations, 'introduction');

  const onSubmit = () => {
    const sent = answers.map((a) => (typeof a === 'string' ? a.trim() || null : a));
    const missing: Record<number, string> = {};
    form.questions.forEach((q, i) => {
      if (q.mandatory && sent[i] === null) missing[i] = rw(lang, 'answer');
    });
    setErrors(missing);
    const first = Object.keys(missing)[0];
    if (first !== undefined) {
      setMessage(rw(lang, 'missing'));
      document.getElementById(`${base}-${first}`)?.focus();
      return;
    }
    void send(() => submit(sent), onDone);
  };

  return (
    <article className="screen reviews">
      <h1 className="screen-title pad">{title}</h1>
      {form.test && (
        <p className="rv-test" role="note">
          {rw(lang, 'test')}
        </p>
      )}
      {intro && <p className="pad rv-intro">{intro}</p>}
      <div className="pad">
        <Form onSubmit={onSubmit}>
          {form.questions.map((q, i) => (
            <Question key={q._id} q={q} id={`${base}-${i}`} value={answers[i]} error={errors[i]} onChange={(v) => set(i, v)} />
          ))}
          <FormMessage text={message} />
          <button type="submit" className="button button-wide" disabled={pending}>
            {rw(lang, 'send')}
          </button>
        </Form>
      </div>
    </article>
  );
}

function Question({ q, id, value, error, onChange }: { q: ReviewQuestion; id: string; value: Answer; error?: string; onChange(v: Answer): void }) {
  const { lang } = useT();
  const text = useText();
  const label = `${text(q.translations, 'title')}${q.mandatory ? rw(lang, 'mandatory') : ''}`;
  const errorId = `${id}-error`;
  const described = error ? errorId : undefined;
  const errorLine = error && (
    <p id={errorId} className="field-error">
      {error}
    </p>
  );
  if (q.type === 'text') {
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea id={id} className="rv-text" rows={4} maxLength={2000} aria-invalid={error ? true : undefined} aria-describedby={described} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.currentTarget.value)} />
        {errorLine}
      </div>
    );
  }
  const options = q.type === 'notation' ? [1, 2, 3, 4, 5].map((n) => ({ value: n, text: rw(lang, 'outOf5', { n }) })) : choicesOf(text(q.translations, 'select_list')).map((text, k) => ({ value: k, text }));
  return (
    <fieldset className="rv-question" aria-invalid={error ? true : undefined}>
      <legend>{label}</legend>
      <div className={q.type === 'notation' ? 'rv-stars' : 'rv-choices'}>
        {options.map((o, k) => (
          <label key={o.value} className={q.type === 'notation' ? `rv-star${typeof value === 'number' && value >= o.value ? ' on' : ''}` : 'rv-choice'}>
            <input
              type="radio"
              id={k === 0 ? id : undefined}
              name={id}
              className={q.type === 'notation' ? 'sr-only' : undefined}
              checked={value === o.value}
              aria-describedby={described}
              onChange={() => onChange(o.value)}
            />
            {q.type === 'notation' ? (
              <>
                <span aria-hidden="true">★</span>
                <span className="sr-only">{o.text}</span>
              </>
            ) : (
              <span>{o.text}</span>
            )}
          </label>
        ))}
      </div>
      {errorLine}
    </fieldset>
  );
}
