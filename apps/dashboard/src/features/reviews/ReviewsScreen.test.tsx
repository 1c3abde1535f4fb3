import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewModel, ReviewPage, ReviewRow, ReviewStats } from '@campsite/shared';
import { renderApp } from '../../test-harness';
import ReviewsScreen from './ReviewsScreen';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const questions: ReviewModel['questions'] = [
  { _id: 'q1', type: 'notation', mandatory: true, translations: [{ lang: 'fr', title: 'Note du séjour', select_list: '' }] },
  { _id: 'q2', type: 'select', mandatory: true, translations: [{ lang: 'fr', title: 'Reviendrez-vous ?', select_list: 'Oui, Non' }, { lang: 'en', title: 'Will you come back?', select_list: 'Yes, No' }] },
  { _id: 'q3', type: 'text', mandatory: false, translations: [{ lang: 'fr', title: 'Un mot ?', select_list: '' }] },
];
const model = { _id: 'm1', name: 'Fin de séjour', type: 'global', notification_time: 0, questions, nb_questions: 3, translations: [], user: null, created_time: 0, edited_time: 0, enabled_time: 0 } as ReviewModel;
/** the questionnaire before its first question was renamed: the reviews answered then keep its words */
const before: ReviewModel['questions'] = [{ ...questions[0], translations: [{ lang: 'fr', title: 'Note globale', select_list: '' }] }, questions[1], questions[2]];
const review = (i: number): ReviewRow => ({
  _id: `r${i}`,
  model: 'm1',
  model_name: 'Fin de séjour',
  type: 'global',
  completed: 1_780_000_000 - i * 3600,
  lang: 'en',
  stay_number: `S${i}`,
  score: 4,
  form: i % 2 ? 'f-before' : 'f-now',
  answers: [4, 0, 'Great pool\nand staff'],
  user: { _id: `u${i}`, email: `guest${i}@example.com`, firstname: 'Emma', lastname: `Smith ${i}` },
  client: null,
});
const stats: ReviewStats = {
  model: 'm1', from: 0, to: 1, previous_from: 0, previous_to: 0, count: 12, previous_count: 9, score: 4.25, previous_score: 3.9,
  questions: [
    { _id: 'q1', type: 'notation', translations: questions[0].translations, answered: 12, previous_answered: 9, average: 4.25, previous_average: 3.9, counts: [0, 1, 1, 4, 6], previous_counts: [1, 1, 2, 3, 2] },
    { _id: 'q2', type: 'select', translations: questions[1].translations, answered: 12, previous_answered: 9, average: null, previous_average: null, counts: [10, 2], previous_counts: [6, 3] },
  ],
};

function server(total: number) {
  const sent: { url: string; body?: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    sent.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.includes('review_models/list')) return json([model]);
    if (url.includes('reviews/stats')) return json(stats);
    if (url.includes('find-by-type')) {
      const page = Number(new URL(url, 'http://x').searchParams.get('page') ?? 0);
      const rows = Array.from({ length: Math.max(0, Math.min(100, total - page * 100)) }, (_, i) => review(page * 100 + i));
      const forms = Object.fromEntries(rows.map((r) => [r.form, r.form === 'f-now' ? questions : before]));
      return json({ rows, forms, total, pages: Math.ceil(total / 100), page, per_page: 100 } satisfies ReviewPage);
    }
    if (url.includes('extract_reviews.csv')) return json({ id: 'x1', url: '/api/webapp/reviews/extract_reviews.csv?id=x1' });
    return json(false);
  }));
  return sent;
}

const start = async (path = '/avis/reponses') => {
  const { router } = renderApp({ '/avis/reponses': <ReviewsScreen /> }, { permissions: { reviews: 1 } });
  await act(() => router.navigate(path));
  return { user: userEvent.setup(), router };
};

describe('the collected reviews screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says so when no review was collected yet", async () => {
    server(0);
    await start();
    expect(await screen.findByText("Pas d'avis récoltés pour le moment")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Extraire' })).toBeDisabled();
  });

  it("shows the counts, the table with the answers in French, and pages from 0 with two either side", async () => {
    const sent = server(250);
    const { user, router } = await start();
    expect(await screen.findByText('Smith 0', { exact: false })).toBeInTheDocument();
    expect(screen.getByText("Nb d'avis", { exact: false }).textContent).toBe("Nb d'avis : 250");
    expect(screen.getByText('Nb de pages', { exact: false }).textContent).toBe('Nb de pages : 3');
    for (const head of ['Nom', 'Date', 'E-mail', 'Questions et réponses']) expect(screen.getByRole('columnheader', { name: head })).toBeInTheDocument();
    const first = screen.getAllByRole('row')[1];
    expect(within(first).getByText('guest0@example.com')).toBeInTheDocument();
    expect(within(first).getByText('4 / 5')).toBeInTheDocument();
    // the select answer in the staff's language, whatever language the guest answered in
    expect(within(first).getByText('Oui')).toBeInTheDocument();
    expect(within(first).getByText('Note du séjour :', { exact: false })).toBeInTheDocument();
    // a review answered before the question was renamed shows it as it was asked (its form, sent once a page)
    const second = screen.getAllByRole('row')[2];
    expect(within(second).getByText('Note globale :', { exact: false })).toBeInTheDocument();
    expect(within(second).queryByText('Note du séjour', { exact: false })).toBeNull();
    expect(within(second).getByText('Great pool', { exact: false })).toBeInTheDocument();
    expect(sent.some((s) => s.url.includes('find-by-type') && !s.url.includes('page='))).toBe(true);
    await user.click(screen.getAllByRole('button', { name: 'Page 2' })[0]);
    await waitFor(() => expect(router.state.location.search).toBe('?page=1'));
    expect(await screen.findByText('Smith 100', { exact: false })).toBeInTheDocument();
    expect(sent.some((s) => s.url.includes('page=1'))).toBe(true);
    // a page of 100 rows takes jsdom a while on a busy machine
  }, 60_000);

  it('shows the trends of the questionnaire against the previous period, for screen readers too', async () => {
    server(12);
    await start();
    // the charts are their own chunk: their first load in a test takes a while
    expect(await screen.findByRole('heading', { name: 'Tendances · Fin de séjour' }, { timeout: 20_000 })).toBeInTheDocument();
    expect((await screen.findAllByText('4,3 / 5')).length).toBe(2);
    expect(screen.getAllByText('+0,4').length).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: 'Reviendrez-vous ? : Oui : 10 (avant 6), Non : 2 (avant 3)' })).toBeInTheDocument();
  }, 30_000);

  it('extracts the reviews ticked: the POST with their ids, then the download of the GET', async () => {
    const sent = server(3);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const { user } = await start();
    await user.click(await screen.findByRole('checkbox', { name: "Cocher l'avis de Emma Smith 1" }));
    expect(screen.getByText('1 avis coché')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Extraire' }));
    await waitFor(() => expect(clicked).toEqual(['/api/webapp/reviews/extract_reviews.csv?id=x1']));
    expect(sent.find((s) => s.url.includes('extract_reviews.csv'))?.body).toEqual({ review_id_list: ['r1'] });
  });

  it('filters by score and by comment, kept in the address, and extracts what the filters keep', async () => {
    const sent = server(3);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const { user, router } = await start('/avis/reponses?score=4&comment=1');
    expect(await screen.findByText('Smith 0', { exact: false })).toBeInTheDocument();
    const asked = () => new URL(sent.filter((s) => s.url.includes('find-by-type')).at(-1)!.url, 'http://x').searchParams;
    expect(asked().get('score')).toBe('4');
    expect(asked().get('comment')).toBe('1');
    const comment = screen.getByRole('checkbox', { name: 'Avec un commentaire' });
    expect(comment).toBeChecked();
    const score = screen.getByRole('combobox', { name: 'Note moyenne' });
    expect(score).toHaveValue('4 / 5');

    await user.click(comment);
    await waitFor(() => expect(router.state.location.search).toBe('?score=4'));
    await waitFor(() => expect(asked().get('comment')).toBeNull());
    await user.click(score);
    await waitFor(() => expect(score.getAttribute('aria-controls')).toBeTruthy());
    await user.click(within(document.getElementById(score.getAttribute('aria-controls')!)!).getByRole('option', { name: '5 / 5', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?score=5'));
    await waitFor(() => expect(asked().get('score')).toBe('5'));

    await user.click(screen.getByRole('button', { name: 'Extraire' }));
    await waitFor(() => expect(clicked).toEqual(['/api/webapp/reviews/extract_reviews.csv?id=x1']));
    expect(sent.find((s) => s.url.includes('extract_reviews.csv'))?.body).toEqual({ all: true, score: 5 });
  });

  it('says that no review matches the filters, not that none was collected', async () => {
    server(0);
    await start('/avis/reponses?comment=1');
    expect(await screen.findByText('Aucun avis ne correspond à ces critères')).toBeInTheDocument();
  });
});
