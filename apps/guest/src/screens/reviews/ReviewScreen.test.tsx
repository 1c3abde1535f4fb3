import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { contract } from '@campsite/shared/contract/index';
import { selectAnswers, type GuestReviewForm } from '@campsite/shared/contract/reviews';
import { renderIn } from '../../testing/context';
import { clearCache } from '../../lib/fetch-cache';
import { guestCalls } from '@campsite/shared/contract/guest-calls';
import { ALL_REVIEW_WORDS } from '../../lib/review-words';
import { PendingReview } from '../../components/PendingReview';
import ReviewScreen from './ReviewScreen';
import { choicesOf } from './Questionnaire';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const form: GuestReviewForm = {
  invitation: 'i1',
  model: 'm1',
  translations: [
    { lang: 'fr', title: 'Votre séjour', introduction: 'Deux minutes pour nous aider' },
    { lang: 'en', title: 'Your stay', introduction: 'Two minutes to help us' },
  ],
  questions: [
    { _id: 'q1', type: 'notation', mandatory: true, translations: [{ lang: 'fr', title: 'Note globale', select_list: '' }, { lang: 'en', title: 'Overall rating', select_list: '' }] },
    { _id: 'q2', type: 'select', mandatory: true, translations: [{ lang: 'fr', title: 'Reviendrez-vous ?', select_list: 'Oui, Non' }, { lang: 'en', title: 'Will you come back?', select_list: 'Yes, No' }] },
    { _id: 'q3', type: 'text', mandatory: false, translations: [{ lang: 'fr', title: 'Un mot ?', select_list: '' }, { lang: 'en', title: 'Anything to add?', select_list: '' }] },
  ],
  firstname: 'Emma',
  stay_number: 'S1',
  expires: 2_000_000_000,
};

function server(read: unknown, submitted: unknown) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    asked.push(url);
    if (url.includes('account/me')) return json(read === 401 ? false : { _id: 'u1', firstname: 'Emma' });
    if (init?.method === 'POST') {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return json(submitted);
    }
    if (url.includes('reviews/form')) return json(read);
    if (url.includes('reviews/pending')) return read === 401 ? json({ message: 'Non connecté' }, 401) : json(read);
    return json(false);
  }));
  return sent;
}

const at = (path: string) => window.history.replaceState({}, '', path);
/** every address the screen asked for */
let asked: string[] = [];

describe('the review questionnaire of the guest app', () => {
  afterEach(() => {
    cleanup();
    clearCache();
    vi.unstubAllGlobals();
    at('/');
  });

  it("opens from the invitation's link in English, checks the mandatory answers, sends them and offers the public page worded by the score", async () => {
    at('/reviews?t=tok-1');
    const sent = server(form, { _id: 'r1', completed: 1, score: 5, public_link: { url: 'https://g.page/r/camping', label: 'Google' } });
    renderIn('en', <ReviewScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your stay' })).toBeTruthy();
    expect(screen.getByText('Two minutes to help us')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(screen.getByRole('alert').textContent).toBe('One or more required answers are missing.');
    expect(screen.getAllByText('Please answer this question.')).toHaveLength(2);
    // the first star gets the focus: the guest answers from the keyboard
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1 out of 5' }));
    expect(sent).toHaveLength(0);
    fireEvent.click(screen.getByRole('radio', { name: '5 out of 5' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    fireEvent.change(screen.getByLabelText('Anything to add?'), { target: { value: '  Lovely pool  ' } });
    expect(screen.queryAllByText('Please answer this question.')).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send my review' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your review!' })).toBeTruthy();
    expect(sent).toEqual([{ url: '/api/webapp/reviews/submit-by-token', body: { token: 'tok-1', answers: [5, 0, 'Lovely pool'] } }]);
    expect(screen.getByText('We are delighted you enjoyed your stay. Would you share your experience with future guests?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Post a review on Google' }).getAttribute('href')).toBe('https://g.page/r/camping');
  });

  it("a staff member's test link says that nothing is recorded, on the questionnaire and after it (issue 32)", async () => {
    at('/avis?t=tok-test');
    server({ ...form, test: true }, { _id: 'i1', completed: 1, score: 4, public_link: null, test: true });
    renderIn('fr', <ReviewScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Votre séjour' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('Lien de test : vos réponses sont vérifiées mais ne sont pas enregistrées.');
    fireEvent.click(screen.getByRole('radio', { name: '4 sur 5' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Oui' }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer mon avis' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Merci pour votre avis !' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('Lien de test : vos réponses sont vérifiées mais ne sont pas enregistrées.');
  });

  it('offers the public page after a low score too, worded for it (never gating)', async () => {
    at('/avis?t=tok-2');
    server(form, { _id: 'r2', completed: 1, score: 2, public_link: { url: 'https://www.tripadvisor.fr/camping', label: '' } });
    renderIn('fr', <ReviewScreen />);
    fireEvent.click(await screen.findByRole('radio', { name: '2 sur 5' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Non' }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer mon avis' }));
    expect(await screen.findByText(/Merci pour votre franchise/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Publier un avis sur tripadvisor.fr' })).toBeTruthy();
  });

  it('refuses a second answer kindly, and says when a link has expired', async () => {
    at('/reviews?t=tok-3');
    server(form, { error: 'answered' });
    renderIn('de', <ReviewScreen />);
    // the questionnaire has no German: its English texts, the app's words in German
    expect(await screen.findByRole('heading', { level: 1, name: 'Your stay' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '4 von 5' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Bewertung senden' }));
    expect(await screen.findByText('Sie haben diesen Fragebogen bereits beantwortet. Nochmals vielen Dank für Ihre Bewertung!')).toBeTruthy();
    cleanup();
    clearCache();
    server({ error: 'expired' }, false);
    renderIn('en', <ReviewScreen />);
    expect(await screen.findByText('This link is no longer valid. Sign in to your account to give your review.')).toBeTruthy();
  });

  it("shows a signed-in guest their questionnaire without a link, and asks a guest who is not signed in to sign in", async () => {
    at('/reviews');
    const sent = server([form], { _id: 'r3', completed: 1, score: null, public_link: null });
    renderIn('en', <ReviewScreen />);
    fireEvent.click(await screen.findByRole('radio', { name: '3 out of 5' }));
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send my review' }));
    await waitFor(() => expect(sent).toEqual([{ url: '/api/webapp/reviews/submit', body: { invitation: 'i1', answers: [3, 1, null] } }]));
    cleanup();
    clearCache();
    asked = [];
    server(401, false);
    renderIn('en', <ReviewScreen />);
    expect(await screen.findByText('Sign in to give your review.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/account');
    // known signed out: the questionnaires are not asked for (a 401 would be an error in the console)
    expect(asked.some((u) => u.includes('account/me'))).toBe(true);
    expect(asked.filter((u) => u.includes('reviews/pending'))).toEqual([]);
  });

  it('calls the contract with its access, splits answers as the contract does, and has every word in the seven languages', () => {
    const declared = Object.values(contract).flatMap((resource) => Object.values(resource));
    for (const def of Object.values(guestCalls.reviews)) {
      const found = declared.find((d) => d.path === def.path && d.method === def.method);
      expect(found?.access, def.path).toBe(def.access);
    }
    for (const list of ['Oui, Non', ' a,,b , c ', '', 'Très bien,Bien']) expect(choicesOf(list)).toEqual(selectAnswers(list));
    for (const [key, list] of Object.entries(ALL_REVIEW_WORDS)) {
      expect(list, key).toHaveLength(7);
      for (const text of list) expect(text.trim(), key).not.toBe('');
    }
  });
});

describe("the account's invitation to answer", () => {
  afterEach(() => {
    cleanup();
    clearCache();
    vi.unstubAllGlobals();
  });

  it('shows while a questionnaire waits, and leads to it', async () => {
    server([form], false);
    const { navigated } = renderIn('fr', <PendingReview />);
    fireEvent.click(await screen.findByRole('link', { name: 'Donner mon avis sur le séjour' }));
    expect(navigated).toEqual(['/avis']);
    cleanup();
    clearCache();
    server([], false);
    const { container } = renderIn('fr', <PendingReview />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
